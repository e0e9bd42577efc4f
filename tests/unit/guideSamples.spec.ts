import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {exportSampleProblems} from '../../src/plugins/content-rules/exports';
import {guideTableProblems} from '../../src/plugins/content-rules/guide-tables';
import {loadWorld, worldFact} from '../../src/plugins/openapi-reference/world';

/**
 * Export samples are the world's rows at the export's moment, and a guide's
 * table of the world's figures is one moment of it (issue 30; page checks
 * of the registry, src/plugins/content-rules/exports.ts and
 * guide-tables.ts): each planted mistake is one line at its file and line.
 */

const siteDir = path.join(__dirname, '..', '..');
const world = loadWorld(siteDir);

/** Every page of the site, by its path from the site's folder. */
const pages = ['docs', 'api', 'api_versioned_docs', 'blog'].flatMap((folder) =>
  (readdirSync(path.join(siteDir, folder), {recursive: true}) as string[])
    .filter((entry) => /\.mdx?$/.test(entry))
    .map((entry) => path.join(folder, entry)),
);
const read = (page: string) => readFileSync(path.join(siteDir, page), 'utf8');

const stockPage = 'docs/advanced/stock-export-formats.md';
const productPage = 'docs/advanced/product-export-formats.md';
const transferPage = 'docs/resources/resource-transfer.mdx';

/** The page's source with one text replaced, which must be there. */
function planted(page: string, from: string, to: string) {
  const source = read(page);
  expect(source).toContain(from);
  return source.replace(from, to);
}

const lineOf = (source: string, text: string) =>
  source.split('\n').findIndex((line) => line.includes(text)) + 1;

test("every page's export samples are the world's rows", () => {
  const checked = pages.flatMap((page) =>
    exportSampleProblems(page, read(page), world),
  );
  expect(checked).toEqual([]);
});

test("every page's tables of the world's figures are one moment each", () => {
  expect(
    pages.flatMap((page) => guideTableProblems(page, read(page), world)),
  ).toEqual([]);
});

test('a stock export row from before the count it is stamped after stops with one line', () => {
  // The JSON sample, and so the CSV of the same export, at 15:30: after
  // the 14:05 dispatch took a unit out of Leeds DC.
  const source = planted(
    stockPage,
    '"exported_at": "2023-05-04T10:00:00Z"',
    '"exported_at": "2023-05-04T15:30:00Z"',
  );
  const problems = exportSampleProblems(stockPage, source, world);
  const csvRow = lineOf(source, 'var_3Tn8Wq1,ALDF-HWJ-OLV-M,');
  expect(problems[0]).toBe(
    `${stockPage}:${csvRow}: the export sample shows on_hand "24" for var_3Tn8Wq1:wh_1Rk5Ds3, but the world has var_3Tn8Wq1:wh_1Rk5Ds3's on_hand 23 at 2023-05-04T15:30:00Z. Write the world's row at the export's moment, or change the world.`,
  );
  // The CSV's row and the JSON's: one line each.
  expect(problems).toHaveLength(2);
  expect(problems[1]).toMatch(
    new RegExp(`^${stockPage}:${lineOf(source, '"on_hand": 24')}: `),
  );
});

test("a product export's tags from before the 09:43 edit stop with one line", () => {
  const source = planted(
    productPage,
    '"tags": ["outerwear", "waxed"]',
    '"tags": ["outerwear"]',
  );
  expect(exportSampleProblems(productPage, source, world)).toEqual([
    `${productPage}:${lineOf(source, '"tags": ["outerwear"]')}: the export sample shows tags ["outerwear"] for prd_9Kx2Vb7, but the world has prd_9Kx2Vb7's tags ["outerwear","waxed"] at 2023-05-04T15:30:00Z. Write the world's row at the export's moment, or change the world.`,
  ]);
});

