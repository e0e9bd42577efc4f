import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import yaml from 'js-yaml';
import {filterProblems} from '../../src/plugins/content-rules/filters';
import {loadProductNumbers} from '../../src/model/product-numbers';
import {
  releaseOnDay,
  releaseShipDays,
} from '../../src/plugins/openapi-reference/release-days';
import {
  loadApiModel,
  releaseSpec,
  type ApiModel,
} from '../../src/plugins/openapi-reference/model';
import {
  latestRelease,
  olderReleases,
  releaseOfFile,
} from '../../src/plugins/openapi-reference/releases';

/**
 * Every filter expression of a page, in inline code, a table cell, a
 * ```text block or a request sample, is parsed and its fields checked
 * against the list it filters (src/plugins/content-rules/filters.ts), as
 * `npm start` and `npm run build` check it.
 */

const siteDir = path.join(__dirname, '..', '..');
const shipDays = releaseShipDays(loadProductNumbers(siteDir));
let model: ApiModel;

// One worker loads the API model once for every test of the file.
test.describe.configure({mode: 'default'});

test.beforeAll(async () => {
  test.setTimeout(120_000);
  model = await loadApiModel(siteDir);
});

/** The page's problems, as the build finds them: its release, its front matter. */
function problemsOf(file: string, source: string): Promise<string[]> {
  const day = /^blog\/(\d{4}-\d{2}-\d{2})-/.exec(file)?.[1];
  const release =
    day === undefined ? releaseOfFile(file) : releaseOnDay(day, shipDays);
  const matter = /^---\n([\s\S]*?)\n---\n/.exec(source)?.[1];
  const frontMatter = (matter ? yaml.load(matter) : {}) as Record<
    string,
    unknown
  >;
  return filterProblems(
    {file, source, frontMatter},
    releaseSpec(model, release),
    release,
  );
}

const read = (file: string) => readFileSync(path.join(siteDir, file), 'utf8');

/** A copy of a real page's source with one text replaced, and the line it is on. */
function planted(file: string, before: string, after: string) {
  const source = read(file);
  const index = source.indexOf(before);
  expect(index, `${file} has ${before}`).toBeGreaterThan(0);
  return {
    source: source.replace(before, after),
    line: source.slice(0, index).split('\n').length,
  };
}

const productFields =
  'brand_id, title, status, product_type, tags, created_at, updated_at, brand, sku, barcode';

test('every filter on every page parses and names only fields its list filters on', async () => {
  const files = ['docs', 'api', 'api_versioned_docs', 'blog'].flatMap(
    (folder) =>
      readdirSync(path.join(siteDir, folder), {recursive: true})
        .map((name) => path.posix.join(folder, String(name)))
        .filter((name) => /\.mdx?$/.test(name)),
  );
  expect(files.length).toBeGreaterThan(90);
  const problems = (
    await Promise.all(files.map((file) => problemsOf(file, read(file))))
  ).flat();
  expect(problems, problems.join('\n')).toEqual([]);
});

test('a field the list lacks, in a table cell of a real page, fails at its line with the list’s fields and the nearest', async () => {
  const file = 'docs/advanced/advanced-query.mdx';
  const {source, line} = planted(
    file,
    '`product_type = "Jacket" AND tags is empty`',
    '`image_count = 0 AND tags is empty`',
  );
  expect(await problemsOf(file, source)).toEqual([
    `${file}:${line}: the filter image_count = 0 AND tags is empty names image_count, which the products list cannot filter on. Filterable fields: ${productFields}. Did you mean barcode?`,
  ]);
});

test('a field the list lacks, in inline code of a real page, fails at its line, against the list it filters', async () => {
  const file = 'docs/advanced/advanced-views.md';
  const prose = planted(
    file,
    '`barcode is empty AND status = "active"`',
    '`barcode is empty AND variant_count = 1`',
  );
  expect(await problemsOf(file, prose.source)).toEqual([
    `${file}:${prose.line}: the filter barcode is empty AND variant_count = 1 names variant_count, which the products list cannot filter on. Filterable fields: ${productFields}. Did you mean brand_id?`,
  ]);
  const api = 'api/orders/order.mdx';
  const sent = planted(
    api,
    '`filter=status = "pending"`',
    '`filter=status = "pending" AND image_count = 0`',
  );
  expect(await problemsOf(api, sent.source)).toEqual([
    expect.stringMatching(
      new RegExp(
        `^${api}:${sent.line}: the filter status = "pending" AND image_count = 0 names image_count, which the orders list cannot filter on\\. Filterable fields: [a-z_., ]+\\. Did you mean [a-z_.]+\\?$`,
      ),
    ),
  ]);
});

