import type {PhrasingContent, RootContent} from 'mdast';
import {inlineCode, labelledTable, paragraph, schemaWords, text} from './mdast';
import {deref, mergedSchema} from '../../model/refs';
import {filterNames, operationsOf} from '../../model/operations';
import {
  type FilterDeclaration,
  type LoadedSpec,
  type OpenApiDocument,
  type Operation,
  type Schema,
} from '../../model/openapi-types';

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

/** A field's type in words, as the guide's tables give it. */
function typeWords(schema: Schema): PhrasingContent[] {
  const types = [schema.type ?? []].flat().filter((type) => type !== 'null');
  if (schema.enum) {
    return [
      text('One of '),
      ...schema.enum.flatMap((value, index) => [
        ...(index > 0 ? [text(', ')] : []),
        inlineCode(String(value)),
      ]),
    ];
  }
  if (types.includes('boolean')) {
    return [inlineCode('true'), text(' or '), inlineCode('false')];
  }
  if (schema.format === 'date-time') {
    return [text('Date and time')];
  }
  if (types.includes('array')) {
    return [text('List, any item matches')];
  }
  if (types.includes('integer') || types.includes('number')) {
    return [text('Number')];
  }
  return [text('Text')];
}

/**
 * `<ApiFilterFields resource="order" />`: for each list of the resource, its
 * fields with their types, and its example query.
 */
export function renderFilterFields(
  spec: LoadedSpec,
  resourceName: string,
): RootContent[] {
  const resource = spec.resources.get(resourceName);
  if (!resource) {
    throw new Error(
      `<ApiFilterFields> names an unknown resource "${resourceName}".`,
    );
  }
  const lists = filterLists(spec.document, resource.paths);
  if (lists.length === 0) {
    throw new Error(`The resource ${resourceName} has no list with x-filter.`);
  }
  return lists.flatMap(({operation, declaration, itemSchema}) => [
    labelledTable(
      `Fields of ${operation.summary.toLowerCase()}`,
      ['Field', 'Type'],
      filterNames(declaration).map((field) => {
        const schema = filterFieldSchema(
          spec.document,
          {declaration, itemSchema},
          field,
        );
        if (!schema) {
          throw new Error(
            `${operation.operationId}: x-filter names ${field}, which the listed object does not have.`,
          );
        }
        const related = declaration.related?.[field];
        if (!related) {
          return [[inlineCode(field)], typeWords(schema)];
        }
        const [schemaName, ...fieldPath] = related.matches.split('.');
        return [
          [inlineCode(field)],
          [
            ...typeWords(schema),
            text(`: the ${schemaWords(schemaName!)}'s `),
            inlineCode(fieldPath.join('.')),
            text(' through '),
            inlineCode(related.via),
          ],
        ];
      }),
    ),
    paragraph(text('Example: '), inlineCode(`filter=${declaration.example}`)),
  ]);
}
