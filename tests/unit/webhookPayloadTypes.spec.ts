// Generates a client with @hey-api/openapi-ts from each release's published
// document, as an integrator would, and compiles a file that reads every
// event's data.object: its id (or, for an object without one, its required
// *_id fields) as a string, and its status, where it has one, as its enum.
// The file is written from the document, one function per event type. A
// webhook is a request in OpenAPI, so without the response-side copies
// (webhook-payload-types.ts) the generator drops readOnly fields from it.
import {execFile} from 'node:child_process';
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {promisify} from 'node:util';
import {expect, test} from '@playwright/test';
import ts from 'typescript';
import {loadRelease} from '../../src/plugins/openapi-reference/release-spec';
import {apiReleases} from '../../src/plugins/openapi-reference/releases';
import {publishedSpec} from '../../src/plugins/openapi-reference/spec';
import {eventObjectSuffix} from '../../src/plugins/openapi-reference/webhook-payload-types';
import {webhookEvents} from '../../src/model/operations';
import {refName, resolveRef} from '../../src/model/refs';
import type {OpenApiDocument, Schema} from '../../src/model/openapi-types';

const siteDir = path.join(__dirname, '..', '..');
const specDir = path.join(siteDir, 'openapi');
const generator = path.join(
  siteDir,
  'node_modules',
  '@hey-api',
  'openapi-ts',
  'bin',
  'run.js',
);
const run = promisify(execFile);

/** The schema a `$ref` names, or the schema itself. */
const resolved = (document: OpenApiDocument, schema: Schema): Schema =>
  schema.$ref ? resolveRef<Schema>(document, schema.$ref) : schema;

/** The schema of an event's `data.object`, as the document declares it. */
function eventObject(document: OpenApiDocument, type: string): Schema {
  const operation = document.webhooks![type]!.post!;
  const event = resolveRef<Schema>(
    document,
    operation.requestBody!.content['application/json']!.schema!.$ref!,
  );
  const object = event.allOf
    ?.map((part) => part.properties?.data?.properties?.object)
    .find(Boolean);
  if (!object) {
    throw new Error(`${type} declares no data.object.`);
  }
  return resolved(document, object);
}

/**
 * The TypeScript file that reads every event's object, written from the
 * document: a function per event type, typed by the generated `Webhooks`
 * union.
 */
function readerSource(document: OpenApiDocument): string {
  const functions = webhookEvents(document).map(({type}, index) => {
    const object = eventObject(document, type);
    const properties = object.properties ?? {};
    const ids = properties.id
      ? ['id']
      : (object.required ?? []).filter((name) => name.endsWith('_id'));
    if (ids.length === 0) {
      throw new Error(`The object of ${type} has no id and no *_id field.`);
    }
    const reads = ids.map(
      (name) => `  const ${name}: string = event.data.object.${name};`,
    );
    const status = properties.status
      ? resolved(document, properties.status).enum
      : undefined;
    if (properties.status && !status) {
      throw new Error(`The status of ${type}'s object has no enum.`);
    }
    if (status) {
      reads.push(
        `  const status: ${status.map((value) => JSON.stringify(value)).join(' | ')} = event.data.object.status;`,
      );
    }
    const names = [...ids, ...(status ? ['status'] : [])];
    return [
      `/** ${type} */`,
      `export function read${index}(event: Payload<${JSON.stringify(type)}>): unknown[] {`,
      ...reads,
      `  return [${names.join(', ')}];`,
      '}',
    ].join('\n');
  });
  return [
    `// Written by tests/unit/webhookPayloadTypes.spec.ts from ${document.info.version}'s published document.`,
    "import type {Webhooks} from './types.gen';",
    '',
    "type Payload<Key extends Webhooks['key']> = Extract<Webhooks, {key: Key}>['body'];",
    '',
    ...functions,
    '',
  ].join('\n');
}

/**
 * Generates the client from a published document (JSON) in a temp folder,
 * writes the reader beside it and compiles it: the compiler's messages,
 * each with its line of the reader.
 */
