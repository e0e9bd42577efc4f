import {createHash} from 'node:crypto';
import {mkdir, readFile, readdir, rm, writeFile} from 'node:fs/promises';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import standaloneCode from 'ajv/dist/standalone';
import {requestBackend} from '../../model/request-backend';
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
import {runtimeModuleNames} from '../../lib/try-it/validator-runtime';
import {
  tryItModuleFile,
  tryItWorldFile,
  type TryItManifest,
} from '../../lib/try-it/modules';
import {hashedFolder} from '../../model/deployment-facts.mjs';
import {
  idempotencyHeader,
  sampleIdempotencyKey,
  sampleRequest,
} from './samples';
import {latestRelease} from './releases';
import {tryWorld} from './try-it-world';
import type {World} from './world';

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
    .replace(/`([^`]+)`/g, '$1')
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
  const api = await requestBackend(
    spec,
    {code: {source: true, esm: true}},
    (ajv) => made.push(ajv),
  );
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

/** The head of Ajv's standalone ES module code: its exports, by the validator's name. */
const standaloneHead =
  /^"use strict";\s*export const validate = (\w+);\s*export default \1;/;

/**
 * One validator's standalone code as a function of the runtime
 * (lib/try-it/validator-runtime.ts): its exports dropped, each `require` of
 * a run-time helper a call of `runtime`, all in a scope of its own (the
 * parameters' and the body's code, from two Ajv instances, use the same
 * names).
 */
export function validatorFactory(source: string): string {
  const head = standaloneHead.exec(source);
  if (!head) {
    throw new Error(
      `Ajv's standalone code does not start as Try it expects: ${source.slice(0, 80)}`,
    );
  }
  const body = source
    .slice(head[0].length)
    .replace(/\brequire\("([^"]+)"\)/g, (_, module: string) => {
      if (!runtimeModuleNames.includes(module)) {
        throw new Error(
          `Ajv's standalone code requires ${module}, which lib/try-it/validator-runtime.ts does not provide.`,
        );
      }
      return `runtime(${JSON.stringify(module)})`;
    });
  return `(() => {\n${body}\nreturn ${head[1]};\n})()`;
}

/**
 * The module an operation's form imports: the operation, and a function
 * that makes its validators from the runtime. It imports nothing, so the
 * browser imports it as the build wrote it (see `TryItModules`).
 */
export function tryItModule(
  operation: TryOperation,
  sources: ValidatorSources,
): string {
  return [
    `// Try it: ${operation.method} ${operation.path} of release ${operation.release}, written by the build (src/plugins/openapi-reference/try-it.ts).`,
    `export const operation = ${JSON.stringify(operation)};`,
    'export function validators(runtime) {',
    `  const validateParameters = ${validatorFactory(sources.parameters)};`,
    `  const validateBody = ${sources.body === undefined ? 'undefined' : validatorFactory(sources.body)};`,
    '  return {validateParameters, validateBody};',
    '}',
    '',
  ].join('\n');
}

/** Writes a file only when its content changes, so the bundler recompiles only what did. */
async function writeChanged(file: string, content: string) {
  const before = await readFile(file, 'utf8').catch(() => undefined);
  if (before !== content) {
    await mkdir(path.dirname(file), {recursive: true});
    await writeFile(file, content);
  }
}

/** The manifest the form imports (`@generated/openapi-reference/try/index.json`). */
export const tryItManifestFile = 'index.json';

/** Each release's sample world, beside its modules (try-it-world.ts). */
export const worldFile = 'world.json';

/** Where the modules go in the build, under its hashed files. */
const modulesFolder = `${hashedFolder}/js/try`;

/** An operation's module as the build writes it, beside the manifest: `2023-07/createOrder.mjs`. */
const sourceFile = (release: string, operationId: string) =>
  `${release}/${operationId}.mjs`;

const contentHashOf = (content: string) =>
  createHash('sha256').update(content).digest('hex').slice(0, 8);

