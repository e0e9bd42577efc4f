// Loads the OpenAPI document: merges the source files, declares the shared parameters and headers, hashes and publishes it.
import {createHash} from 'node:crypto';
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import {AuthoringError} from '../../model/authoringError';
import {lifecycleProblems} from '../../model/lifecycles';
import type {
  ApiResource,
  LoadedSpec,
  OpenApiDocument,
  Parameter,
  PathItem,
  Response,
  Schema,
} from '../../model/openapi-types';
import {allOperations, filterParameterName} from '../../model/operations';
import {deref, referenceProblems, resolveRef} from '../../model/refs';
import {readYaml, where} from '../../model/yaml';
import {rootFileName} from './latest-document';
import {withWebhookPayloadTypes} from './webhook-payload-types';
import {latestRelease, releaseHeader, type ApiRelease} from './releases';

/**
 * Loads the OpenAPI document: `openapi/openapi.yaml` (shared parts) merged
 * with one file per resource in `openapi/resources/`. Each resource file
 * holds `paths`, `components.schemas` and `x-object` (the schema shown as
 * "The <resource> object"); the loader records which file owns each path
 * and schema, so every page renders exactly its own part.
 */

interface ResourceFile {
  'x-object'?: string;
  paths?: Record<string, PathItem>;
  components?: {schemas?: Record<string, Schema>};
}

export {rootFileName};
export const webhooksFileName = 'webhooks.yaml';
export const resourcesFolder = 'resources';

interface WebhooksFile {
  webhooks: Record<string, PathItem>;
  components?: {schemas?: Record<string, Schema>};
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
  declareEveryOperationResponses(merged.document, fallbackFile);
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

/**
 * Responses every operation answers: a map from a status to a response
 * component, in the root file's `components.x-every-operation-responses`.
 */
export const everyOperationResponsesKey = 'x-every-operation-responses';

/**
 * Adds the responses every operation answers (a wrong `Hub-Version`, a
 * malformed parameter) to each operation that declares no response of that
 * status itself, as `$ref`s, so no resource file repeats them. An operation
 * with a body declares its own `400`, which adds `malformed_json`.
 */
function declareEveryOperationResponses(
  document: OpenApiDocument,
  fallbackFile: string,
): void {
  const declared = (document.components[everyOperationResponsesKey] ??
    {}) as Record<string, unknown>;
  const responses = (document.components.responses ?? {}) as Record<
    string,
    unknown
  >;
  const problems = Object.entries(declared).flatMap(([status, name]) =>
    typeof name === 'string' && responses[name]
      ? []
      : [
          `${where(declared, fallbackFile)}: components.${everyOperationResponsesKey} gives ${status} the response ${String(name)}, which is no response of components.responses. Name one of: ${Object.keys(responses).join(', ')}.`,
        ],
  );
  if (problems.length > 0) {
    throw new AuthoringError('The spec is inconsistent', problems);
  }
  for (const {operation} of allOperations(document)) {
    for (const [status, name] of Object.entries(declared)) {
      // Statuses are integer keys, so the object keeps them in order.
      operation.responses[status] ??= {
        $ref: `#/components/responses/${String(name)}`,
      } as (typeof operation.responses)[string];
    }
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

/**
 * Each list's `filter` parameter as its page shows it: the shared `Filter`
 * inlined with the list's own description and, as its `example`, the list's
 * `x-filter` example, the value its request sample sends (`operationsOf`
 * in src/model/operations.ts writes both). `cursor` stays without an
 * example, as on the pages: every list's sample is a first page, and a tool
 * that sends every example would otherwise ask for a later one.
 */
function withListFilters(source: OpenApiDocument): OpenApiDocument {
  const document = structuredClone(source);
  for (const {operation, parameters} of allOperations(document)) {
    const filter = parameters.find(
      (parameter) =>
        parameter.name === filterParameterName && parameter.in === 'query',
    );
    if (filter && operation.parameters) {
      operation.parameters = operation.parameters.map((parameter) => {
        const {name, in: location} = deref(document, parameter);
        return name === filterParameterName && location === 'query'
          ? filter
          : parameter;
      });
    }
  }
  // The shared parameter, now inlined everywhere, is no component to publish.
  const parameters = document.components.parameters;
  for (const [key, parameter] of Object.entries(parameters)) {
    const ref = `"#/components/parameters/${key}"`;
    if (
      parameter.name === filterParameterName &&
      !JSON.stringify(document).includes(ref)
    ) {
      delete parameters[key];
    }
  }
  return document;
}

/**
 * A copy of the document for publishing, as YAML or JSON: what tools read,
 * so its lists' `filter` parameters carry their examples and its webhook
 * payloads carry response-side copies of their objects
 * (`webhook-payload-types.ts`).
 */
export function publishedSpec(source: OpenApiDocument): {
  yaml: string;
  json: string;
} {
  const document = withWebhookPayloadTypes(withListFilters(source));
  return {
    yaml: yaml.dump(document, {lineWidth: 100, noRefs: true}),
    json: `${JSON.stringify(document, null, 2)}\n`,
  };
}
