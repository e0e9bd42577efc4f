import {createHash} from 'node:crypto';
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';

/**
 * Loads the OpenAPI document: `openapi/openapi.yaml` (shared parts) merged
 * with one file per resource in `openapi/resources/`. Each resource file
 * holds `paths`, `components.schemas` and `x-object` (the schema shown as
 * "The <resource> object"); the loader records which file owns each path
 * and schema, so every page renders exactly its own part.
 */

export type JsonValue =
  string | number | boolean | null | JsonValue[] | {[key: string]: JsonValue};

export interface Schema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  enum?: JsonValue[];
  examples?: JsonValue[];
  default?: JsonValue;
  readOnly?: boolean;
  writeOnly?: boolean;
  required?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  additionalProperties?: boolean | Schema;
  unevaluatedProperties?: boolean | Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  'x-lifecycle'?: Lifecycle;
}

export interface Lifecycle {
  initial: string[];
  transitions: {from: string; to: string; trigger: string}[];
}

export interface Example {
  summary?: string;
  description?: string;
  value?: JsonValue;
  $ref?: string;
}

export interface MediaType {
  schema?: Schema;
  example?: JsonValue;
  examples?: Record<string, Example>;
}

export interface Parameter {
  $ref?: string;
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  description?: string;
  required?: boolean;
  schema?: Schema;
  example?: JsonValue;
}

export interface Response {
  $ref?: string;
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, MediaType>;
}

export interface Operation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  parameters?: Parameter[];
  requestBody?: {
    $ref?: string;
    description?: string;
    required?: boolean;
    content: Record<string, MediaType>;
  };
  responses: Record<string, Response>;
  /** On a list: the fields its `filter` takes, and an example that works on it. */
  'x-filter'?: FilterDeclaration;
}

/**
 * The one declaration of what a list can filter on: paths into the listed
 * object (`customer.email`, `totals.total.amount`) and a working query.
 */
export interface FilterDeclaration {
  example: string;
  fields: string[];
  /**
   * Names a list also filters on that match a field of a related object:
   * `warehouse` matches the `code` of the warehouse in `warehouse_id`.
   */
  related?: Record<string, RelatedFilterField>;
}

export interface RelatedFilterField {
  /** The ID field (or list of IDs) of the listed object. */
  via: string;
  /** The matched field, as `Schema.path`, such as `Warehouse.code`. */
  matches: string;
}

/** Every name a list's `filter` takes: its own fields, then related ones. */
export const filterNames = (declaration: FilterDeclaration) => [
  ...declaration.fields,
  ...Object.keys(declaration.related ?? {}),
];

export const filterParameterName = 'filter';

export const httpMethods = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type HttpMethod = (typeof httpMethods)[number];

export type PathItem = Partial<Record<HttpMethod, Operation>> & {
  parameters?: Parameter[];
};

export interface OpenApiDocument {
  openapi: string;
  info: Record<string, JsonValue>;
  servers: {url: string; description?: string}[];
  tags: {name: string; 'x-displayName'?: string; description?: string}[];
  paths: Record<string, PathItem>;
  /** The events the Hub sends, by type (`order.created`). */
  webhooks?: Record<string, PathItem>;
  components: {
    schemas: Record<string, Schema>;
    parameters: Record<string, Parameter>;
    responses: Record<string, Response>;
    [key: string]: unknown;
  };
  [key: string]: unknown;
}

/** One resource file: what it owns in the merged document. */
export interface ApiResource {
  name: string;
  file: string;
  objectSchema?: string;
  paths: string[];
  schemas: string[];
}

export interface LoadedSpec {
  document: OpenApiDocument;
  resources: Map<string, ApiResource>;
  /** Schemas of the root file: the shared objects on the introduction page. */
  sharedSchemas: string[];
  /** Schemas of the webhooks file: one event schema per object. */
  webhookSchemas: string[];
}

interface ResourceFile {
  'x-object'?: string;
  paths?: Record<string, PathItem>;
  components?: {schemas?: Record<string, Schema>};
}

export const rootFileName = 'openapi.yaml';
export const webhooksFileName = 'webhooks.yaml';
export const resourcesFolder = 'resources';

interface WebhooksFile {
  webhooks: Record<string, PathItem>;
  components?: {schemas?: Record<string, Schema>};
}

function readYaml<T>(file: string): T {
  return yaml.load(readFileSync(file, 'utf8'), {filename: file}) as T;
}

/** The overlays that derive older releases from the source (see releases.ts). */
export const overlaysFolder = 'overlays';

/** The YAML files of one folder of the spec, in name order. */
function yamlFiles(specDir: string, folder: string): string[] {
  const dir = path.join(specDir, folder);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.yaml'))
    .sort()
    .map((name) => path.join(dir, name));
}

