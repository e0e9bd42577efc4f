import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {listSampleProblems} from '../../src/plugins/content-rules/list-samples';
import {loadRelease} from '../../src/plugins/openapi-reference/release-spec';
import {latestRelease} from '../../src/plugins/openapi-reference/releases';
import {loadWorld} from '../../src/plugins/openapi-reference/world';

/**
 * A page's sample of a list is the world's answer to its request at the
 * moment its objects show (issue 30; a page check of the registry,
 * src/plugins/content-rules/list-samples.ts): each planted mistake is one
 * line at the JSON's first line.
 */

const siteDir = path.join(__dirname, '..', '..');
const specDir = path.join(siteDir, 'openapi');
const world = loadWorld(siteDir);
const read = (page: string) => readFileSync(path.join(siteDir, page), 'utf8');

/** The release a page documents: its versioned folder's, else the latest. */
const releaseOf = (page: string) =>
  /version-([\d-]+)\//.exec(page)?.[1] ?? latestRelease;

/** The line of the JSON block that holds a text: its first line after the fence. */
const jsonLineOf = (source: string, text: string) => {
  const lines = source.split('\n');
  const at = lines.findIndex((line) => line.includes(text));
  return lines.slice(0, at).lastIndexOf('```json') + 2;
};

test("every page's list samples are the world's answer to their request", async () => {
  const pages = ['docs', 'api', 'api_versioned_docs', 'blog'].flatMap(
    (folder) =>
      (readdirSync(path.join(siteDir, folder), {recursive: true}) as string[])
        .filter((entry) => /\.mdx?$/.test(entry))
        .map((entry) => path.join(folder, entry)),
  );
  const problems = [];
  for (const page of pages) {
    const spec = await loadRelease(specDir, releaseOf(page));
    problems.push(...listSampleProblems(page, read(page), spec, world));
  }
  expect(problems).toEqual([]);
});

test('a list sample that leaves out a matching order stops at its JSON', async () => {
  const page = 'api/introduction.md';
  const spec = await loadRelease(specDir, latestRelease);
  // Order 10481 taken out of the two most recent orders, and 10479 shown
  // in its place as it was that morning.
  const source = read(page).replace(
    '"id": "ord_7Hd2Kx5"',
    '"id": "ord_4Qb9Ns3"',
  );
  expect(listSampleProblems(page, source, spec, world)).toEqual([
    `${page}:${jsonLineOf(source, '"id": "ord_5Yc1Hd6"')}: the sample of GET /orders lists ord_4Qb9Ns3 after ord_5Yc1Hd6, but the world's answer to limit=2 at 2023-05-04T09:41:12Z has ord_7Hd2Kx5 there, which the example leaves out. Show the world's answer to the request, or change the request.`,
  ]);
});

test('a list sample that says it has no more stops at its JSON', async () => {
  const page = 'docs/index.mdx';
  const spec = await loadRelease(specDir, latestRelease);
  const source = read(page).replace('"has_more": true', '"has_more": false');
  expect(listSampleProblems(page, source, spec, world)).toEqual([
    expect.stringMatching(
      new RegExp(
        `^${page}:${jsonLineOf(source, '"id": "ord_5Yc1Hd6"')}: the sample of GET /orders has has_more false, but the world's answer to limit=1 at .* has 3 objects for limit=1\\.`,
      ),
    ),
  ]);
});
