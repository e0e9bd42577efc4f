import {readFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import type {JsonValue, LoadedSpec} from '../../src/model/openapi-types';
import {deref} from '../../src/model/refs';
import {
  loadRelease,
  overlayPath,
} from '../../src/plugins/openapi-reference/release-spec';
import {
  apiReleases,
  latestRelease,
} from '../../src/plugins/openapi-reference/releases';
import {feedSampleProblems} from '../../src/plugins/content-rules/feed-samples';
import {feedProblems} from '../../src/plugins/openapi-reference/rules/feed';
import {loadWorld} from '../../src/plugins/openapi-reference/world';

const siteDir = path.join(__dirname, '..', '..');
const specDir = path.join(siteDir, 'openapi');
const world = loadWorld(siteDir);

type Json = {[key: string]: JsonValue};

const fallbackOf = (release: string) =>
  release === latestRelease
    ? path.join(specDir, 'openapi.yaml')
    : overlayPath(specDir, release);

const problemsOf = (spec: LoadedSpec, release = latestRelease) =>
  feedProblems(spec, world, release, fallbackOf(release));

/** The change feed's example pages, by name, to change in place. */
function feedPages(spec: LoadedSpec) {
  const operation = spec.document.paths['/changes']!.get!;
  const media = deref(spec.document, operation.responses['200']!).content![
    'application/json'
  ]!;
  const page = (name: string) =>
    deref(spec.document, media.examples![name]!).value as Json;
  return {first: page('afterCursor'), newest: page('newest')};
}

const line = String.raw`^openapi/resources/change\.yaml:\d+: `;
const tail = String.raw`\. Make the example the world's feed, or change its request or the world\.$`;
const sample = String.raw`the world's feed for limit=2, filter=resource = "order" AND action = "updated", after=chg_01H0ZK3N7P4Q2R, order=asc at 2023-05-04T16:00:00Z`;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

for (const release of apiReleases) {
  test(`every change-feed example of ${release} is the world's feed for its request`, async () => {
    const spec = await loadRelease(specDir, release);
    expect(problemsOf(spec, release)).toEqual([]);
  });
}

test('a feed example with a change its filter excludes stops with one line', async () => {
  const spec = await loadRelease(specDir, latestRelease);
  const {first} = feedPages(spec);
  const data = first.data as Json[];
  // The ERP sync's tag change of 09:43:27, which is not an order's.
  data[1] = {
    ...data[1]!,
    id: 'chg_01H0ZK5B2C7D9F',
    resource: 'product',
    resource_id: 'prd_9Kx2Vb7',
    occurred_at: '2023-05-04T09:43:27Z',
  };
  expect(problemsOf(spec)).toEqual([
    expect.stringMatching(
      new RegExp(
        `${line}the example of GET /changes \\(2023-07\\) lists chg_01H0ZK5B2C7D9F \\(prd_9Kx2Vb7 updated at 2023-05-04T09:43:27Z\\), which ${escape(sample)} leaves out: it does not match the filter${tail}`,
      ),
    ),
  ]);
});

test('a feed example that leaves out a change of the world stops with one line', async () => {
  const spec = await loadRelease(specDir, latestRelease);
  const {first} = feedPages(spec);
  first.data = (first.data as Json[]).slice(0, 1);
  expect(problemsOf(spec)).toEqual([
    expect.stringMatching(
      new RegExp(
        `${line}the example of GET /changes \\(2023-07\\) leaves out ord_5Yc1Hd6 updated at 2023-05-04T14:05:00Z, which ${escape(sample)} holds after chg_01H0ZK4T8R2M5N${tail}`,
      ),
    ),
  ]);
});

test('a feed page that says it has no more while the world has more stops with one line', async () => {
  const spec = await loadRelease(specDir, latestRelease);
  const {first} = feedPages(spec);
  first.has_more = false;
  expect(problemsOf(spec)).toEqual([
    expect.stringMatching(
      new RegExp(
        `${line}the example of GET /changes \\(2023-07\\) has has_more false, but ${escape(sample)} has 4 changes for limit=2${tail}`,
      ),
    ),
  ]);
});

test("an example's own query: the newest change is the world's latest", async () => {
  const spec = await loadRelease(specDir, latestRelease);
  const {newest} = feedPages(spec);
  // Order 10479's completion at 15:10:06 came before the transfer's draft.
  (newest.data as Json[])[0] = {
    ...(newest.data as Json[])[0]!,
    resource: 'order',
    resource_id: 'ord_4Qb9Ns3',
    action: 'updated',
    occurred_at: '2023-05-04T15:10:06Z',
  };
  expect(problemsOf(spec)).toEqual([
    expect.stringMatching(
      new RegExp(
        `${line}the example of GET /changes \\(2023-07\\) lists chg_01H0ZK6W3X9Y4Z \\(ord_4Qb9Ns3 updated at 2023-05-04T15:10:06Z\\) first, but the world's feed for limit=1, order=desc at 2023-05-04T16:00:00Z has trf_3Kw9Hn5 created at 2023-05-04T15:20:37Z there${tail}`,
      ),
    ),
  ]);
});

test('IDs that run against the order of their changes stop with one line', async () => {
  const spec = await loadRelease(specDir, latestRelease);
  const {first} = feedPages(spec);
  const data = first.data as Json[];
  data[1]!.id = 'chg_01H0ZK4T8R2M5A';
  first.next_cursor = 'chg_01H0ZK4T8R2M5A';
  expect(problemsOf(spec)).toEqual([
    expect.stringMatching(
      /^openapi\/resources\/change\.yaml:\d+: change chg_01H0ZK4T8R2M5A \(ord_5Yc1Hd6 updated at 2023-05-04T14:05:00Z\) comes after chg_01H0ZK4T8R2M5N \(ord_5Yc1Hd6 updated at 2023-05-04T09:41:12Z\) in the world's feed, but its ID does not: later changes have later IDs\. Give it an ID after chg_01H0ZK4T8R2M5N\.$/,
    ),
  ]);
});

/** The pages that show a sample of the feed, with their release. */
const samplePages = [
  ['api/introduction.md', latestRelease],
  ['docs/getting-started/change.md', latestRelease],
  ['api_versioned_docs/version-2023-01/introduction.md', '2023-01'],
] as const;

const readPage = (page: string) =>
  readFileSync(path.join(siteDir, page), 'utf8');

for (const [page, release] of samplePages) {
  test(`the feed sample of ${page} is the world's feed`, async () => {
    const spec = await loadRelease(specDir, release);
    expect(feedSampleProblems(page, readPage(page), spec, world)).toEqual([]);
  });
}

test('a page sample of the feed that says it has no more stops with one line', async () => {
  const spec = await loadRelease(specDir, latestRelease);
  const page = 'api/introduction.md';
  const source = readPage(page).replace(
    '"next_cursor": "chg_01H0ZK5B2C7D9F",\n  "has_more": true',
    '"next_cursor": "chg_01H0ZK5B2C7D9F",\n  "has_more": false',
  );
  const json =
    source
      .split('\n')
      .findIndex((line) => line.includes('"id": "chg_01H0ZK4T8R2M5N"')) - 3;
  expect(feedSampleProblems(page, source, spec, world)).toEqual([
    `${page}:${json + 1}: the sample of the change feed has has_more false, but the world's feed for after=chg_01H0ZK3N7P4Q2R, limit=2 at 2023-05-04T16:00:00Z has 21 changes for limit=2. Show the world's feed for the request, or change the request.`,
  ]);
});