/** A property whose `x-lifecycle` describes its enum's states. */
export interface LifecycleProperty {
  /** Where it is, such as `Order.status`. */
  where: string;
  schema: Schema;
  lifecycle: Lifecycle;
}

/** Every property of the spec's schemas that carries an `x-lifecycle`. */
export function lifecycleProperties(
  document: OpenApiDocument,
): LifecycleProperty[] {
  const found: LifecycleProperty[] = [];
  const visit = (schema: Schema, where: string) => {
    if (schema['x-lifecycle']) {
      found.push({where, schema, lifecycle: schema['x-lifecycle']});
    }
    Object.entries(schema.properties ?? {}).forEach(([key, property]) =>
      visit(property, `${where}.${key}`),
    );
    if (schema.items) {
      visit(schema.items, `${where}[]`);
    }
  };
  Object.entries(document.components.schemas).forEach(([name, schema]) =>
    visit(schema, name),
  );
  return found;
}

/** The states a lifecycle names that its property's enum lacks, one message each. */
export function lifecycleProblems(document: OpenApiDocument): string[] {
  return lifecycleProperties(document).flatMap(({where, schema, lifecycle}) => {
    if (!schema.enum) {
      return [`${where}: x-lifecycle on a property without an enum`];
    }
    const states = new Set(schema.enum.map(String));
    const named = [
      ...lifecycle.initial.map((state) => ['initial', state]),
      ...lifecycle.transitions.flatMap(({from, to}) => [
        ['from', from],
        ['to', to],
      ]),
    ];
    return named
      .filter(([, state]) => !states.has(state!))
      .map(
        ([role, state]) =>
          `${where}: x-lifecycle ${role} state "${state}" is not in its enum`,
      );
  });
}

/**
 * Reads and merges the source files as written, before the loader declares
 * the shared headers: what an overlay applies to. Throws on a path or
 * schema defined twice.
 */
export function mergeSpec(specDir: string): LoadedSpec {
  const document = readYaml<OpenApiDocument>(path.join(specDir, rootFileName));
  document.paths ??= {};
  const sharedSchemas = Object.keys(document.components.schemas);
  const resources = new Map<string, ApiResource>();
  for (const file of yamlFiles(specDir, resourcesFolder)) {
    const name = path.basename(file, '.yaml');
    const part = readYaml<ResourceFile>(file);
    const paths = part.paths ?? {};
    const schemas = part.components?.schemas ?? {};
    for (const key of Object.keys(paths)) {
      if (document.paths[key]) {
        throw new Error(`${file}: the path ${key} is defined twice.`);
      }
      document.paths[key] = paths[key]!;
    }
    for (const key of Object.keys(schemas)) {
      if (document.components.schemas[key]) {
        throw new Error(`${file}: the schema ${key} is defined twice.`);
      }
      document.components.schemas[key] = schemas[key]!;
    }
    const objectSchema = part['x-object'];
    if (objectSchema && !schemas[objectSchema]) {
      throw new Error(
        `${file}: x-object names ${objectSchema}, not a schema of this file.`,
      );
    }
    resources.set(name, {
      name,
      file,
      objectSchema,
      paths: Object.keys(paths),
      schemas: Object.keys(schemas),
    });
  }
  const webhooks = readYaml<WebhooksFile>(path.join(specDir, webhooksFileName));
  const webhookSchemas = Object.keys(webhooks.components?.schemas ?? {});
  for (const key of webhookSchemas) {
    if (document.components.schemas[key]) {
      throw new Error(
        `${webhooksFileName}: the schema ${key} is defined twice.`,
      );
    }
    document.components.schemas[key] = webhooks.components!.schemas![key]!;
  }
  document.webhooks = webhooks.webhooks;
  return {document, resources, sharedSchemas, webhookSchemas};
}

/**
 * Completes a merged document: declares the shared response headers and
 * checks every lifecycle against its enum.
 */
export function finishSpec(merged: LoadedSpec): LoadedSpec {
  declareResponseHeaders(merged.document);
  const problems = lifecycleProblems(merged.document);
  if (problems.length > 0) {
    throw new Error(`Invalid x-lifecycle:\n${problems.join('\n')}`);
  }
  return merged;
}

/** Reads, merges and completes the source: the latest release's document. */
export function loadSpec(specDir: string): LoadedSpec {
  return finishSpec(mergeSpec(specDir));
}

/**
 * A hash of every spec file (and any other files the pages are drawn from),
 * so cached pages rebuild when one changes.
 */
