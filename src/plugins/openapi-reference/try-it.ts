import {mkdir, readFile, readdir, rm, writeFile} from 'node:fs/promises';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import standaloneCode from 'ajv/dist/standalone';
import {
  OpenAPIBackend,
  type Document as OpenAPIBackendDocument,
} from 'openapi-backend';
import {deref} from '../../model/refs';
import {allOperations, firstExample} from '../../model/operations';
import {schemaExample} from '../../model/schema-example';
import type {
  LoadedSpec,
  OperationEntry,
  Schema,
} from '../../model/openapi-types';
import type {
  Json,
  TryOperation,
  TryParameter,
  TryResponseDoc,
} from '../../lib/try-it/types';
import {
  idempotencyHeader,
  sampleIdempotencyKey,
  sampleRequest,
} from './samples';

/**
 * "Try it" on every operation (issue 33): for each release and operation,
 * the build writes a module the operation's form loads when a reader opens
 * it, and nothing before: the operation as the form needs it (its
 * parameters filled with the page's sample, its body, its documented
 * responses) and the request validators that check the request as the
 * reader types. The validators are openapi-backend's own, the ones the
 * build checks every request sample with (content-rules/request-samples.ts),
 * compiled by Ajv to standalone code, so the browser runs the same checks
 * without compiling anything (the policy has no 'unsafe-eval').
 */

/** The folder of the modules, under Docusaurus' generated files (`@generated`). */
export const tryItFolder = (generatedFilesDir: string) =>
  path.join(generatedFilesDir, 'openapi-reference', 'try');

/** A header the form fills from the sample, and which parameters it leaves to the key field. */
const authorizationHeader = 'Authorization';

/** Markdown of a description as plain text for a field's hint. */
const plainText = (markdown: string | undefined) =>
  markdown
    ?.replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/\*\*([^*]+)\*\*/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();

/** The value a server sends for a declared header: its example, or its schema's. */
function headerValue(spec: LoadedSpec, header: unknown): string {
  const declared = deref(spec.document, header as {$ref?: string}) as {
    example?: Json;
    schema?: Schema;
  };
  const schema = declared.schema && deref(spec.document, declared.schema);
  const value =
    declared.example ?? schema?.examples?.[0] ?? schema?.default ?? '';
  return String(value);
}

function responseDocs(
  spec: LoadedSpec,
  entry: OperationEntry,
): Record<string, TryResponseDoc> {
  return Object.fromEntries(
    Object.entries(entry.operation.responses).map(([status, reference]) => {
      const response = deref(spec.document, reference);
      const [mediaType, media] =
        Object.entries(response.content ?? {})[0] ?? [];
      const named = Object.entries(media?.examples ?? {}).map(
        ([name, example]) => {
          const {summary, value} = deref(spec.document, example);
          return {name, summary, value: value as Json};
        },
      );
      const first = firstExample(spec.document, media);
      // A response without examples of its own shows its object's example,
      // as its page does.
      const fallback =
        first?.example.value ??
        (media?.schema?.$ref ? schemaExample(spec, media.schema) : undefined);
      const examples =
        named.length > 0
          ? named
          : fallback === undefined
            ? []
            : [{name: first?.name ?? 'example', value: fallback as Json}];
      const doc: TryResponseDoc = {
        description: plainText(response.description) ?? '',
        headers: Object.entries(response.headers ?? {}).map(
          ([name, header]): [string, string] => [
            name,
            headerValue(spec, header),
          ],
        ),
        examples,
      };
      if (mediaType) {
        doc.mediaType = mediaType;
      }
      return [status, doc];
    }),
  );
}

/** One operation as its form needs it, filled with its page's sample. */
export function tryOperation(
  spec: LoadedSpec,
  entry: OperationEntry,
  sandbox: string,
): TryOperation {
  const sample = sampleRequest(spec.document, entry);
  const url = new URL(sample.url);
  const sentHeaders = new Map(
    sample.headers.map(([name, value]) => [name.toLowerCase(), value]),
  );
  const pathValues = new Map<string, string>();
  const template = entry.path.split('/');
  url.pathname
    .split('/')
    .slice(-template.length)
    .forEach((segment, index) => {
      const name = /^\{(\w+)\}$/.exec(template[index]!)?.[1];
      if (name) {
        pathValues.set(name, decodeURIComponent(segment));
      }
    });
  const parameters = entry.parameters
    .filter(
      (parameter) =>
        parameter.in === 'path' ||
        parameter.in === 'query' ||
        parameter.in === 'header',
    )
    .map((parameter): TryParameter => {
      const place = parameter.in as TryParameter['in'];
      const sent =
        place === 'path'
          ? pathValues.get(parameter.name)
          : place === 'query'
            ? (url.searchParams.get(parameter.name) ?? undefined)
            : parameter.name === idempotencyHeader
              ? sampleIdempotencyKey(entry.operation.operationId)
              : sentHeaders.get(parameter.name.toLowerCase());
      const schema = parameter.schema && deref(spec.document, parameter.schema);
      const values = schema?.enum?.map(String);
      return {
        name: parameter.name,
        in: place,
        required: Boolean(parameter.required),
        ...(sent === undefined ? {} : {sample: sent}),
        ...(parameter.description
          ? {description: plainText(parameter.description)}
          : {}),
        ...(values ? {values} : {}),
      };
    });
  const requestBody =
    entry.operation.requestBody &&
    deref(spec.document, entry.operation.requestBody);
  const security = entry.operation.security ?? spec.document.security ?? [];
  return {
    release: String(spec.document.info.version),
    operationId: entry.operation.operationId,
    summary: entry.operation.summary,
    method: sample.method,
    path: entry.path,
    sandbox,
    parameters,
    ...(requestBody
      ? {
          body: {
            required: Boolean(requestBody.required),
            sample:
              sample.body === undefined
                ? ''
                : JSON.stringify(sample.body, null, 2),
          },
        }
      : {}),
    needsKey:
      security.some((requirement) => Object.keys(requirement).length > 0) &&
      sentHeaders.has(authorizationHeader.toLowerCase()),
    responses: responseDocs(spec, entry),
  };
}