/**
 * Writes every release's modules under `folder`: for each operation,
 * `<release>/<operationId>.mjs` with its operation and validators (a
 * `TryModule`, lib/try-it/validate.ts); given the sample world (the
 * model's `world`), `<release>/world.json`, the snapshot Try it answers
 * from when the reader has no sandbox (try-it-world.ts); and the manifest
 * of their content hashes, `index.json`, which the form imports. Every
 * operation sends to the sandbox `sandbox` gives for its release.
 */
export async function writeTryIt(
  releases: ReadonlyMap<string, LoadedSpec>,
  folder: string,
  sandbox: (spec: LoadedSpec) => string,
  world?: World,
): Promise<void> {
  const manifest: TryItManifest = {
    folder: modulesFolder,
    latest: latestRelease,
    modules: {},
    worlds: {},
  };
  const written = new Set<string>();
  for (const [release, spec] of releases) {
    if (world) {
      const snapshot = JSON.stringify(tryWorld(spec, world));
      await writeChanged(path.join(folder, release, worldFile), snapshot);
      manifest.worlds[release] = contentHashOf(snapshot);
    }
    const sources = await validatorSources(spec);
    const hashes: Record<string, string> = {};
    for (const entry of allOperations(spec.document)) {
      const {operationId} = entry.operation;
      const content = tryItModule(
        tryOperation(spec, entry, sandbox(spec)),
        sources.get(operationId)!,
      );
      const file = path.join(folder, sourceFile(release, operationId));
      await writeChanged(file, content);
      hashes[operationId] = contentHashOf(content);
      written.add(file);
    }
    manifest.modules[release] = hashes;
  }
  await writeChanged(
    path.join(folder, tryItManifestFile),
    `${JSON.stringify(manifest, null, 1)}\n`,
  );
  // An operation (or a release) that no longer exists leaves no module behind.
  const entries = await readdir(folder, {recursive: true, withFileTypes: true});
  for (const entry of entries) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isFile() && file.endsWith('.mjs') && !written.has(file)) {
      await rm(file, {force: true});
    }
  }
}

/** What `TryItModules` needs of a Webpack or Rspack compiler. */
interface AssetCompiler {
  webpack: {
    sources: {RawSource: new (source: string) => unknown};
    Compilation: {PROCESS_ASSETS_STAGE_ADDITIONAL: number};
  };
  hooks: {
    thisCompilation: {
      tap(name: string, run: (compilation: AssetCompilation) => void): void;
    };
  };
}

interface AssetCompilation {
  hooks: {
    processAssets: {
      tapPromise(
        options: {name: string; stage: number},
        run: () => Promise<void>,
      ): void;
    };
  };
  emitAsset(file: string, source: unknown): void;
}

/**
 * A bundler plugin that emits each operation's module as a file of the
 * build (`assets/js/try/<release>/<operationId>.<hash>.js`), as the build
 * wrote it, which the browser imports as it is, and each release's world
 * (`…/<release>/world.<hash>.json`), which it fetches. They are no chunks:
 * the bundler's runtime, which every page loads, lists every chunk and
 * every module's id, and 254 more of either would weigh on every page.
 */
export class TryItModules {
  constructor(private readonly folder: string) {}

  apply(compiler: AssetCompiler): void {
    const {RawSource} = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap(TryItModules.name, (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        {
          name: TryItModules.name,
          stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL,
        },
        async () => {
          const manifest = JSON.parse(
            await readFile(path.join(this.folder, tryItManifestFile), 'utf8'),
          ) as TryItManifest;
          for (const [release, hash] of Object.entries(manifest.worlds)) {
            compilation.emitAsset(
              tryItWorldFile(manifest.folder, release, hash),
              new RawSource(
                await readFile(
                  path.join(this.folder, release, worldFile),
                  'utf8',
                ),
              ),
            );
          }
          for (const [release, hashes] of Object.entries(manifest.modules)) {
            for (const [operationId, hash] of Object.entries(hashes)) {
              const content = await readFile(
                path.join(this.folder, sourceFile(release, operationId)),
                'utf8',
              );
              compilation.emitAsset(
                tryItModuleFile(manifest.folder, release, operationId, hash),
                new RawSource(content),
              );
            }
          }
        },
      );
    });
  }
}
