import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {exportSampleProblems} from '../../src/plugins/content-rules/exports';
import {guideTableProblems} from '../../src/plugins/content-rules/guide-tables';
import type {LoadedSpec} from '../../src/model/openapi-types';
import {loadRelease} from '../../src/plugins/openapi-reference/release-spec';
import {latestRelease} from '../../src/plugins/openapi-reference/releases';
import {loadWorld, worldFact} from '../../src/plugins/openapi-reference/world';

/**
 * Export samples are the world's rows at the export's moment, and a guide's
 * table of the world's figures is one moment of it (issue 30; page checks
 * of the registry, src/plugins/content-rules/exports.ts and
 * guide-tables.ts): each planted mistake is one line at its file and line.
 */

const siteDir = path.join(__dirname, '..', '..');
const world = loadWorld(siteDir);
/** The latest release, which the pages of docs/ (every export sample's) describe. */
let spec: LoadedSpec;
test.beforeAll(async () => {
  spec = await loadRelease(path.join(siteDir, 'openapi'), latestRelease);
});

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
    exportSampleProblems(page, read(page), spec, world),
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
  const problems = exportSampleProblems(stockPage, source, spec, world);
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
  expect(exportSampleProblems(productPage, source, spec, world)).toEqual([
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
    spec,
    world,
  );
  expect(problems[0]).toMatch(
    /^docs\/advanced\/sales-export-formats\.md:\d+: the export sample shows sal_9Ge3Ju7, which the world creates at 2023-05-11T13:20:06Z, after the export's moment 2023-05-10T08:00:00Z\. /,
  );
});

const salesPage = 'docs/advanced/sales-export-formats.md';
const orderPage = 'docs/advanced/order-export-formats.md';

/** What every export message ends with: what to do. */
const showEvery =
  "Show every row of the world's answer to its filter, in the list's order, or change the filter.";

const stockAsked =
  'the export sample filtered with `sku starts with "ALDF-HWJ"` at 2023-05-04T10:00:00Z';
const salesAsked =
  'the export sample filtered with `channel_order_ref = "#10482"` at 2023-05-12T08:00:00Z';

test('a CSV export sample that leaves out a matching row stops with one line', () => {
  // The size L at the shop floor, which a fresh read found missing.
  const row =
    'var_3Tn8Wq2,ALDF-HWJ-OLV-L,Harbour Waxed Jacket,ALDF,wh_6Jp2Mc8,NWSF,Northwind Shop Floor,2,0,2,0,0,2023-05-04T08:05:37Z\n';
  const source = planted(stockPage, row, '');
  expect(exportSampleProblems(stockPage, source, spec, world)).toEqual([
    `${stockPage}:${lineOf(source, 'var_3Tn8Wq2,ALDF-HWJ-OLV-L,Harbour Waxed Jacket,ALDF,wh_1Rk5Ds3')}: ${stockAsked} leaves out the row of var_3Tn8Wq2:wh_6Jp2Mc8, which matches it. ${showEvery}`,
  ]);
});

test('a CSV export sample with a row its filter does not match stops with one line', () => {
  // One of order 10479's sales, true to the world but not #10482's.
  const extra =
    'sal_4Qm7Ta2,2023-05-03T16:12:45Z,str_7Qm3Xa9,Northwind Shopify,ALDF,var_3Tn8Wq1,ALDF-HWJ-OLV-M,Harbour Waxed Jacket,1,14900,GBP,#10479,ord_4Qb9Ns3';
  const last =
    'sal_9Ge3Ju6,2023-05-04T09:30:00Z,str_7Qm3Xa9,Northwind Shopify,ALDF,var_3Tn8Wq1,ALDF-HWJ-OLV-M,Harbour Waxed Jacket,1,14900,GBP,#10482,ord_5Yc1Hd6\n';
  const source = planted(salesPage, last, `${last}${extra}\n`);
  expect(exportSampleProblems(salesPage, source, spec, world)).toEqual([
    `${salesPage}:${lineOf(source, extra)}: ${salesAsked} shows the row of sal_4Qm7Ta2, which its filter does not match. ${showEvery}`,
  ]);
});

test('an export sample with its rows out of order stops with one line', () => {
  // Oldest first, where the list, and so a view with no sort, is newest first.
  const first =
    'sal_9Ge3Ju7,2023-05-11T13:20:00Z,str_7Qm3Xa9,Northwind Shopify,ALDF,var_3Tn8Wq1,ALDF-HWJ-OLV-M,Harbour Waxed Jacket,-1,14900,GBP,#10482,ord_5Yc1Hd6\n';
  const second =
    'sal_9Ge3Ju6,2023-05-04T09:30:00Z,str_7Qm3Xa9,Northwind Shopify,ALDF,var_3Tn8Wq1,ALDF-HWJ-OLV-M,Harbour Waxed Jacket,1,14900,GBP,#10482,ord_5Yc1Hd6\n';
  const source = planted(salesPage, first + second, second + first);
  expect(exportSampleProblems(salesPage, source, spec, world)).toEqual([
    `${salesPage}:${lineOf(source, 'sal_9Ge3Ju6,')}: ${salesAsked} shows its rows in the wrong order: the row of sal_9Ge3Ju6 comes first, but by sold_at desc, the list's order, the row of sal_9Ge3Ju7 comes there. ${showEvery}`,
  ]);
});