async function compileReader(
  published: string,
): Promise<{messages: string[]; reader: string}> {
  const folder = mkdtempSync(path.join(tmpdir(), 'hub-hey-api-'));
  const input = path.join(folder, 'openapi.json');
  const output = path.join(folder, 'client');
  writeFileSync(input, published);
  await run(process.execPath, [generator, '-i', input, '-o', output], {
    cwd: folder,
  });
  const reader = path.join(output, 'events.ts');
  const source = readerSource(JSON.parse(published) as OpenApiDocument);
  writeFileSync(reader, source);
  const program = ts.createProgram([reader], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: [],
  });
  const messages = ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const line =
      diagnostic.file && diagnostic.start !== undefined
        ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line +
          1
        : 0;
    const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
    return `${path.basename(diagnostic.file?.fileName ?? '')}:${line}: ${text}`;
  });
  return {messages, reader: source};
}

for (const release of apiReleases) {
  test.describe(`release ${release}'s webhook payloads, generated by @hey-api/openapi-ts`, () => {
    test('type every event object’s id and status', async () => {
      const {document} = await loadRelease(specDir, release);
      const {messages, reader} = await compileReader(
        publishedSpec(document).json,
      );
      expect(messages).toEqual([]);
      // One reader per event type, and every one with a status reads it.
      const types = Object.keys(document.webhooks ?? {});
      expect(reader.match(/^export function /gm)).toHaveLength(types.length);
      expect(reader).toContain('event.data.object.id;');
      expect(reader).toContain('event.data.object.status;');
    });
  });
}

test('an event whose object is read-only again fails to compile', async () => {
  const {document} = await loadRelease(specDir, apiReleases[0]!);
  const published = JSON.parse(publishedSpec(document).json) as OpenApiDocument;
  // Point order.created's payload back at Order, whose fields the Hub sets
  // are readOnly: a request to a generator.
  const event = resolveRef<Schema>(
    published,
    published.webhooks!['order.created']!.post!.requestBody!.content[
      'application/json'
    ]!.schema!.$ref!,
  );
  const object = event
    .allOf!.map((part) => part.properties?.data?.properties?.object)
    .find(Boolean)!;
  expect(refName(object.$ref!)).toBe(`Order${eventObjectSuffix}`);
  object.$ref = '#/components/schemas/Order';
  const {messages, reader} = await compileReader(JSON.stringify(published));
  const lines = reader.split('\n');
  const failing = messages.map((message) => {
    const line = Number(/^events\.ts:(\d+):/.exec(message)?.[1]);
    return lines[line - 1]?.trim();
  });
  // order.created and order.updated share OrderEvent: both lose the fields.
  expect(failing).toEqual([
    'const id: string = event.data.object.id;',
    expect.stringMatching(/^const status: .* = event\.data\.object\.status;$/),
    'const id: string = event.data.object.id;',
    expect.stringMatching(/^const status: .* = event\.data\.object\.status;$/),
  ]);
});

test('the published payloads reach no readOnly field, and the source keeps its objects', async () => {
  for (const release of apiReleases) {
    const {document} = await loadRelease(specDir, release);
    const published = JSON.parse(
      publishedSpec(document).json,
    ) as OpenApiDocument;
    const schemas = published.components.schemas;
    const reached = new Set<string>();
    const readOnly: string[] = [];
    const visit = (value: unknown, owner: string, at: string) => {
      if (Array.isArray(value)) {
        value.forEach((item, index) => visit(item, owner, `${at}/${index}`));
        return;
      }
      if (typeof value !== 'object' || value === null) {
        return;
      }
      const record = value as Record<string, unknown>;
      if (record.readOnly === true) {
        readOnly.push(`${release}: ${owner}${at}`);
      }
      if (typeof record.$ref === 'string') {
        const name = refName(record.$ref);
        if (!reached.has(name) && schemas[name]) {
          reached.add(name);
          visit(schemas[name], name, '');
        }
      }
      for (const [key, child] of Object.entries(record)) {
        if (key !== 'examples' && key !== 'example') {
          visit(child, owner, `${at}/${key}`);
        }
      }
    };
    for (const {type, operation} of webhookEvents(published)) {
      visit(operation.requestBody, type, '');
    }
    expect(readOnly).toEqual([]);
    // Every object a payload carries is its copy, and the model keeps Order.
    expect(reached).toContain(`Order${eventObjectSuffix}`);
    expect(reached).not.toContain('Order');
    expect(document.components.schemas[`Order${eventObjectSuffix}`]).toBe(
      undefined,
    );
  }
});
