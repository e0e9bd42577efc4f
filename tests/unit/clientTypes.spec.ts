// Generates TypeScript types from the published spec with openapi-typescript,
// as an integrator would, and checks they have no holes and that a small
// client (fixtures/clientTypes/client.ts) type-checks against them.
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import openapiTS, {astToString} from 'openapi-typescript';
import ts from 'typescript';
import {publishedSpec} from '../../src/plugins/openapi-reference/spec';
import {type OpenApiDocument} from '../../src/model/openapi-types';
import {spec} from '../support/openapi';

const fixture = path.join(__dirname, 'fixtures', 'clientTypes', 'client.ts');

async function generateTypes(document: OpenApiDocument): Promise<string> {
  return astToString(
    await openapiTS(publishedSpec(document).json, {silent: true}),
  );
}

/**
 * Types a client cannot use: an object that allows no property
 * (`Record<string, never>`) or a value typed `unknown`. Comments are skipped,
 * and so are openapi-typescript's own open maps of headers and the empty
 * `$defs` it always exports.
 */
function typeHoles(source: string): string[] {
  return source
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => !line.startsWith('*') && !line.startsWith('/*'))
    .filter((line) => line !== 'export type $defs = Record<string, never>;')
    .filter((line) => line !== '[name: string]: unknown;')
    .filter((line) => /Record<string, never>|\bunknown\b/.test(line));
}

function typeCheck(typesFile: string): string[] {
  const program = ts.createProgram([fixture], {
    strict: true,
    noEmit: true,
    noUnusedLocals: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: [],
    paths: {'hub-api': [typesFile]},
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) =>
      ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'),
    );
}

function withoutAdditionalProperties(
  document: OpenApiDocument,
): OpenApiDocument {
  const doctored = JSON.parse(JSON.stringify(document)) as OpenApiDocument;
  const before = doctored.components.schemas.Change!.properties!.before!;
  delete (before as Record<string, unknown>).additionalProperties;
  return doctored;
}

test.describe('Generated client types', () => {
  let types = '';
  let typesFile = '';

  test.beforeAll(async () => {
    types = await generateTypes(spec.document);
    typesFile = path.join(
      mkdtempSync(path.join(tmpdir(), 'hub-api-')),
      'api.ts',
    );
    writeFileSync(typesFile, types);
  });

  test('have no Record<string, never> or unknown holes', () => {
    expect(types).toContain('export interface webhooks');
    expect(typeHoles(types)).toEqual([]);
  });

  test('a doctored spec with a hole is caught', async () => {
    const doctored = await generateTypes(
      withoutAdditionalProperties(spec.document),
    );
    expect(typeHoles(doctored)).toContain(
      'readonly before: Record<string, never> | null;',
    );
  });

  test('a small client type-checks against them', () => {
    expect(typeCheck(typesFile)).toEqual([]);
  });
});
