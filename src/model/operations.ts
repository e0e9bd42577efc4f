// The operations of the OpenAPI document, each with its parameters as one list uses them (its filter), the cursor after a listed object, and the webhook events.
import {
  httpMethods,
  type Example,
  type FilterDeclaration,
  type MediaType,
  type OpenApiDocument,
  type Operation,
  type OperationEntry,
  type LoadedSpec,
  type Parameter,
  type Schema,
} from './openapi-types';
import {deref, mergedSchema} from './refs';

/**
 * Each resource's object (`Order`), its schema with `allOf` merged, and the
 * prefix of its IDs (`ord_`, from its `id` pattern) when it has one; a
 * stock record has none (it is keyed by variant and warehouse).
 */
export function resourceObjects(
  spec: LoadedSpec,
): {name: string; schema: Schema; prefix?: string}[] {
  const {document} = spec;
  return [...spec.resources.values()].flatMap(({objectSchema}) => {
    const object =
      objectSchema === undefined
        ? undefined
        : document.components.schemas[objectSchema];
    if (!objectSchema || !object) {
      return [];
    }
    const schema = mergedSchema(document, object);
    const id = schema.properties?.id;
    const prefix = /^\^(\w+_)/.exec(
      String((id && mergedSchema(document, id).pattern) ?? ''),
    )?.[1];
    return [{name: objectSchema, schema, ...(prefix ? {prefix} : {})}];
  });
}

/** Every operation of a document as `METHOD /path`. */
export const operationNames = (document: OpenApiDocument) =>
  new Set(
    allOperations(document).map(
      ({method, path: key}) => `${method.toUpperCase()} ${key}`,
    ),
  );

/** Every name a list's `filter` takes: its own fields, then related ones. */
export const filterNames = (declaration: FilterDeclaration) => [
  ...declaration.fields,
  ...Object.keys(declaration.related ?? {}),
];

export const filterParameterName = 'filter';

/** The operations of some paths, in file order and method order. */
export function operationsOf(
  document: OpenApiDocument,
  paths: string[],
): OperationEntry[] {
  return paths.flatMap((key) => {
    const item = document.paths[key]!;
    return httpMethods.flatMap((method) => {
      const operation = item[method];
      if (!operation) {
        return [];
      }
      const parameters = [
        ...(item.parameters ?? []),
        ...(operation.parameters ?? []),
      ]
        .map((parameter) => deref(document, parameter))
        .map((parameter) =>
          withFilterDeclaration(document, parameter, operation['x-filter']),
        );
      return [{method, path: key, operation, parameters}];
    });
  });
}

/** The code of a filter field the list does not have, in the catalogue. */
const unknownFieldCode = 'unknown_field';

/**
 * The shared `filter` parameter as one list uses it: the list's own example,
 * and its fields named in the description, from the operation's `x-filter`.
 */
function withFilterDeclaration(
  document: OpenApiDocument,
  parameter: Parameter,
  declaration: FilterDeclaration | undefined,
): Parameter {
  if (parameter.name !== filterParameterName || parameter.in !== 'query') {
    return parameter;
  }
  if (!declaration) {
    throw new Error('A list with a filter parameter needs an x-filter.');
  }
  const fields = filterNames(declaration).map((field) => `\`${field}\``);
  // A release whose `422` carries no codes (2023-01) names none.
  const codes = document['x-error-codes'] as Record<string, unknown>;
  const code = codes[unknownFieldCode] ? ` with \`${unknownFieldCode}\`` : '';
  return {
    ...parameter,
    description: `An Advanced query over these fields: ${fields.join(', ')}. Another field answers \`422\`${code}.`,
    example: declaration.example,
  };
}

export const cursorParameterName = 'cursor';

/** The cursor after a listed object (isomorphic, so Try it pages the same way). */
export {pageCursor} from './page-cursor';

/** The first named example of a media type, or its single `example`. */
export function firstExample(
  document: OpenApiDocument,
  media: MediaType | undefined,
): {name: string; example: Example} | undefined {
  if (!media) {
    return undefined;
  }
  const [entry] = Object.entries(media.examples ?? {});
  if (entry) {
    return {name: entry[0], example: deref(document, entry[1])};
  }
  return media.example === undefined
    ? undefined
    : {name: 'example', example: {value: media.example}};
}

/** Every webhook event of the document, by type: each is one `post`. */
export function webhookEvents(
  document: OpenApiDocument,
): {type: string; operation: Operation}[] {
  return Object.entries(document.webhooks ?? {}).map(([type, item]) => {
    if (!item.post) {
      throw new Error(`The webhook ${type} has no post operation.`);
    }
    return {type, operation: item.post};
  });
}

/** Every operation of the document. */
export function allOperations(document: OpenApiDocument): OperationEntry[] {
  return operationsOf(document, Object.keys(document.paths));
}
