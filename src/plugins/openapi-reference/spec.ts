import {createHash} from 'node:crypto';
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import {
  AuthoringError,
  formatLocation,
  type SourceLocation,
} from '../../model/authoringError';
import {nearest, typoDistance} from '../../model/nearest';
import {latestRelease, releaseHeader, type ApiRelease} from './releases';

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
  /**
   * The aspects each state describes, in order, each with its state table
   * column heading: `{meaning: What it means, access: Signing in}`. Without
   * it, a lifecycle describes the shop's listings, stock and orders
   * (`defaultStateColumns`).
   */
  columns?: Record<string, string>;
  /**
   * What each state means for every aspect of `columns`, and which actions
   * it allows: the product's rules by state, declared once and rendered by
   * `<StateTable lifecycle="…" />`.
   */
  states?: Record<string, LifecycleState>;
}

/**
 * One state's behaviour: one Markdown text (one or two sentences) per
 * aspect of its lifecycle's columns, and its actions.
 */
export interface LifecycleState {
  /**
   * What a user can do in this state: the app's label for it, the API
   * operation that does the same (`POST /stores/{id}/reconnect`), or both.
   */
  actions: StateAction[];
  [aspect: string]: string | StateAction[];
}

export interface StateAction {
  /** The app's button or menu item, as src/data/app-labels.yaml declares it. */
  label?: string;
  /** The operation, as `METHOD /path`. */
  operation?: string;
}

/**
 * The columns of a lifecycle that declares none: what the state means, what
 * the shop's listings show, what happens to stock (available, allocated,
 * published) and to orders, dispatches and sales.
 */
export const defaultStateColumns: Readonly<Record<string, string>> = {
  meaning: 'What it means',
  listings: 'In the shop',
  stock: 'Stock',
  orders: 'Orders',
};

/** The aspect every lifecycle's columns start with. */
export const firstStateAspect = 'meaning';

/** A lifecycle's columns: the aspects its states describe, with headings. */
export const stateColumns = (
  lifecycle: Lifecycle,
): Readonly<Record<string, string>> => lifecycle.columns ?? defaultStateColumns;

/** The aspects a lifecycle's states describe, in the order of its table. */
export const stateAspects = (lifecycle: Lifecycle): string[] =>
  Object.keys(stateColumns(lifecycle));

/** One state's text for an aspect, or '' when it has none. */
export const stateText = (state: LifecycleState, aspect: string): string => {
  const value = state[aspect];
  return typeof value === 'string' ? value : '';
};

/** An aspect's name: a word in lower camel case, such as `access`. */
const aspectName = /^[a-z][A-Za-z]*$/;

/**
 * The problems of a lifecycle's `columns`, at their line: not a map of
 * aspect to heading, an aspect that is not a word (or is `actions`), an
 * empty heading, or a first aspect other than `meaning`.
 */
function columnProblems(
  name: string,
  lifecycle: Lifecycle,
  fallbackFile: string,
): string[] {
  const {columns} = lifecycle;
  if (columns === undefined) {
    return [];
  }
  const at = where(columns, where(lifecycle, fallbackFile));
  const shape = `Write them as {${firstStateAspect}: What it means, access: Signing in}: each aspect a word, with its column heading.`;
  if (
    columns === null ||
    typeof columns !== 'object' ||
    Array.isArray(columns) ||
    Object.keys(columns).length === 0
  ) {
    return [
      `${at}: ${name}'s x-lifecycle columns must map each aspect its states describe to its column heading. ${shape}`,
    ];
  }
  const aspects = Object.keys(columns);
  return [
    ...(aspects[0] === firstStateAspect
      ? []
      : [
          `${at}: ${name}'s x-lifecycle columns start with "${aspects[0]}". Every state table starts with what the state means: put ${firstStateAspect} first.`,
        ]),
    ...aspects
      .filter((aspect) => !aspectName.test(aspect) || aspect === 'actions')
      .map(
        (aspect) =>
          `${at}: ${name}'s x-lifecycle columns name "${aspect}", which cannot be an aspect${aspect === 'actions' ? ' (the actions are always the last column)' : ''}. ${shape}`,
      ),
    ...aspects
      .filter((aspect) => {
        const heading: unknown = columns[aspect];
        return typeof heading !== 'string' || heading.trim() === '';
      })
      .map(
        (aspect) =>
          `${at}: ${name}'s x-lifecycle column "${aspect}" has no heading. ${shape}`,
      ),
  ];
}