test("a JSON sample beside its CSV shows the export's first whole objects", () => {
  // Order 10479 alone, as the page once showed it: 10482 comes first.
  const source = read(orderPage);
  const from = source.indexOf('    {\n      "id": "ord_5Yc1Hd6",');
  const to = source.indexOf('    {\n      "id": "ord_4Qb9Ns3",');
  expect(from).toBeGreaterThan(0);
  const alone = source.slice(0, from) + source.slice(to);
  expect(exportSampleProblems(orderPage, alone, spec, world)).toEqual([
    `${orderPage}:${lineOf(alone, '"id": "oit_7Lp3Wd8"')}: the export sample filtered with \`number in ("10482", "10479")\` at 2023-05-04T10:00:00Z leaves out the row of oit_8Gm4Rt2 of ord_5Yc1Hd6, which matches it. Show every row of the world's answer to its filter, in the list's order (beside its CSV, the JSON shows the first whole objects), or change the filter.`,
  ]);
  // Order 10479 without its second line: each object shows every line.
  const line = source.indexOf('"id": "oit_7Lp3Wd9"');
  const cut =
    source.slice(0, source.lastIndexOf(',\n        {', line)) +
    source.slice(source.indexOf('\n        }', line) + '\n        }'.length);
  expect(exportSampleProblems(orderPage, cut, spec, world)).toEqual([
    `${orderPage}:${lineOf(cut, '"id": "oit_7Lp3Wd8"')}: the export sample filtered with \`number in ("10482", "10479")\` at 2023-05-04T10:00:00Z leaves out the row of oit_7Lp3Wd9 of ord_4Qb9Ns3, which matches it. Show every row of the world's answer to its filter, in the list's order (beside its CSV, the JSON shows the first whole objects), or change the filter.`,
  ]);
});

test('a JSON export sample on its own holds the whole answer', () => {
  const page = 'docs/example.md';
  const sample = (filter: string, ...sales: string[]) =>
    [
      '```json',
      JSON.stringify(
        {
          exported_at: '2023-05-12T08:00:00Z',
          filter,
          sales: sales.map((id) => ({sale_id: id})),
        },
        null,
        2,
      ),
      '```',
    ].join('\n');
  const filter = 'channel_order_ref = "#10482"';
  expect(
    exportSampleProblems(
      page,
      sample(filter, 'sal_9Ge3Ju7', 'sal_9Ge3Ju6'),
      spec,
      world,
    ),
  ).toEqual([]);
  const first = sample(filter, 'sal_9Ge3Ju7');
  expect(exportSampleProblems(page, first, spec, world)).toEqual([
    `${page}:${lineOf(first, '"sal_9Ge3Ju7"')}: ${salesAsked} leaves out the row of sal_9Ge3Ju6, which matches it. ${showEvery}`,
  ]);
  // No filter: every sale the company can see, which holds more.
  expect(
    exportSampleProblems(
      page,
      sample('', 'sal_9Ge3Ju7', 'sal_9Ge3Ju6'),
      spec,
      world,
    ),
  ).toEqual([
    expect.stringMatching(
      /^docs\/example\.md:\d+: the export sample with no filter at 2023-05-12T08:00:00Z leaves out the row of sal_\w+, which matches it\. /,
    ),
  ]);
});

test('an export sample whose kind or filter the world cannot answer stops with one line', () => {
  const page = 'docs/example.md';
  const changes =
    '```json\n{"exported_at": "2023-05-04T16:00:00Z", "changes": []}\n```';
  expect(exportSampleProblems(page, changes, spec, world)).toEqual([
    `${page}:2: the export sample holds no array of orders, products, sales, stock, which names the export's kind. Hold its rows in one of them.`,
  ]);
  const broken =
    '```json\n{"exported_at": "2023-05-04T16:00:00Z", "filter": "sku starts", "stock": []}\n```';
  expect(exportSampleProblems(page, broken, spec, world)).toEqual([
    expect.stringMatching(
      /^docs\/example\.md:2: the export sample filtered with `sku starts` at 2023-05-04T16:00:00Z has a filter that does not parse: .+\. Make the export one the world can answer\.$/,
    ),
  ]);
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
