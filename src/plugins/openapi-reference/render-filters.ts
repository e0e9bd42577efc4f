// Renders the fields each list's filter takes, as the Advanced query guide's tables.
import type {PhrasingContent, RootContent} from 'mdast';
import {filterFieldSchema, filterLists} from '../../model/filter-lists';
import {inlineCode, labelledTable, paragraph, schemaWords, text} from './mdast';
import {filterNames} from '../../model/operations';
import {type LoadedSpec, type Schema} from '../../model/openapi-types';

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