/**
 * The lifecycles whose every state must declare its behaviour: the
 * resources whose states a page explains, each with its state table.
 */
export const lifecyclesWithStates = [
  'Store.status',
  'BrandStore.status',
  'Order.status',
  'Dispatch.status',
  'File.status',
  'Transfer.status',
  'Brand.status',
  'Product.status',
  'Variant.status',
  'Image.status',
  'PriceChange.status',
  'HostProduct.status',
  'HostVariant.status',
  'BatchStock.status',
  'User.status',
  'Company.status',
];

/**
 * The problems of a lifecycle's `states`, one message each at its file and
 * line: a state of the enum without an entry (when `required`), an entry for
 * no state, a missing or empty text, and an action that names no operation
 * of the document.
 */
export function stateProblems(
  name: string,
  lifecycle: Lifecycle,
  enumStates: string[],
  operations: Set<string>,
  fallbackFile: string,
  required: boolean,
): string[] {
  const at = where(lifecycle, fallbackFile);
  const columnsBroken = columnProblems(name, lifecycle, fallbackFile);
  if (columnsBroken.length > 0) {
    return columnsBroken;
  }
  const aspects = stateAspects(lifecycle);
  const {states} = lifecycle;
  if (states === undefined) {
    return required
      ? [
          `${at}: ${name}'s x-lifecycle has no states. Declare, under states, what each of ${enumStates.join(', ')} means (${aspects.join(', ')}) and its actions.`,
        ]
      : [];
  }
  if (states === null || typeof states !== 'object' || Array.isArray(states)) {
    return [
      `${at}: ${name}'s x-lifecycle states must map each state to its behaviour.`,
    ];
  }
  const statesAt = where(states, at);
  const problems: string[] = [
    ...enumStates
      .filter((state) => !(state in states))
      .map(
        (state) =>
          `${statesAt}: ${name}'s x-lifecycle states has no entry for "${state}". Declare what ${state} means (${aspects.join(', ')}) and its actions.`,
      ),
  ];
  for (const [state, entry] of Object.entries(states)) {
    const entryAt = where(entry, statesAt);
    if (!enumStates.includes(state)) {
      const guess = nearest(state, enumStates, {
        maxDistance: typoDistance(state),
      });
      problems.push(
        `${entryAt}: ${name}'s x-lifecycle states names "${state}", which is not in its enum${guess ? `; did you mean "${guess}"?` : '.'} Name a state of: ${enumStates.join(', ')}.`,
      );
      continue;
    }
    if (entry === null || typeof entry !== 'object') {
      problems.push(
        `${entryAt}: ${name} state "${state}" must be a map of ${[...aspects, 'actions'].join(', ')}.`,
      );
      continue;
    }
    for (const aspect of aspects) {
      if (stateText(entry, aspect).trim() === '') {
        problems.push(
          `${entryAt}: ${name} state "${state}" has no ${aspect} (its "${stateColumns(lifecycle)[aspect]}" column). Write it in a sentence.`,
        );
      }
    }
    const unknownKeys = Object.keys(entry).filter(
      (key) => !aspects.includes(key) && key !== 'actions',
    );
    unknownKeys.forEach((key) =>
      problems.push(
        `${entryAt}: ${name} state "${state}" has an unknown key "${key}". A state has ${[...aspects, 'actions'].join(', ')}${lifecycle.columns ? '' : ', unless its lifecycle declares other columns'}.`,
      ),
    );
    const actions: unknown = entry.actions;
    if (!Array.isArray(actions)) {
      problems.push(
        `${entryAt}: ${name} state "${state}" has no actions list. List what a user can do, as {label: Reconnect, operation: 'POST /stores/{id}/reconnect'}, or [] for nothing.`,
      );
      continue;
    }
    const actionsAt = where(actions, entryAt);
    actions.forEach((action: unknown) => {
      const at = where(action, actionsAt);
      const {label, operation} = (action ?? {}) as Record<string, unknown>;
      if (
        action === null ||
        typeof action !== 'object' ||
        Object.keys(action).some(
          (key) => !['label', 'operation'].includes(key),
        ) ||
        (label === undefined && operation === undefined) ||
        (label !== undefined && typeof label !== 'string') ||
        (operation !== undefined && typeof operation !== 'string')
      ) {
        problems.push(
          `${at}: ${name} state "${state}" has an action that is not {label, operation}. Write it as {label: Reconnect, operation: 'POST /stores/{id}/reconnect'}; either may be left out.`,
        );
        return;
      }
      if (typeof operation === 'string' && !operations.has(operation)) {
        const guess = nearest(operation, operations, {
          maxDistance: typoDistance(operation),
        });
        problems.push(
          `${at}: ${name} state "${state}": the action's operation "${operation}" is not an operation of the document${guess ? `; did you mean "${guess}"?` : '.'} Write it as METHOD /path, as 'POST /stores/{id}/reconnect'.`,
        );
      }
    });
  }
  return problems;
}