/** The standalone code of each operation's request validators: its parameters', and its body's when it takes one. */
export interface ValidatorSources {
  parameters: string;
  body?: string;
}

/**
 * openapi-backend's request validators of every operation of a release,
 * built as content-rules/request-samples.ts builds them (Ajv in JSON
 * Schema 2020-12 with its formats), as standalone ES module code.
 */
export async function validatorSources(
  spec: LoadedSpec,
): Promise<Map<string, ValidatorSources>> {
  // The Ajv instances openapi-backend makes, one per validator it compiles.
  const made: Ajv2020[] = [];
  const api = new OpenAPIBackend({
    definition: structuredClone(
      spec.document,
    ) as unknown as OpenAPIBackendDocument,
    quick: true,
    customizeAjv: (_ajv, options) => {
      const ajv = addFormats(
        new Ajv2020({
          ...options,
          strict: false,
          allErrors: true,
          code: {source: true, esm: true},
        }),
      );
      made.push(ajv);
      return ajv;
    },
  });
  await api.init();
  const sources = new Map<string, ValidatorSources>();
  for (const {operation} of allOperations(spec.document)) {
    made.length = 0;
    const validators =
      api.validator.getRequestValidatorsForOperation(operation.operationId) ??
      [];
    // Each validator is compiled by the instance made for it, in order.
    const compiled = validators.map((validate, index) =>
      standaloneCode(made[index]!, validate),
    );
    // openapi-backend builds the body's validator first, when there is one.
    const [body, parameters] =
      compiled.length === 2 ? compiled : [undefined, compiled[0]];
    sources.set(operation.operationId, {
      parameters: parameters!,
      ...(body === undefined ? {} : {body}),
    });
  }
  return sources;
}

/** The module an operation's form imports: its operation and its validators. */
const indexModule = (hasBody: boolean) =>
  [
    "export {default as operation} from './operation.json';",
    "export {default as validateParameters} from './parameters.js';",
    hasBody
      ? "export {default as validateBody} from './body.js';"
      : 'export const validateBody = undefined;',
    '',
  ].join('\n');

/** Writes a file only when its content changes, so the bundler recompiles only what did. */
async function writeChanged(file: string, content: string) {
  const before = await readFile(file, 'utf8').catch(() => undefined);
  if (before !== content) {
    await mkdir(path.dirname(file), {recursive: true});
    await writeFile(file, content);
  }
}

/**
 * Writes every release's modules under `folder`: for each operation,
 * `<release>/<operationId>/index.js` with its operation and validators.
 */
export async function writeTryIt(
  releases: ReadonlyMap<string, LoadedSpec>,
  folder: string,
  sandbox: (spec: LoadedSpec) => string,
): Promise<void> {
  const written = new Set<string>();
  for (const [release, spec] of releases) {
    const sources = await validatorSources(spec);
    for (const entry of allOperations(spec.document)) {
      const {operationId} = entry.operation;
      const dir = path.join(folder, release, operationId);
      const {parameters, body} = sources.get(operationId)!;
      const files: [string, string][] = [
        [
          'operation.json',
          JSON.stringify(tryOperation(spec, entry, sandbox(spec))),
        ],
        ['parameters.js', parameters],
        ['index.js', indexModule(body !== undefined)],
        ...(body === undefined ? [] : [['body.js', body] as [string, string]]),
      ];
      for (const [name, content] of files) {
        await writeChanged(path.join(dir, name), content);
      }
      written.add(path.join(release, operationId));
    }
  }
  // An operation (or a release) that no longer exists leaves no module behind.
  const entries = await readdir(folder, {recursive: true, withFileTypes: true});
  for (const entry of entries) {
    const relative = path.relative(
      folder,
      path.join(entry.parentPath, entry.name),
    );
    if (
      entry.isDirectory() &&
      relative.split(path.sep).length === 2 &&
      !written.has(relative)
    ) {
      await rm(path.join(folder, relative), {recursive: true, force: true});
    }
  }
}
