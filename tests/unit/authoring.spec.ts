// Every mistake an author can make in the API's sources stops the API model
// (and so `npm start` and `npm run build`) with one message that names the
// file and line, says what to do, and carries no stack trace. Each test
// makes one mistake in a copy of the sources.
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {AuthoringError} from '../../src/model/authoringError';
import {
  loadApiModel,
  modelSourceFiles,
  pageSourcesFile,
  specFolder,
} from '../../src/plugins/openapi-reference/model';

const siteDir = path.join(__dirname, '..', '..');

/** A copy of the model's sources, with one file edited. */
function sitewith(file: string, edit: (text: string) => string): string {
  const copy = mkdtempSync(path.join(tmpdir(), 'ih-authoring-'));
  cpSync(path.join(siteDir, specFolder), path.join(copy, specFolder), {
    recursive: true,
  });
  // The other files the model reads: the guide-only lifecycles, the labels.
  for (const source of modelSourceFiles(siteDir)) {
    const target = path.join(copy, path.relative(siteDir, source));
    mkdirSync(path.dirname(target), {recursive: true});
    cpSync(source, target);
  }
  const target = path.join(copy, file);
  writeFileSync(target, edit(readFileSync(target, 'utf8')));
  return copy;
}

/** The 1-based line of the first line of a file that starts with some text. */
function lineOf(file: string, text: string): number {
  const lines = readFileSync(path.join(siteDir, file), 'utf8').split('\n');
  const index = lines.findIndex((line) => line.startsWith(text));
  expect(index, `${file} contains ${text}`).toBeGreaterThanOrEqual(0);
  return index + 1;
}

/**
 * Where a message points: the file as the author sees it (the copy's path
 * ends with it) and the line.
 */
const at = (file: string, line: number | string) =>
  `(?:^|/)${file.replaceAll('.', '\\.')}:${line}`;

/** The one authoring error a copy's model fails with. */
async function failure(copy: string): Promise<AuthoringError> {
  try {
    await loadApiModel(copy);
  } catch (error) {
    expect(error).toBeInstanceOf(AuthoringError);
    const authoring = error as AuthoringError;
    expect(authoring.stack).not.toMatch(/\n\s+at /);
    return authoring;
  } finally {
    rmSync(copy, {recursive: true, force: true});
  }
  throw new Error('The model loaded without an error.');
}

const order = 'openapi/resources/order.yaml';

test('the sources as they are load without a mistake', async () => {
  const model = await loadApiModel(siteDir);
  expect([...model.releases.keys()]).toEqual(['2023-07', '2023-01']);
});

test('a dangling $ref names its line and the nearest schema', async () => {
  const line = lineOf(
    order,
    "                $ref: '#/components/schemas/Order'",
  );
  const error = await failure(
    sitewith(order, (text) =>
      text.replace(
        "$ref: '#/components/schemas/Order'",
        "$ref: '#/components/schemas/Ordr'",
      ),
    ),
  );
  expect(error.problems).toHaveLength(1);
  expect(error.problems[0]).toMatch(
    new RegExp(
      `${at(order, line)}: \\$ref '#/components/schemas/Ordr' points at nothing; did you mean '#/components/schemas/Order'\\?`,
    ),
  );
});

test('a YAML syntax error names its file, line and column', async () => {
  const line = lineOf(order, 'x-object:');
  const error = await failure(
    sitewith(order, (text) => text.replace('x-object:', 'x-object: : :')),
  );
  expect(error.problems).toEqual([
    expect.stringMatching(
      new RegExp(`${at(order, line)}:\\d+: .+ Fix the YAML`),
    ),
  ]);
});

test('an example that contradicts the sample world names its line, the field and both values', async () => {
  const examples = lineOf(order, '        - id: ord_5Yc1Hd6');
  const error = await failure(
    sitewith(order, (text) =>
      text.replace(
        "        - id: ord_5Yc1Hd6\n          number: '10482'\n          status: completed",
        "        - id: ord_5Yc1Hd6\n          number: '10482'\n          status: dispatched",
      ),
    ),
  );
  expect(error.message).toMatch(
    /^Examples of the \S+ document disagree with the sample world \(openapi\/world\/world\.yaml\)/,
  );
  expect(error.problems).toEqual([
    expect.stringMatching(
      new RegExp(
        `${at(order, examples)}: ord_5Yc1Hd6 field "status" is "dispatched" in the example, but "completed" at now \\(2023-05-04T16:00:00Z\\) in the world \\((?:.*/)?openapi/world/world\\.yaml:\\d+\\)`,
      ),
    ),
  ]);
});