/**
 * The problems of the guide-only lifecycles (src/data/guide-lifecycles.yaml),
 * which no enum checks: each needs `initial` and `transitions` of states
 * named as strings, and its `states`, if any, one entry per state it names.
 */
export function guideLifecycleProblems(
  lifecycles: Readonly<Record<string, Lifecycle>>,
  document: OpenApiDocument,
  file: string,
): string[] {
  const operations = operationNames(document);
  return Object.entries(lifecycles ?? {}).flatMap(([name, lifecycle]) => {
    const at = where(lifecycle, file);
    const isText = (value: unknown) =>
      typeof value === 'string' && value.trim() !== '';
    if (
      lifecycle === null ||
      typeof lifecycle !== 'object' ||
      !Array.isArray(lifecycle.initial) ||
      !lifecycle.initial.every(isText) ||
      !Array.isArray(lifecycle.transitions)
    ) {
      return [
        `${at}: the lifecycle ${name} needs initial (a list of states) and transitions (a list of {from, to, trigger}).`,
      ];
    }
    const broken = lifecycle.transitions.filter(
      (transition) =>
        !isText(transition?.from) ||
        !isText(transition?.to) ||
        !isText(transition?.trigger),
    );
    if (broken.length > 0) {
      return broken.map(
        (transition) =>
          `${where(transition, at)}: a transition of ${name} needs from, to and trigger, each a text.`,
      );
    }
    const named = [
      ...new Set([
        ...lifecycle.initial,
        ...lifecycle.transitions.flatMap(({from, to}) => [from, to]),
      ]),
    ];
    return stateProblems(name, lifecycle, named, operations, file, false);
  });
}

/** Every operation of a document as `METHOD /path`. */
export const operationNames = (document: OpenApiDocument) =>
  new Set(
    allOperations(document).map(
      ({method, path: key}) => `${method.toUpperCase()} ${key}`,
    ),
  );

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

/** Where each object and array of the spec's files was written. */
const locations = new WeakMap<object, SourceLocation>();

/** The file and line an object of a spec file was written at, if it was read from one. */
export const locationOf = (value: unknown): SourceLocation | undefined =>
  value !== null && typeof value === 'object'
    ? locations.get(value)
    : undefined;

const sitePath = (file: string) => path.relative(process.cwd(), file);

/** `file:line` of a value read from a spec file, or the file it belongs to. */
export const where = (value: unknown, file: string) => {
  const found = locationOf(value);
  return found
    ? formatLocation({...found, file: sitePath(found.file)})
    : sitePath(file);
};

/**
 * Reads a YAML file of the spec, recording where each object begins (the
 * line of its key) so that later checks can point at it. A syntax error is
 * reported at its file and line.
 */