test('an export row of an object created after the export stops with one line', () => {
  const source = planted(
    'docs/advanced/sales-export-formats.md',
    '"exported_at": "2023-05-12T08:00:00Z"',
    '"exported_at": "2023-05-10T08:00:00Z"',
  );
  const problems = exportSampleProblems(
    'docs/advanced/sales-export-formats.md',
    source,
    world,
  );
  expect(problems[0]).toMatch(
    /^docs\/advanced\/sales-export-formats\.md:\d+: the export sample shows sal_9Ge3Ju7, which the world creates at 2023-05-11T13:20:06Z, after the export's moment 2023-05-10T08:00:00Z\. /,
  );
});

test('a table that mixes two moments of the world stops with one line', () => {
  // After Receive: the shop floor's allocated drawn at the send instead.
  const source = planted(
    transferPage,
    '<World fact="var_3Tn8Wq1:wh_6Jp2Mc8.allocated" at="2023-05-06T10:45:09Z" />',
    '<World fact="var_3Tn8Wq1:wh_6Jp2Mc8.allocated" at="2023-05-06T08:10:22Z" />',
  );
  const leeds = lineOf(
    source,
    '<World fact="var_3Tn8Wq1:wh_1Rk5Ds3.on_hand" at="2023-05-06T10:45:09Z" />',
  );
  const shopFloor = lineOf(
    source,
    '<World fact="var_3Tn8Wq1:wh_6Jp2Mc8.on_hand" at="2023-05-06T10:45:09Z" />',
  );
  expect(guideTableProblems(transferPage, source, world)).toEqual([
    `${transferPage}:${shopFloor}: the table draws var_3Tn8Wq1:wh_6Jp2Mc8.allocated at 2023-05-06T08:10:22Z, but var_3Tn8Wq1:wh_1Rk5Ds3.on_hand at 2023-05-06T10:45:09Z (line ${leeds}): a table of the sample world's figures is one moment of openapi/world/world.yaml. Draw every figure at="2023-05-06T10:45:09Z", or split the table.`,
  ]);
});

test('a worked sequence shows a moment per step, and fixed values any time', () => {
  const source = [
    '| When | Change |',
    '| ---- | ------ |',
    '| <World fact="ord_5Yc1Hd6.placed_at" format="time" /> | <World fact="var_3Tn8Wq1:wh_1Rk5Ds3.allocated" at="2023-05-04T07:00:41Z" /> → <World fact="var_3Tn8Wq1:wh_1Rk5Ds3.allocated" at="2023-05-04T09:30:05Z" /> |',
    '',
    '| Field | Value |',
    '| ----- | ----- |',
    '| Lines | <World fact="trf_3Kw9Hn5.quantity" /> |',
    '| Status | <World fact="trf_3Kw9Hn5.status" at="2023-05-06T08:10:22Z" /> |',
    '',
    '| Step | What happens |',
    '| ---- | ------------ |',
    '| 1 | <World fact="var_3Tn8Wq1:wh_1Rk5Ds3.allocated" at="2023-05-04T07:00:41Z" /> allocated |',
    '| 2 | <World fact="var_3Tn8Wq1:wh_1Rk5Ds3.allocated" at="2023-05-04T09:30:05Z" /> allocated |',
  ].join('\n');
  expect(guideTableProblems('docs/example.md', source, world)).toEqual([]);
});

test('`at` is a moment of the world: an object as it is then', () => {
  // The shop floor's last change before the transfer leaves Leeds DC on
  // 6 May is order 10479's dispatch on 4 May.
  expect(
    worldFact(world, 'var_3Tn8Wq1:wh_6Jp2Mc8.on_hand', '2023-05-06T08:00:00Z'),
  ).toBe(4);
  expect(
    worldFact(world, 'var_3Tn8Wq1:wh_6Jp2Mc8.on_hand', '2023-05-03T12:00:00Z'),
  ).toBeUndefined();
  expect(
    worldFact(world, 'var_3Tn8Wq1:wh_6Jp2Mc8.on_hand', 'yesterday'),
  ).toBeUndefined();
});
