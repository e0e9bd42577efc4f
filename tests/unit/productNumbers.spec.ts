import {mkdirSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import type {Root} from 'mdast';
import {
  formatNumber,
  loadProductNumbers,
  pageNumberProblems,
  productNumbersPath,
  proseOf,
  specNumberProblems,
} from '../../src/model/product-numbers';
import apiReferenceRemarkPlugin from '../../src/plugins/openapi-reference/remark';
import {readYaml} from '../../src/model/yaml';

const siteDir = path.join(__dirname, '..', '..');
const numbers = loadProductNumbers(siteDir);
const byName = (name: string) =>
  numbers.find((number) => number.name === name)!;

test('the numbers are the product brief’s, and the list limits are the spec’s', () => {
  expect(formatNumber(byName('rate_limit_per_minute'))).toBe(
    '600 requests a minute',
  );
  expect(formatNumber(byName('idempotency_key_hours'))).toBe('24 hours');
  expect(formatNumber(byName('enrichment_retries'), {format: 'words'})).toBe(
    'three times',
  );
  expect(
    formatNumber(byName('release_2023_01_supported_until'), {format: 'date'}),
  ).toBe('31 July 2024');
  // Declared once, in the spec's Limit parameter, and read from there.
  const limit = readYaml<{
    components: {
      parameters: {
        Limit: {schema: {minimum: number; maximum: number; default: number}};
      };
    };
  }>(path.join(siteDir, 'openapi', 'openapi.yaml')).components.parameters.Limit
    .schema;
  expect(byName('list_limit_min').value).toBe(limit.minimum);
  expect(byName('list_limit_max').value).toBe(limit.maximum);
  expect(byName('list_limit_default').value).toBe(limit.default);
});

test('a number typed by hand names the file, line, number and what to write', () => {
  const source = [
    '---',
    'title: Limits',
    '---',
    '',
    'Each API key may make 600 requests a minute.',
  ].join('\n');
  expect(pageNumberProblems('docs/limits.md', source, numbers)).toEqual([
    `docs/limits.md:5: "key may make 600 requests a minute" types the product's rate_limit_per_minute (600 requests a minute) by hand. Write <Limit name="rate_limit_per_minute" /> instead, so the number is stated once, in ${productNumbersPath}.`,
  ]);
});

test('a number that contradicts the declaration names the declared value', () => {
  const problems = pageNumberProblems(
    'docs/limits.md',
    [
      'Each API key may make 500 requests a minute.',
      'After 3 failed sign-in attempts the Hub locks your account for 30 minutes.',
      '`2023-01` is supported until 30 June 2024.',
    ].join('\n'),
    numbers,
  );
  expect(problems).toEqual([
    `docs/limits.md:1: "key may make 500 requests a minute" contradicts the product's rate_limit_per_minute, declared as 600 requests a minute in ${productNumbersPath}. Write <Limit name="rate_limit_per_minute" />, or change the declaration if the product changed.`,
    expect.stringContaining(
      `docs/limits.md:2: "3 failed sign-in attempts" contradicts the product's lockout_attempts, declared as 5 failed attempts`,
    ),
    expect.stringContaining(
      `docs/limits.md:2: "locks your account for 30 minutes" contradicts the product's lockout_minutes, declared as 15 minutes`,
    ),
    expect.stringContaining(
      `docs/limits.md:3: "supported until 30 June 2024" contradicts the product's release_2023_01_supported_until, declared as 2024-07-31`,
    ),
  ]);
});

test('code, sample data, dates, other limits and <Limit> itself are not read as the product’s numbers', () => {
  const source = [
    '---',
    'description: The rate limit is 600 requests a minute.',
    '---',
    '```http',
    'RateLimit-Limit: 600',
    'Each API key may make 500 requests a minute.',
    '```',
    'Use `limit=200` and `after` from the newest change on 2024-07-31.',
    'Each API key may make <Limit name="rate_limit_per_minute" />.',
    'Visualsoft leaves the Hub 48 requests a minute, and images up to 8 MB.',
    'Orders older than two days. The file of the day is 38 KB.',
  ].join('\n');
  expect(pageNumberProblems('docs/samples.md', source, numbers)).toEqual([]);
  // Line for line, so messages keep their line numbers.
  expect(proseOf(source).split('\n')).toHaveLength(11);
});

test('a spec text may state a declared number, and fails when it contradicts one', () => {
  const document = {
    components: {
      parameters: {
        IdempotencyKey: {
          description: 'Kept for 24 hours. Keys are kept for 24 hours.',
        },
        Other: {description: 'A file is at most 40 MB.'},
      },
    },
  };
  expect(specNumberProblems(document, numbers, 'openapi/openapi.yaml')).toEqual(
    [
      `openapi/openapi.yaml: description "file is at most 40 MB" contradicts the product's file_max_mb, declared as 50 MB in ${productNumbersPath}. Write 50 MB, or change the declaration if the product changed.`,
    ],
  );
});

/** A paragraph with one `<Limit>` element in it, as the MDX parser gives it. */
const pageWith = (name: string, bare = false): Root => ({
  type: 'root',
  children: [
    {
      type: 'paragraph',
      children: [
        {type: 'text', value: 'Each key may make '},
        {
          type: 'mdxJsxTextElement',
          name: 'Limit',
          attributes: [
            {type: 'mdxJsxAttribute', name: 'name', value: name},
            ...(bare
              ? [{type: 'mdxJsxAttribute' as const, name: 'bare', value: null}]
              : []),
          ],
          children: [],
          position: {start: {line: 9, column: 1}, end: {line: 9, column: 40}},
        },
        {type: 'text', value: '.'},
      ],
    },
  ],
});

test('<Limit> becomes the number as text, and an unknown name names the page and line', async () => {
  const transform = apiReferenceRemarkPlugin({siteDir});
  const page = pageWith('rate_limit_per_minute');
  await transform(page, {path: 'docs/example.mdx'});
  expect(page.children[0]).toEqual({
    type: 'paragraph',
    children: [
      {type: 'text', value: 'Each key may make '},
      {type: 'text', value: '600 requests a minute'},
      {type: 'text', value: '.'},
    ],
  });
  const bare = pageWith('list_limit_max', true);
  await transform(bare, {path: 'docs/example.mdx'});
  expect(JSON.stringify(bare)).toContain('"value":"200"');
  await expect(
    transform(pageWith('rate_limit'), {path: 'docs/example.mdx'}),
  ).rejects.toThrow(
    `docs/example.mdx:9: <Limit name="rate_limit" /> names nothing in ${productNumbersPath}.`,
  );
});

test('a declaration without a number, or without phrasings, is refused at its line', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'numbers-'));
  mkdirSync(path.join(folder, 'src', 'data'), {recursive: true});
  mkdirSync(path.join(folder, 'openapi'), {recursive: true});
  writeFileSync(
    path.join(folder, 'openapi', 'openapi.yaml'),
    readFileSync(path.join(siteDir, 'openapi', 'openapi.yaml')),
  );
  writeFileSync(
    path.join(folder, productNumbersPath),
    [
      'lockout_minutes:',
      '  value: fifteen',
      '  unit: minutes',
      "  says: ['locked for {n} minutes']",
      'list_limit_max:',
      "  schema: '#/components/parameters/Limit/schema/maximum'",
      '  unit: items',
      "  says: ['up to 200']",
    ].join('\n'),
  );
  expect(() => loadProductNumbers(folder)).toThrow(
    /src\/data\/product-numbers\.yaml:2: lockout_minutes\.value: a value is a number, or a date as YYYY-MM-DD[\s\S]*product-numbers\.yaml:8: list_limit_max\.says\[0\]: each phrasing has \{n\} where the number stands/,
  );
});