export function readYaml<T>(file: string): T {
  const opened: number[] = [];
  try {
    return yaml.load(readFileSync(file, 'utf8'), {
      filename: file,
      listener(event, state) {
        if (event === 'open') {
          opened.push(state.line);
          return;
        }
        const line = opened.pop()!;
        if (state.result !== null && typeof state.result === 'object') {
          locations.set(state.result as object, {file, line: line + 1});
        }
      },
    }) as T;
  } catch (error) {
    if (error instanceof yaml.YAMLException) {
      throw new AuthoringError('The spec is not valid YAML', [
        `${sitePath(file)}:${error.mark.line + 1}:${error.mark.column + 1}: ${error.reason}. Fix the YAML at that line (indentation, a missing colon or an unquoted special character).`,
      ]);
    }
    throw error;
  }
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
export function lifecycleProblems(
  document: OpenApiDocument,
  fallbackFile: string,
): string[] {
  const operations = operationNames(document);
  return lifecycleProperties(document).flatMap(
    ({where: name, schema, lifecycle}) => {
      const at = where(schema['x-lifecycle'], fallbackFile);
      if (!schema.enum) {
        return [
          `${at}: ${name} has an x-lifecycle but no enum. Give the property an enum of its states.`,
        ];
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
            `${at}: ${name}'s x-lifecycle names the ${role} state "${state}", which is not in its enum. Add it to the enum or correct the name.`,
        )
        .concat(
          stateProblems(
            name,
            lifecycle,
            schema.enum.map(String),
            operations,
            fallbackFile,
            lifecyclesWithStates.includes(name),
          ),
        );
    },
  );
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
        throw new AuthoringError('The spec defines a path twice', [
          `${where(paths[key], file)}: ${key} is already defined by another file of ${resourcesFolder}/. Keep it in one file.`,
        ]);
      }
      document.paths[key] = paths[key]!;
    }
    for (const key of Object.keys(schemas)) {
      if (document.components.schemas[key]) {
        throw new AuthoringError('The spec defines a schema twice', [
          `${where(schemas[key], file)}: ${key} is already defined by another file. Rename one of them.`,
        ]);
      }
      document.components.schemas[key] = schemas[key]!;
    }
    const objectSchema = part['x-object'];
    if (objectSchema && !schemas[objectSchema]) {
      throw new AuthoringError('A resource file names a missing object', [
        `${where(part, file)}: x-object names ${objectSchema}, which is not a schema of this file. Name one of: ${Object.keys(schemas).join(', ')}.`,
      ]);
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
      throw new AuthoringError('The spec defines a schema twice', [
        `${where(webhooks.components!.schemas![key], path.join(specDir, webhooksFileName))}: ${key} is already defined by another file. Rename one of them.`,
      ]);
    }
    document.components.schemas[key] = webhooks.components!.schemas![key]!;
  }
  document.webhooks = webhooks.webhooks;
  return {document, resources, sharedSchemas, webhookSchemas};
}

/**
 * Completes a merged document of a release: declares the parameters every
 * operation takes (`Hub-Version`, with the release's name) and the shared
 * response headers, and checks every lifecycle against its enum.
 */
export function finishSpec(
  merged: LoadedSpec,
  fallbackFile: string,
  release: ApiRelease = latestRelease,
): LoadedSpec {
  declareEveryOperationParameters(merged.document, release, fallbackFile);
  declareResponseHeaders(merged.document);
  const problems = [
    ...lifecycleProblems(merged.document, fallbackFile),
    ...referenceProblems(merged.document, fallbackFile),
  ];
  if (problems.length > 0) {
    throw new AuthoringError('The spec is inconsistent', problems);
  }
  return merged;
}

/** Reads, merges and completes the source: the latest release's document. */
export function loadSpec(specDir: string): LoadedSpec {
  return finishSpec(
    mergeSpec(specDir),
    path.join(specDir, rootFileName),
    latestRelease,
  );
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
  const match = refPattern.exec(ref);
  const section =
    match && (document.components[match[1]!] as Record<string, T>);
  const target = section?.[match![2]!];
  if (!target) {
    throw new Error(`Unresolved $ref ${ref}`);
  }
  return target;
}

const refPattern = /^#\/components\/(\w+)\/([\w.-]+)$/;

/** The line of a `$ref` itself: at or after the line its object begins. */
function refLocation(value: object, ref: string, fallbackFile: string): string {
  const found = locationOf(value);
  const file = found?.file ?? fallbackFile;
  const lines = readFileSync(file, 'utf8').split('\n');
  const index = lines.findIndex(
    (line, number) => number + 1 >= (found?.line ?? 1) && line.includes(ref),
  );
  return index < 0 ? sitePath(file) : `${sitePath(file)}:${index + 1}`;
}

/**
 * Every `$ref` of the document that points at nothing, one message each,
 * at the line of the `$ref`, with the nearest existing name.
 */
export function referenceProblems(
  document: OpenApiDocument,
  fallbackFile: string,
): string[] {
  const problems: string[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) {
      value.forEach(visit);
      return;
    }
    if (value === null || typeof value !== 'object') {
      return;
    }
    const ref = (value as {$ref?: unknown}).$ref;
    if (typeof ref === 'string') {
      const match = refPattern.exec(ref);
      const section = match
        ? (document.components[match[1]!] as
            Record<string, unknown> | undefined)
        : undefined;
      if (!match || !section?.[match[2]!]) {
        const guess =
          match && section
            ? nearest(match[2]!, Object.keys(section), {
                maxDistance: typoDistance(match[2]!),
              })
            : undefined;
        problems.push(
          `${refLocation(value, ref, fallbackFile)}: $ref '${ref}' points at nothing${
            guess ? `; did you mean '#/components/${match![1]}/${guess}'?` : '.'
          } A $ref names a component of the document, as '#/components/schemas/Order'.`,
        );
      }
    }
    Object.values(value).forEach(visit);
  };
  visit(document);
  return problems;
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
/**
 * Parameters every operation takes: parameter components listed in the root
 * file's `components.x-every-operation-parameters`.
 */
