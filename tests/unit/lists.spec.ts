import path from 'node:path';
import {expect, test} from '@playwright/test';
import type {
  JsonValue,
  LoadedSpec,
  Parameter,
} from '../../src/model/openapi-types';
import {pageCursor} from '../../src/model/operations';
import {deref} from '../../src/model/refs';
import {
  loadRelease,
  overlayPath,
} from '../../src/plugins/openapi-reference/release-spec';
import {
  apiReleases,
  latestRelease,
} from '../../src/plugins/openapi-reference/releases';
import {fieldsAt, instant, worldAnswer} from '../../src/lib/world/lists';
import {listProblems} from '../../src/plugins/openapi-reference/rules/lists';
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
  listProblems(spec, world, release, fallbackOf(release));

/** The orders list's operation and its example page, to change in place. */
function orders(spec: LoadedSpec) {
  const operation = spec.document.paths['/orders']!.get!;
  const media = deref(spec.document, operation.responses['200']!).content![
    'application/json'
  ]!;
  const page = deref(spec.document, Object.values(media.examples!)[0]!)
    .value as Json;
  return {operation, page, data: page.data as Json[]};
}

/** Gives the orders list its own copy of a shared query parameter, with an example. */
function ownParameter(spec: LoadedSpec, name: string, example: JsonValue) {
  const {operation} = orders(spec);
  operation.parameters = operation.parameters!.map((parameter) => {
    const found = deref(spec.document, parameter);
    return found.name === name ? ({...found, example} as Parameter) : parameter;
  });
}

const line = String.raw`^openapi/resources/order\.yaml:\d+: `;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const answer = escape(
  `the world's answer to placed_at >= yesterday AND status != "cancelled", store_id=str_7Qm3Xa9, brand_id=brd_4Fz9Lm2, limit=50 at 2023-05-04T16:00:00Z`,
);
const tail = String.raw`\. Make the example the world's answer, or change its request or the world\.$`;

for (const release of apiReleases) {
  test(`every list example of ${release} is the world's answer to its sample`, async () => {
    const spec = await loadRelease(specDir, release);
    expect(problemsOf(spec, release)).toEqual([]);
  });
}

test('a list example that leaves out a matching object stops with one line', async () => {
  const spec = await loadRelease(specDir, latestRelease);
  const {page, data} = orders(spec);
  page.data = data.slice(0, 1);
  expect(problemsOf(spec)).toEqual([
    expect.stringMatching(
      new RegExp(
        `${line}the example of GET /orders \\(2023-07\\) leaves out ord_7Hd2Kx5, which ${answer} holds after ord_5Yc1Hd6${tail}`,
      ),
    ),
  ]);
});

test('a list example with an object its filter excludes stops with one line', async () => {
  const spec = await loadRelease(specDir, latestRelease);
  // Order 10479 was placed on 3 May, before today in Europe/London.
  orders(spec).operation['x-filter']!.example =
    'placed_at >= today AND status != "cancelled"';
  expect(problemsOf(spec)).toEqual([
    expect.stringMatching(
      new RegExp(
        `${line}the example of GET /orders \\(2023-07\\) lists ord_4Qb9Ns3, which the world's answer to placed_at >= today AND status != "cancelled", store_id=str_7Qm3Xa9, brand_id=brd_4Fz9Lm2, limit=50 at 2023-05-04T16:00:00Z leaves out: it does not match the filter${tail}`,
      ),
    ),
  ]);
});

test('a list example in the wrong order stops with one line', async () => {
  const spec = await loadRelease(specDir, latestRelease);
  const {page, data} = orders(spec);
  page.data = [...data].reverse();
  expect(problemsOf(spec)).toEqual([
    expect.stringMatching(
      new RegExp(
        `${line}the example of GET /orders \\(2023-07\\) lists ord_4Qb9Ns3 first, but the world's answer to .+, by placed_at desc, has ord_5Yc1Hd6 there${tail}`,
      ),
    ),
  ]);
});

test('a page cut at its limit that says it has no more stops with one line', async () => {
  const spec = await loadRelease(specDir, latestRelease);
  ownParameter(spec, 'limit', 1);
  const {page, data} = orders(spec);
  page.data = data.slice(0, 1);
  expect(problemsOf(spec)).toEqual([
    expect.stringMatching(
      new RegExp(
        `${line}the example of GET /orders \\(2023-07\\) has has_more false, but the world's answer to .+, limit=1 at 2023-05-04T16:00:00Z has 3 objects for limit=1${tail}`,
      ),
    ),
  ]);
  // With has_more, the page's next_cursor is the cursor after its last order.
  page.has_more = true;
  expect(problemsOf(spec)).toEqual([
    expect.stringContaining(
      `has next_cursor null, but a page that ends with ord_5Yc1Hd6 and has more has the cursor after it, "${Buffer.from('ord_5Yc1Hd6:2023-05-04').toString('base64url')}"`,
    ),
  ]);
  page.next_cursor = Buffer.from('ord_5Yc1Hd6:2023-05-04').toString(
    'base64url',
  );
  expect(problemsOf(spec)).toEqual([]);
});

