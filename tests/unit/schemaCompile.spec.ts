import {cpSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {AuthoringError} from '../../src/model/authoringError';
import {exampleProblems} from '../../src/plugins/openapi-reference/examples';
import {loadSpec} from '../../src/plugins/openapi-reference/spec';

const siteDir = path.join(__dirname, '..', '..');

/** A copy of the spec folder with the Variant schema's `weight_grams` edited. */
function specWithWeight(edit: (property: string) => string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'schemas-'));
  cpSync(path.join(siteDir, 'openapi'), dir, {recursive: true});
  const target = path.join(dir, 'resources', 'variant.yaml');
  const source = readFileSync(target, 'utf8');
  const property = "        weight_grams:\n          type: [integer, 'null']\n";
  expect(source).toContain(property);
  writeFileSync(target, source.replace(property, edit(property)));
  const line = source.split('\n').indexOf('        weight_grams:') + 1;
  return {dir, relative: path.relative(process.cwd(), target), line};
}

/** The authoring error checking the examples of a spec folder raises. */
function compileError(dir: string): AuthoringError {
  const spec = loadSpec(dir);
  try {
    exampleProblems(spec, path.join(dir, 'openapi.yaml'));
  } catch (error) {
    expect(error).toBeInstanceOf(AuthoringError);
    return error as AuthoringError;
  }
  throw new Error('The examples were checked without an error.');
}

test("a schema with a keyword Ajv does not know stops the build at that schema, not with Ajv's stack", () => {
  const {dir, relative, line} = specWithWeight(
    (property) => `${property}          minimun: 1\n`,
  );
  const error = compileError(dir);
  expect(error.problems).toEqual([
    `${relative}:${line}: Ajv (JSON Schema 2020-12, strict) refuses the schema: strict mode: unknown keyword: "minimun". Correct the schema: use only JSON Schema 2020-12 keywords (and x-lifecycle, x-rules) and formats Ajv knows.`,
  ]);
  expect(error.stack).not.toContain('node_modules');
});

test('a format Ajv does not know is reported at the schema that names it', () => {
  const {dir, relative, line} = specWithWeight(
    (property) => `${property}          format: grams\n`,
  );
  const [problem] = compileError(dir).problems;
  expect(problem).toContain(
    `${relative}:${line}: Ajv (JSON Schema 2020-12, strict) refuses the schema: unknown format "grams"`,
  );
});
