// The lists that take a filter, each with the fields it filters on, resolved against the listed object's schema.
import {deref, mergedSchema} from './refs';
import {operationsOf} from './operations';
import type {
  FilterDeclaration,
  OpenApiDocument,
  Operation,
  Schema,
} from './openapi-types';

/**
 * The fields each list can filter on, from its operation's `x-filter` (the
 * one declaration the reference, the Advanced query guide and the tests
 * share), resolved against the schema of the objects the list returns.
 */

export interface FilterList {
  operation: Operation;
  declaration: FilterDeclaration;
  /** The schema of one listed object. */
  itemSchema: Schema;
}

const successStatus = '200';
const jsonMedia = 'application/json';

/** The schema of a field by its dotted path (`customer.email`), or undefined. */
export function fieldSchema(
  document: OpenApiDocument,
  schema: Schema,
  fieldPath: string,
): Schema | undefined {
  return fieldPath.split('.').reduce<Schema | undefined>((current, name) => {
    if (!current) {
      return undefined;
    }
    const flat = mergedSchema(document, current);
    const holder = flat.items ? mergedSchema(document, flat.items) : flat;
    const field = holder.properties?.[name];
    return field ? mergedSchema(document, field) : undefined;
  }, schema);
}

/**
 * The schema a name in a list's `filter` compares with: the listed object's
 * own field, or the field a related name matches (after checking that its
 * `via` field exists), or undefined for a name the list does not take.
 */
export function filterFieldSchema(
  document: OpenApiDocument,
  {declaration, itemSchema}: Pick<FilterList, 'declaration' | 'itemSchema'>,
  name: string,
): Schema | undefined {
  if (declaration.fields.includes(name)) {
    return fieldSchema(document, itemSchema, name);
  }
  const related = declaration.related?.[name];
  if (!related || !fieldSchema(document, itemSchema, related.via)) {
    return undefined;
  }
  const [schemaName, ...fieldPath] = related.matches.split('.');
  const target = document.components.schemas[schemaName!];
  return target
    ? fieldSchema(document, target, fieldPath.join('.'))
    : undefined;
}

/** Every list operation with a `filter`, in the resource's file order. */
export function filterLists(
  document: OpenApiDocument,
  paths: string[] = Object.keys(document.paths),
): FilterList[] {
  return operationsOf(document, paths).flatMap(({operation}) => {
    const declaration = operation['x-filter'];
    if (!declaration) {
      return [];
    }
    const response = deref(document, operation.responses[successStatus]!);
    const envelope = response.content?.[jsonMedia]?.schema;
    const items = envelope
      ? fieldSchema(document, envelope, 'data')?.items
      : undefined;
    if (!items) {
      throw new Error(
        `${operation.operationId}: x-filter on a response without data[].`,
      );
    }
    return [
      {operation, declaration, itemSchema: mergedSchema(document, items)},
    ];
  });
}