test('a first page whose sample sends a cursor stops with one line', async () => {
  const spec = await loadRelease(specDir, latestRelease);
  const cursor = Buffer.from('ord_5Yc1Hd6:2023-05-04').toString('base64url');
  ownParameter(spec, 'cursor', cursor);
  expect(problemsOf(spec)).toEqual([
    expect.stringMatching(
      new RegExp(
        `${line}the sample of GET /orders \\(2023-07\\) sends cursor=${cursor}, but its example is a first page, which sends no cursor\\. Remove the cursor parameter's example\\.$`,
      ),
    ),
  ]);
});

test('a list example of an older release is held to its own sample', async () => {
  const spec = await loadRelease(specDir, '2023-01');
  // 2023-01 takes no filter on transfers: its sample sends status alone.
  const transfers = spec.document.paths['/transfers']!.get!;
  const media = deref(spec.document, transfers.responses['200']!).content![
    'application/json'
  ]!;
  const page = deref(spec.document, Object.values(media.examples!)[0]!)
    .value as Json;
  page.data = [];
  expect(problemsOf(spec, '2023-01')).toEqual([
    `openapi/overlays/2023-01.yaml: the example of GET /transfers (2023-01) leaves out trf_8Lc4Vx2, which the world's answer to status=in_transit, limit=50 at 2023-05-04T16:00:00Z holds after nothing. Make the example the world's answer, or change its request or the world.`,
  ]);
});

test('a filter on a field the world does not declare for an object it must answer stops with one line', async () => {
  const spec = await loadRelease(specDir, latestRelease);
  const {operation, page, data} = orders(spec);
  // The world holds no customer of order 10481 (the first it must answer
  // for), and the example no longer shows it.
  operation['x-filter']!.example = 'customer.name = "James Carter"';
  page.data = data.slice(0, 1);
  expect(problemsOf(spec)).toEqual([
    expect.stringMatching(
      new RegExp(
        `${line}the example of GET /orders \\(2023-07\\) cannot be answered: the world declares no customer\\.name of ord_7Hd2Kx5 \\(openapi/world/world\\.yaml:\\d+\\), and the example does not show it; declare it in the world${tail}`,
      ),
    ),
  ]);
});

test('a listed object that is not as the world has it at now stops with one line', async () => {
  const spec = await loadRelease(specDir, latestRelease);
  const prices = spec.document.paths['/prices']!.get!;
  const media = deref(spec.document, prices.responses['200']!).content![
    'application/json'
  ]!;
  const page = deref(spec.document, Object.values(media.examples!)[0]!)
    .value as Json;
  // The world's now has no updated_at for the RRP, so only its fields tell.
  (page.data as Json[])[1]!.amount = 14000;
  expect(problemsOf(spec)).toEqual([
    expect.stringMatching(
      new RegExp(
        `^openapi/resources/price\\.yaml:\\d+: the example of GET /prices \\(2023-07\\) shows prc_8Mv3Qa1 field "amount" is 14000 in the example, but 14900 at now \\(2023-05-04T16:00:00Z\\) in the world \\(openapi/world/world\\.yaml:\\d+\\)${tail}`,
      ),
    ),
  ]);
});

test('two attempts of one event have cursors of their own', () => {
  const attempt = (n: number) => ({
    event_id: 'evt_8Kp3Xd6Rm2',
    event_type: 'order.updated',
    attempt: n,
    attempted_at: `2023-05-04T09:4${n}:13Z`,
  });
  expect(pageCursor(attempt(2))).toBe(
    Buffer.from('evt_8Kp3Xd6Rm2:2:2023-05-04').toString('base64url'),
  );
  expect(pageCursor(attempt(1))).not.toBe(pageCursor(attempt(2)));
  // Stock keeps the change feed's name: its variant and warehouse.
  expect(
    pageCursor({
      variant_id: 'var_3Tn8Wq1',
      warehouse_id: 'wh_1Rk5Ds3',
      updated_at: '2023-05-04T14:12:08Z',
    }),
  ).toBe(
    Buffer.from('var_3Tn8Wq1:wh_1Rk5Ds3:2023-05-04').toString('base64url'),
  );
});

test('a deleted object is in a list until it is deleted, and left out from then', () => {
  const prices = Object.entries(world.objects)
    .filter(([key]) => key.startsWith('prc_'))
    .map(([key]) => key);
  const answerAt = (time: string) =>
    worldAnswer({
      objects: prices.map((key) => ({
        key,
        own: fieldsAt(world.objects[key]!, instant(time)),
      })),
      fieldsOf: () => undefined,
      declaration: undefined,
      expression: null,
      parameters: [],
      order: {field: 'created_at', descending: true},
      at: instant(time),
      company: undefined,
      zone: 'UTC',
    }).candidates.find((candidate) => candidate.key === 'prc_8Mv3Qa3');
  // Tom Reid made the sale price at 11:02:14 and deleted it at 11:05:41.
  expect(answerAt('2023-05-04T11:03:00Z')?.out).toBeUndefined();
  expect(answerAt('2023-05-04T16:00:00Z')).toMatchObject({
    because: 'deleted',
    out: 'it is deleted at 2023-05-04T11:05:41Z',
  });
});