test('an example that breaks its schema names its line and field', async () => {
  const examples = lineOf(order, '        - id: ord_5Yc1Hd6');
  const error = await failure(
    sitewith(order, (text) =>
      text.replace(
        "        - id: ord_5Yc1Hd6\n          number: '10482'\n          status: completed",
        "        - id: ord_5Yc1Hd6\n          number: '10482'\n          status: shipped",
      ),
    ),
  );
  expect(error.problems).toEqual([
    expect.stringMatching(
      new RegExp(
        `${at(order, examples)}: schema Order example 1: field "/status" must be equal to one of the allowed values \\(pending, `,
      ),
    ),
  ]);
});

test('an overlay action that matches nothing names its line', async () => {
  const overlay = 'openapi/overlays/2023-01.yaml';
  const line = lineOf(overlay, '  - target: $.info');
  const error = await failure(
    sitewith(overlay, (text) =>
      text.replace('  - target: $.info', '  - target: $.infos'),
    ),
  );
  expect(error.problems).toEqual([
    expect.stringMatching(
      new RegExp(
        `${at(overlay, line)}: the target \\$\\.infos matches nothing in the source\\. Correct the path`,
      ),
    ),
  ]);
});

test('an overlay without its release, and a release without its overlay, are named', async () => {
  const copy = sitewith('openapi/overlays/2023-01.yaml', (text) => text);
  cpSync(
    path.join(copy, 'openapi/overlays/2023-01.yaml'),
    path.join(copy, 'openapi/overlays/2022-06.yaml'),
  );
  rmSync(path.join(copy, 'openapi/overlays/2023-01.yaml'));
  const error = await failure(copy);
  expect(error.problems).toEqual([
    expect.stringMatching(
      /overlays\/2023-01\.yaml is missing: api_versions\.json lists 2023-01/,
    ),
    expect.stringMatching(
      /overlays\/2022-06\.yaml: no release 2022-06 in api_versions\.json/,
    ),
  ]);
});

test('a release document that names another release is named at its line', async () => {
  const root = 'openapi/openapi.yaml';
  const error = await failure(
    sitewith(root, (text) =>
      text.replace(/version: '?2023-07'?/, "version: '2023-08'"),
    ),
  );
  expect(error.problems).toEqual([
    expect.stringMatching(
      new RegExp(
        `${at(root, '\\d+')}: info.version is 2023-08, but this is the 2023-07 document. Set info.version to 2023-07.$`,
      ),
    ),
  ]);
});

test('the page sources file is whole whenever the bundler can read it, while the model reloads', async () => {
  // In `npm start`, an edit recompiles many pages at once: each page's
  // loader reads the file (model-dependencies-loader.cjs) on the main
  // thread, between the steps of the model's reload that rewrites it. A
  // read of a half-written file stopped a page from ever updating.
  const copy = sitewith(order, (text) => text);
  try {
    await loadApiModel(copy);
    const file = pageSourcesFile(copy);
    const torn: string[] = [];
    for (const summary of ['Create an order for a store', 'Create an order']) {
      const target = path.join(copy, order);
      writeFileSync(
        target,
        readFileSync(target, 'utf8').replace(
          /summary: Create an order.*\n/,
          `summary: ${summary}\n`,
        ),
      );
      let reloaded = false;
      const reload = loadApiModel(copy).finally(() => (reloaded = true));
      while (!reloaded) {
        await new Promise((resolve) => setImmediate(resolve));
        const text = readFileSync(file, 'utf8');
        try {
          JSON.parse(text);
        } catch {
          torn.push(text.slice(0, 40));
        }
      }
      await reload;
    }
    expect(torn, 'reads of a half-written file').toEqual([]);
  } finally {
    rmSync(copy, {recursive: true, force: true});
  }
});