export const everyOperationParametersKey = 'x-every-operation-parameters';

/**
 * Adds the parameters every operation takes to each operation, as `$ref`s,
 * so no resource file repeats them. The release header's component gets the
 * release's name as its one value and its example, from the release list
 * rather than from the YAML, so each release's document pins its own.
 */
function declareEveryOperationParameters(
  document: OpenApiDocument,
  release: ApiRelease,
  fallbackFile: string,
): void {
  const names = document.components[everyOperationParametersKey];
  const listed = Array.isArray(names) ? (names as unknown[]) : [];
  const problems = listed.flatMap((name) =>
    typeof name === 'string' && document.components.parameters[name]
      ? []
      : [
          `${where(names, fallbackFile)}: components.${everyOperationParametersKey} names ${String(name)}, which is no parameter of components.parameters. Name one of: ${Object.keys(document.components.parameters).join(', ')}.`,
        ],
  );
  const header = Object.entries(document.components.parameters).find(
    ([, parameter]) =>
      parameter.in === 'header' && parameter.name === releaseHeader,
  );
  if (!header || !listed.includes(header[0])) {
    problems.push(
      `${where(document.components.parameters, fallbackFile)}: every operation takes the ${releaseHeader} header, but no parameter of components.parameters named ${releaseHeader} is listed in components.${everyOperationParametersKey}. Declare it once there and list it.`,
    );
  }
  if (problems.length > 0) {
    throw new AuthoringError('The spec is inconsistent', problems);
  }
  const [, parameter] = header!;
  parameter.schema = {...parameter.schema, enum: [release]};
  parameter.example = release;
  for (const {operation} of allOperations(document)) {
    operation.parameters = [
      ...(operation.parameters ?? []),
      ...(listed as string[]).map((name) => ({
        $ref: `#/components/parameters/${name}`,
      })),
    ] as Parameter[];
  }
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
        )
        .map((parameter) => withListCursor(document, parameter, operation));
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

export const cursorParameterName = 'cursor';

/**
 * The shared `cursor` parameter as one list uses it: its example is a
 * cursor of the list's own resource, the one a page ending with the listed
 * object's example would carry as `next_cursor` (the base64url of its ID
 * and the day it was created, as the lists' response examples have it), so
 * `/stores` pages on from a store, not from an order.
 */
function withListCursor(
  document: OpenApiDocument,
  parameter: Parameter,
  operation: Operation,
): Parameter {
  if (parameter.name !== cursorParameterName || parameter.in !== 'query') {
    return parameter;
  }
  return {...parameter, example: listCursor(document, operation)};
}

/**
 * A cursor after the listed object's example (or, for objects without one,
 * the first item of the list's example page), for a list operation.
 */
export function listCursor(
  document: OpenApiDocument,
  operation: Operation,
): string {
  const reference = operation.responses['200'];
  const media =
    reference && deref(document, reference).content?.['application/json'];
  const items =
    media?.schema &&
    mergedSchema(document, media.schema).properties?.data?.items;
  const [objectExample] = (items && deref(document, items).examples) ?? [];
  const page = firstExample(document, media)?.example.value as
    {data?: JsonValue[]} | undefined;
  const object = (objectExample ?? page?.data?.[0] ?? {}) as Record<
    string,
    JsonValue
  >;
  // An object without an ID of its own (stock, a delivery attempt) is
  // named by the IDs it joins, as the change feed names stock.
  const id =
    object.id ??
    (Object.entries(object)
      .filter(
        ([key, value]) => key.endsWith('_id') && typeof value === 'string',
      )
      .map(([, value]) => value)
      .join(':') ||
      undefined);
  const created =
    object.created_at ??
    Object.entries(object).find(
      ([key, value]) => key.endsWith('_at') && typeof value === 'string',
    )?.[1];
  if (typeof id !== 'string' || typeof created !== 'string') {
    throw new Error(
      `${operation.operationId}: a list with a cursor needs an example of its listed object (or of its 200 response) with an ID and a time.`,
    );
  }
  return Buffer.from(`${id}:${created.slice(0, 10)}`).toString('base64url');
}

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
