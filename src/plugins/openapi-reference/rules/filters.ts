import {
  listConditions,
  parseQuery,
  type ValueKind,
} from '../../../lib/query-language';
import {
  fieldSchema,
  filterFieldSchema,
  filterLists,
  type FilterList,
} from '../../../model/filter-lists';
import {
  allOperations,
  filterNames,
  filterParameterName,
} from '../../../model/operations';
import {deref} from '../../../model/refs';
import {where} from '../../../model/yaml';
import {type OpenApiDocument, type Schema} from '../../../model/openapi-types';

/** The value kinds a field of this schema accepts. */
function acceptedKinds(schema: Schema): ValueKind[] {
  const types = [schema.type ?? []].flat();
  if (schema.format === 'date-time') {
    return ['date', 'date and time', 'relative date'];
  }
  if (types.includes('boolean')) {
    return ['boolean'];
  }
  if (types.includes('integer') || types.includes('number')) {
    return ['number'];
  }
  return ['text'];
}

/** What is wrong with a list's filter example: syntax, fields, values. */
export function filterExampleProblems(
  document: OpenApiDocument,
  {operation, declaration, itemSchema}: FilterList,
  fallbackFile: string,
): string[] {
  const at = `${where(declaration, fallbackFile)}: ${operation.operationId}'s x-filter example`;
  const result = parseQuery(declaration.example);
  if (!result.ok) {
    return [`${at} does not parse: ${result.error.message}.`];
  }
  const conditions = listConditions(result.expression);
  if (conditions.length === 0) {
    return [`${at} has no condition. Give it one.`];
  }
  return conditions.flatMap(({field, values}) => {
    if (!filterNames(declaration).includes(field)) {
      return [
        fieldSchema(document, itemSchema, field)
          ? `${at} names ${field}, which is not in x-filter. Add it to the fields, or filter on one of them.`
          : `${at} names ${field}, which is not a field of the listed object.`,
      ];
    }
    const schema = filterFieldSchema(
      document,
      {declaration, itemSchema},
      field,
    );
    if (!schema) {
      return [];
    }
    const itemOrField = schema.items ? deref(document, schema.items) : schema;
    return values.flatMap((value) => {
      if (!acceptedKinds(itemOrField).includes(value.kind)) {
        return [`${at}: ${field} does not take a ${value.kind}.`];
      }
      return itemOrField.enum && !itemOrField.enum.includes(value.meaning)
        ? [`${at}: ${field} has no value ${value.raw}.`]
        : [];
    });
  });
}

/**
 * Each list's filter is declared once, in its operation's `x-filter`: every
 * list that takes `filter` declares one, every field it declares (nested
 * paths and related objects included) is a field of the listed object, and
 * its example parses and names only its fields with values they take.
 */
export function filterDeclarationProblems(
  document: OpenApiDocument,
  fallbackFile: string,
): string[] {
  const lists = filterLists(document);
  const undeclared = allOperations(document)
    .filter(
      ({operation, parameters}) =>
        parameters.some(({name}) => name === filterParameterName) &&
        !operation['x-filter'],
    )
    .map(
      ({operation}) =>
        `${where(operation, fallbackFile)}: ${operation.operationId} takes ${filterParameterName} but declares no x-filter. Declare its fields and example there.`,
    );
  const fields = lists.flatMap((list) =>
    filterNames(list.declaration)
      .filter((field) => !filterFieldSchema(document, list, field))
      .map(
        (field) =>
          `${where(list.declaration, fallbackFile)}: ${list.operation.operationId}'s x-filter declares ${field}, which is no field of the listed object (nor a related field through a real ID field). Correct the name.`,
      ),
  );
  return [
    ...undeclared,
    ...fields,
    ...lists.flatMap((list) =>
      filterExampleProblems(document, list, fallbackFile),
    ),
  ];
}