export function specHash(specDir: string, otherFiles: string[] = []): string {
  const hash = createHash('sha256');
  for (const file of [
    path.join(specDir, rootFileName),
    path.join(specDir, webhooksFileName),
    ...yamlFiles(specDir, resourcesFolder),
    ...yamlFiles(specDir, overlaysFolder),
    ...otherFiles,
  ]) {
    hash.update(file).update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

/** The component a local `$ref` points at, such as `#/components/schemas/Money`. */
export function resolveRef<T>(document: OpenApiDocument, ref: string): T {
  const match = /^#\/components\/(\w+)\/([\w.-]+)$/.exec(ref);
  const section =
    match && (document.components[match[1]!] as Record<string, T>);
  const target = section?.[match![2]!];
  if (!target) {
    throw new Error(`Unresolved $ref ${ref}`);
  }
  return target;
}

/** Follows `$ref`s until a concrete object. */
export function deref<T extends {$ref?: string}>(
  document: OpenApiDocument,
  value: T,
): T {
  let current = value;
  while (current.$ref) {
    current = resolveRef<T>(document, current.$ref);
  }
  return current;
}

export const refName = (ref: string) => ref.split('/').at(-1)!;

/**
 * A schema with its `$ref` followed and its `allOf` parts merged into one:
 * the properties and `required` of every part, later parts and the schema's
 * own keywords winning, as a list page such as `ChangeList` refines the
 * shared `ListPage`.
 */
export function mergedSchema(
  document: OpenApiDocument,
  schema: Schema,
): Schema {
  const resolved = deref(document, schema);
  if (!resolved.allOf) {
    return resolved;
  }
  const {allOf, ...own} = resolved;
  return [
    ...allOf.map((part) => mergedSchema(document, part)),
    own,
  ].reduce<Schema>(
    (merged, part) => ({
      ...merged,
      ...part,
      properties: {...merged.properties, ...part.properties},
      required: [
        ...new Set([...(merged.required ?? []), ...(part.required ?? [])]),
      ],
    }),
    {},
  );
}

export interface OperationEntry {
  method: HttpMethod;
  path: string;
  operation: Operation;
  /** Path-level and operation-level parameters, resolved. */
  parameters: Parameter[];
}

/**
 * Headers every API response carries: header components listed in the root
 * file's `components.x-every-response-headers` (a release can rename them).
 */
export const everyResponseHeadersKey = 'x-every-response-headers';

export function everyResponseHeaders(document: OpenApiDocument): string[] {
  const names = document.components[everyResponseHeadersKey];
  if (!Array.isArray(names) || names.length === 0) {
    throw new Error(`components.${everyResponseHeadersKey} lists no header.`);
  }
  const headers = (document.components.headers ?? {}) as Record<
    string,
    unknown
  >;
  return names.map((name) => {
    if (typeof name !== 'string' || !headers[name]) {
      throw new Error(
        `components.${everyResponseHeadersKey}: ${String(name)} is no header component.`,
      );
    }
    return name;
  });
}
/** Statuses that also tell the client when to retry. */
export const retryAfterStatuses = ['429', '503'];

const headerRef = (name: string) => ({$ref: `#/components/headers/${name}`});

/**
 * Declares the shared headers on every operation's responses, so the files
 * need not repeat them: `Request-Id` and `RateLimit-*` everywhere,
 * `Retry-After` on 429 and 503, and `Idempotent-Replayed` on the 2xx of
 * operations that take an `Idempotency-Key`.
 */
function declareResponseHeaders(document: OpenApiDocument): void {
  const shared = everyResponseHeaders(document);
  for (const {operation, parameters} of allOperations(document)) {
    const idempotent = parameters.some(
      (parameter) => parameter.name === 'Idempotency-Key',
    );
    for (const [status, reference] of Object.entries(operation.responses)) {
      const response = reference.$ref
        ? resolveRef<Response>(document, reference.$ref)
        : reference;
      const names = [
        ...shared,
        ...(retryAfterStatuses.includes(status) ? ['Retry-After'] : []),
        ...(idempotent && status.startsWith('2')
          ? ['Idempotent-Replayed']
          : []),
      ];
      response.headers = {
        ...Object.fromEntries(names.map((name) => [name, headerRef(name)])),
        ...response.headers,
      };
    }
  }
}

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
          withFilterDeclaration(parameter, operation['x-filter']),
        );
      return [{method, path: key, operation, parameters}];
    });
  });
}

/**
 * The shared `filter` parameter as one list uses it: the list's own example,
 * and its fields named in the description, from the operation's `x-filter`.
 */
function withFilterDeclaration(
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
  return {
    ...parameter,
    description: `An Advanced query over these fields: ${fields.join(', ')}. Another field answers \`422\` with \`unknown_field\`.`,
    example: declaration.example,
  };
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

/** A copy of the document for publishing, as YAML or JSON. */
export function publishedSpec(document: OpenApiDocument): {
  yaml: string;
  json: string;
} {
  return {
    yaml: yaml.dump(document, {lineWidth: 100, noRefs: true}),
    json: `${JSON.stringify(document, null, 2)}\n`,
  };
}