test('inline code that is no comparison of the language is not a filter', async () => {
  const source = [
    'Send `limit=200` and write `format="words"` on `<Limit>`.',
    'Read `status`, `placed_at` and `Hub-Version: 2023-07`.',
    'The `filter` parameter takes `status = "pending"`.',
    'Compute `available = on_hand - allocated - buffer`.',
  ].join('\n');
  expect(await problemsOf('docs/example.md', source)).toEqual([]);
});

test('a line marked deliberately wrong is not checked', async () => {
  const row = '| `a = 1 OR b = 2` | Any |';
  const marked =
    '| `a = 1 OR b = 2` {/* deliberately wrong: a and b stand for any conditions */} | Any |';
  const table = (line: string) =>
    ['| You write | Finds |', '| --- | --- |', line].join('\n');
  expect(await problemsOf('docs/example.mdx', table(marked))).toEqual([]);
  expect(await problemsOf('docs/example.mdx', table(row))).toEqual([
    `docs/example.mdx:3: the filter a = 1 OR b = 2 names a, which no list of release ${latestRelease} can filter on. Did you mean alt?`,
    `docs/example.mdx:3: the filter a = 1 OR b = 2 names b, which no list of release ${latestRelease} can filter on. Did you mean sku?`,
  ]);
});

test('a filter that says filter=, or a query block’s line, must parse', async () => {
  const source = [
    'From `filter=status = = "pending"`.',
    '```text',
    'status = "pending" AND placed_at < -2d',
    'status = = "pending"',
    '```',
  ].join('\n');
  expect(await problemsOf('docs/example.md', source)).toEqual([
    'docs/example.md:1: the filter status = = "pending" does not parse: Expected a value after "=" at column 10',
    'docs/example.md:4: the filter status = = "pending" does not parse: Expected a value after "=" at column 10',
  ]);
});

test('a request sample’s filter is checked against the list it is sent to, in the page’s release', async () => {
  const source = [
    '```bash',
    'curl -G "https://sandbox.api.example.com/v1/orders" \\',
    `  -H "Hub-Version: ${latestRelease}" \\`,
    `  --data-urlencode 'filter=colour = "olive"'`,
    '```',
  ].join('\n');
  expect(await problemsOf('docs/example.md', source)).toEqual([
    expect.stringMatching(
      /^docs\/example\.md:4: the filter colour = "olive" names colour, which the orders list cannot filter on\. Filterable fields: .*\. Did you mean [a-z_.]+\?$/,
    ),
  ]);
  const [older] = olderReleases;
  const file = `api_versioned_docs/version-${older}/example.md`;
  const list =
    'List them: `GET /order-items?filter=status%20%3D%20%22open%22`.';
  expect(await problemsOf(file, list)).toEqual([
    `${file}:1: GET /order-items takes no filter in release ${older}.`,
  ]);
  expect(await problemsOf('docs/example.md', list)).toEqual([]);
});

test('a page names the lists its filters filter in its front matter', async () => {
  const page = (lists: string) =>
    ['---', `filter_lists: ${lists}`, '---', 'Try `tags is empty`.'].join('\n');
  expect(await problemsOf('docs/example.md', page('[product]'))).toEqual([]);
  expect(await problemsOf('docs/example.md', page('[order]'))).toEqual([
    expect.stringMatching(
      /^docs\/example\.md:4: the filter tags is empty names tags, which the orders list cannot filter on\./,
    ),
  ]);
  expect(await problemsOf('docs/example.md', page('[prodcut]'))).toEqual([
    expect.stringMatching(
      /^docs\/example\.md:1: filter_lists names prodcut, which is no resource with a filtered list in release [\d-]+\. Did you mean product\?$/,
    ),
  ]);
});
