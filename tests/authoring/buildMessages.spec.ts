// `npm run build` stops on an authoring mistake with the mistake's own line,
// as `npm start` shows it: nothing of Docusaurus' wrapping error or its
// stack. Each test plants mistakes in a copy of the site and builds it;
// they stop the build early, before the bundler runs (the API model and the
// sample world, loaded by a plugin, and the pages' content rules) or inside
// it (a page's MDX).
import {spawnSync} from 'node:child_process';
import {readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {copySite} from '../support/siteCopy';

/** What the build prints on its way that is not a message about the site. */
const progress = /^(> |\[INFO\] |\[WARNING\] |$)/;

/** One edit: in `file`, the first `from` (one line or several) becomes `to`. */
type Edit = [file: string, from: string, to: string];

/**
 * Builds a copy of the site with each edit made; returns the lines edited
 * (by edit) and what `npm run build` printed other than progress, line by
 * line.
 */
function buildWithEdits(...edits: Edit[]): {
  copy: string;
  lines: number[];
  printed: string[];
} {
  const copy = copySite('ih-help-build-');
  try {
    const lines = edits.map(([file, from, to]) => {
      const target = path.join(copy, file);
      const text = readFileSync(target, 'utf8');
      const at = text.indexOf(from);
      expect(at, `${file} contains ${from}`).toBeGreaterThanOrEqual(0);
      writeFileSync(target, text.replace(from, to));
      return text.slice(0, at).split('\n').length;
    });
    const {status, stdout, stderr} = spawnSync('npm', ['run', 'build'], {
      cwd: copy,
      encoding: 'utf8',
      env: {...process.env, FORCE_COLOR: '0', NO_COLOR: '1'},
    });
    const output = `${stdout}${stderr}`;
    expect(status, output).not.toBe(0);
    expect(output, 'no stack').not.toMatch(/^\s+at /m);
    return {
      copy,
      lines,
      printed: output.split('\n').filter((text) => !progress.test(text)),
    };
  } finally {
    rmSync(copy, {recursive: true, force: true});
  }
}

/** Builds a copy with one edit; returns its line and what the build printed. */
function buildWith(file: string, from: string, to: string) {
  const {copy, lines, printed} = buildWithEdits([file, from, to]);
  return {copy, line: lines[0]!, printed};
}

test.describe.configure({mode: 'default'});

test('a dangling $ref stops the build with one line naming its file and line', () => {
  const file = 'openapi/resources/order.yaml';
  const {line, printed} = buildWith(
    file,
    "$ref: '#/components/schemas/Order'",
    "$ref: '#/components/schemas/Nope'",
  );
  expect(printed).toEqual([
    `AuthoringError: The spec is inconsistent: ${file}:${line}: $ref '#/components/schemas/Nope' points at nothing. A $ref names a component of the document, as '#/components/schemas/Order'.`,
  ]);
});

test('a mistake found while a page compiles stops the build with its one line', () => {
  const file = 'docs/getting-started/change.md';
  const {copy, line, printed} = buildWith(file, '```bash', '```bsh');
  expect(printed).toEqual([
    `AuthoringError: A code block names no language the site knows: ${path.join(copy, file)}:${line}: the language "bsh" has no grammar here. Name one after the opening fence (\`\`\`json), or \`\`\`text for plain text; docs/doc2.md#code-blocks lists the site's languages.`,
  ]);
});

test('statements a page makes that its release or the world contradicts stop the build, one line each at its file and line', () => {
  const table = 'docs/advanced/advanced-query.mdx';
  const inline = 'docs/advanced/advanced-views.md';
  const tour = 'docs/getting-started/quick-tour.md';
  const transfer = 'docs/resources/resource-transfer.mdx';
  const stock = 'docs/advanced/stock-export-formats.md';
  const landing = 'docs/index.mdx';
  const {lines, printed} = buildWithEdits(
    // A filter field no list has, in a table cell and in inline code.
    [
      table,
      '`product_type = "Jacket" AND tags is empty`',
      '`image_count = 0 AND tags is empty`',
    ],
    [
      inline,
      '`barcode is empty AND status = "active"`',
      '`barcode is empty AND variant_count = 1`',
    ],
    // A figure of the sample world typed by hand.
    [
      tour,
      '<World fact="ord_5Yc1Hd6.placed_at" format="time" zone="Europe/London" />',
      '10:30',
    ],
    // One figure of a table drawn at another moment than the rest.
    [
      transfer,
      '<World fact="var_3Tn8Wq1:wh_6Jp2Mc8.allocated" at="2023-05-06T10:45:09Z" />',
      '<World fact="var_3Tn8Wq1:wh_6Jp2Mc8.allocated" at="2023-05-06T08:10:22Z" />',
    ],
    // An export sample that leaves out a row its filter matches.
    [
      stock,
      'var_3Tn8Wq2,ALDF-HWJ-OLV-L,Harbour Waxed Jacket,ALDF,wh_6Jp2Mc8,NWSF,Northwind Shop Floor,2,0,2,0,0,2023-05-04T08:05:37Z\n',
      '',
    ],
    // A change that hides another: allocated from the morning count to
    // order 10482's unit, over order 10481's two.
    [
      tour,
      'allocated <World fact="var_3Tn8Wq1:wh_1Rk5Ds3.allocated" at="2023-05-04T08:47:15Z" />',
      'allocated <World fact="var_3Tn8Wq1:wh_1Rk5Ds3.allocated" at="2023-05-04T07:00:41Z" />',
    ],
    // A list sample that says it has no more than the one order it shows.
    [landing, '"has_more": true', '"has_more": false'],
  );
  expect(printed[0]).toBe('AuthoringError: Pages break the content rules:');
  expect(printed.slice(1).sort()).toEqual(
    [
      expect.stringMatching(
        new RegExp(
          `^- ${table}:${lines[0]}: the filter image_count = 0 AND tags is empty names image_count, which the products list cannot filter on\\.`,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          `^- ${inline}:${lines[1]}: the filter barcode is empty AND variant_count = 1 names variant_count, which the products list cannot filter on\\.`,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          `^- ${stock}:${lines[4]}: the export sample filtered with \`sku starts with "ALDF-HWJ"\` at 2023-05-04T10:00:00Z leaves out the row of var_3Tn8Wq2:wh_6Jp2Mc8, which matches it\\.`,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          `^- ${tour}:${lines[2]}: "10:30" types a figure of the sample world by hand\\. Write <World fact="ord_5Yc1Hd6\\.placed_at" format="time" zone="Europe/London" /> instead`,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          `^- ${tour}:${lines[5]}: the change shows var_3Tn8Wq1:wh_1Rk5Ds3\\.allocated from 2023-05-04T07:00:41Z \\(line ${lines[5]}\\) to 2023-05-04T09:30:05Z in one step, but the story of openapi/world/world\\.yaml changes it 2 times between them`,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          `^- ${landing}:\\d+: the sample of GET /orders has has_more false, but the world's answer to limit=1 at .* has 3 objects for limit=1`,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          `^- ${transfer}:${lines[3]}: the table draws var_3Tn8Wq1:wh_6Jp2Mc8\\.allocated at 2023-05-06T08:10:22Z, but var_3Tn8Wq1:wh_1Rk5Ds3\\.on_hand at 2023-05-06T10:45:09Z \\(line \\d+\\): a table of the sample world's figures is one moment`,
        ),
      ),
    ].sort(),
  );
  expect(printed).toHaveLength(8);
});

test('a code an older release inherits in a description but does not have stops the build at the line that names it', () => {
  const file = 'openapi/resources/variant.yaml';
  const {lines, printed} = buildWithEdits([
    file,
    'answers `422`.',
    'answers `422` with the code `invalid_gtin`.',
  ]);
  expect(printed).toEqual([
    expect.stringMatching(
      new RegExp(
        `^AuthoringError: .*: ${file.replaceAll('.', '\\.')}:${lines[0]}: release 2023-01 inherits ".*with the code \`invalid_gtin\`\\.", but the error code invalid_gtin is not in release 2023-01's catalogue`,
      ),
    ),
  ]);
});

test('a story step that breaks a rule of the product stops the build with one line at its step', () => {
  // Order NWSF-1027 moved to Northwind BigCommerce, where Alder & Finch has
  // no brand store on 6 May.
  const file = 'openapi/world/world.yaml';
  const {printed} = buildWithEdits([
    file,
    "store_id: str_4Hs8Vc2\n      brand_id: brd_4Fz9Lm2\n      placed_at: '2023-05-06T13:48:00Z'",
    "store_id: str_2Wd6Pk4\n      brand_id: brd_4Fz9Lm2\n      placed_at: '2023-05-06T13:48:00Z'",
  ]);
  expect(printed).toEqual([
    expect.stringMatching(
      /^AuthoringError: .*openapi\/world\/world\.yaml:\d+: ord_3Hv6Pq9 at 2023-05-06T13:48:02Z sells Alder & Finch \(brd_4Fz9Lm2\) at Northwind BigCommerce \(str_2Wd6Pk4\), which has no active or paused brand store for it then/,
    ),
  ]);
});

test('an event type listed before it existed stops the build with one line at the step', () => {
  // brand_store.created, added on 12 September 2023, said to come in
  // December: Alder & Finch's subscription lists it from 12 September (the
  // event examples dated before it are checked by tests/unit/events.spec.ts).
  const {printed} = buildWithEdits([
    'openapi/webhooks.yaml',
    "x-added: '2023-09-12'\n      operationId: brandStoreCreatedEvent",
    "x-added: '2023-12-01'\n      operationId: brandStoreCreatedEvent",
  ]);
  expect(printed).toEqual([
    expect.stringMatching(
      /^AuthoringError: .*openapi\/world\/world\.yaml:\d+: ntf_2Wd5Kf8 lists brand_store\.created at 2023-09-12T09:30:00Z, but the type was added on 2023-12-01/,
    ),
  ]);
});
