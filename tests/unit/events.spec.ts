import {readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {copyWorldSources} from '../support/siteCopy';
import {loadProductNumbers} from '../../src/model/product-numbers';
import {
  eventDates,
  eventProblems,
  eventSampleProblems,
  eventShapeProblems,
} from '../../src/plugins/openapi-reference/events';
import {
  loadRelease,
  overlayPath,
} from '../../src/plugins/openapi-reference/release-spec';
import {apiReleases} from '../../src/plugins/openapi-reference/releases';
import type {JsonValue, LoadedSpec} from '../../src/model/openapi-types';
import {loadWorld, worldPath} from '../../src/plugins/openapi-reference/world';

const siteDir = path.join(__dirname, '..', '..');
const specDir = path.join(siteDir, 'openapi');
const world = loadWorld(siteDir);
const dates = eventDates(loadProductNumbers(siteDir));

type Json = {[key: string]: JsonValue};

/** The example of an event schema with this event ID, to change in place. */
function eventExample(spec: LoadedSpec, id: string): Json {
  for (const schema of Object.values(spec.document.components.schemas)) {
    const found = (schema.examples as Json[] | undefined)?.find(
      (example) => example?.id === id,
    );
    if (found) {
      return found;
    }
  }
  throw new Error(`no event example ${id}`);
}

const problemsOf = (spec: LoadedSpec, release: string) =>
  eventProblems(spec, world, dates, overlayPath(specDir, release)).problems;

for (const release of apiReleases) {
  test(`every event example of ${release} follows from a change of the world`, async () => {
    const spec = await loadRelease(specDir, release);
    const {problems, counts} = eventProblems(
      spec,
      world,
      dates,
      overlayPath(specDir, release),
    );
    expect(problems, problems.join('\n')).toEqual([]);
    // Every payload, feed entry and delivery of the document was seen; the
    // 2023-01 list of subscriptions also shows the operations one's.
    expect(counts).toEqual({
      payloads: 25,
      feedEntries: 3,
      deliveries: release === '2023-01' ? 23 : 13,
    });
  });
}

test('an event dated before its type was added stops with one line at its example', async () => {
  const spec = await loadRelease(specDir, '2023-07');
  const ended = eventExample(spec, 'evt_4Sv7Jd3Nf1');
  // brand_store.* events were added on 12 September 2023.
  ended.created_at = '2023-09-11T16:02:11Z';
  (ended.data as Json).object = {
    ...((ended.data as Json).object as Json),
    updated_at: '2023-09-11T16:02:11Z',
  };
  const problems = problemsOf(spec, '2023-07');
  expect(problems).toHaveLength(1);
  expect(problems[0]).toMatch(
    /^openapi\/webhooks\.yaml:\d+: brand_store\.ended is dated 2023-09-11T16:02:11Z, before the type was added on 2023-09-12 \(x-added in openapi\/webhooks\.yaml\)\.$/,
  );
});

test('a changed_fields naming a field that did not change stops with one line', async () => {
  const spec = await loadRelease(specDir, '2023-07');
  const updated = eventExample(spec, 'evt_1Hg7Ru3Wp4');
  (updated.data as Json).changed_fields = ['tags', 'status'];
  const problems = problemsOf(spec, '2023-07');
  expect(problems).toEqual([
    expect.stringMatching(
      /^openapi\/webhooks\.yaml:\d+: product\.updated changed_fields \[tags, status\] names status, which stayed "active" at 2023-05-04T09:43:27Z in the world \(openapi\/world\/world\.yaml:\d+\)\.$/,
    ),
  ]);
});

test('a changed_fields leaving out a changed field stops with one line, in either release', async () => {
  for (const [release, id, field, after, at] of [
    [
      '2023-07',
      'evt_2Jw8Np5Rx3',
      'previous_price',
      '{"amount":11900,"currency":"GBP"}',
      '2023-09-01T00:00:19Z',
    ],
    [
      '2023-01',
      'evt_6Rt1Wq9Lc4',
      'previous_amount',
      '14900',
      '2023-06-01T00:00:21Z',
    ],
  ] as const) {
    const spec = await loadRelease(specDir, release);
    const applied = eventExample(spec, id);
    (applied.data as Json).changed_fields = ['status', 'applied_at'];
    const problems = problemsOf(spec, release);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(
      `: price_change.applied changed_fields [status, applied_at] leaves out ${field}, which went from null to ${after} at ${at} in the world (openapi/world/world.yaml:`,
    );
  }
});

test('an api_version not yet released, or not the subscription’s, stops with one line', async () => {
  const spec = await loadRelease(specDir, '2023-07');
  eventExample(spec, 'evt_8Kp3Xd6Rm2').api_version = '2023-07';
  // After 2023-07 shipped, the 2023-01 subscription still gets 2023-01.
  eventExample(spec, 'evt_4Sv7Jd3Nf1').api_version = '2023-07';
  const problems = problemsOf(spec, '2023-07');
  expect(problems).toEqual([
    expect.stringMatching(
      /^openapi\/webhooks\.yaml:\d+: order\.updated at 2023-05-04T09:41:12Z has api_version "2023-07", which shipped on 2023-07-31\.$/,
    ),
    expect.stringMatching(
      /^openapi\/webhooks\.yaml:\d+: brand_store\.ended at 2023-09-14T16:02:11Z has api_version "2023-07", but the subscription it is sent to has ntf_2Wd5Kf8's "2023-01"\.$/,
    ),
  ]);
});

test('a created_at that is not the moment of the change stops with one line', async () => {
  const spec = await loadRelease(specDir, '2023-07');
  eventExample(spec, 'evt_8Kp3Xd6Rm2').created_at = '2023-05-04T09:41:13Z';
  expect(problemsOf(spec, '2023-07')).toEqual([
    expect.stringMatching(
      /^openapi\/webhooks\.yaml:\d+: order\.updated has created_at 2023-05-04T09:41:13Z, but the change it reports happened at 2023-05-04T09:41:12Z \(the object's updated_at\); an event's created_at is the moment of the change\.$/,
    ),
  ]);
});

test('a change-feed entry is held to the world like an event', async () => {
  const spec = await loadRelease(specDir, '2023-07');
  const sample: JsonValue = {
    id: 'chg_01H0ZK6D4F8G2H',
    resource: 'stock',
    resource_id: 'var_3Tn8Wq1:wh_1Rk5Ds3',
    action: 'updated',
    changed_fields: ['on_hand'],
    before: {on_hand: 24},
    after: {on_hand: 23},
    occurred_at: '2023-05-04T14:05:00Z',
  };
  expect(eventSampleProblems(sample, world, spec, dates)).toEqual([
    expect.stringMatching(
      /^change chg_01H0ZK6D4F8G2H changed_fields \[on_hand\] leaves out allocated, which went from 3 to 2 at 2023-05-04T14:05:00Z/,
    ),
  ]);
});

test('a delivery of an event type before it existed stops with one line', async () => {
  const spec = await loadRelease(specDir, '2023-01');
  const notification = spec.document.components.schemas.Notification!
    .examples as Json[];
  const delivery = (notification[0]!.deliveries as Json[])[0]!;
  delivery.event_type = 'brand_store.updated';
  delivery.event_id = 'evt_0Zz0Zz0Zz0';
  expect(problemsOf(spec, '2023-01')).toEqual([
    expect.stringMatching(
      /: delivery of evt_0Zz0Zz0Zz0: brand_store\.updated is dated 2023-05-04T15:10:07Z, before the type was added on 2023-09-12/,
    ),
  ]);
});

test('a payload is written in the release its api_version names', async () => {
  const documents = await Promise.all(
    apiReleases.map(async (release) => ({
      release,
      spec: await loadRelease(specDir, release),
      fallbackFile: overlayPath(specDir, release),
    })),
  );
  expect(eventShapeProblems(documents)).toEqual([]);
  // A 2023-07 payload (new_price, previous_price) labelled 2023-01.
  const latest = documents.find(({release}) => release === '2023-07')!;
  eventExample(latest.spec, 'evt_2Jw8Np5Rx3').api_version = '2023-01';
  expect(eventShapeProblems(documents)).toEqual([
    expect.stringMatching(
      /^openapi\/webhooks\.yaml:\d+: price_change\.applied has api_version "2023-01" but is not written in 2023-01: evt_2Jw8Np5Rx3: .+\. Show that release's shape, or a subscription of 2023-07\.$/,
    ),
  ]);
});

test('an update of an object the world does not know cannot pass unchecked', async () => {
  const spec = await loadRelease(specDir, '2023-07');
  const sample: JsonValue = {
    id: 'chg_01H0ZK9Z9Z9Z9Z',
    resource: 'order',
    resource_id: 'ord_0Xx0Xx0',
    action: 'updated',
    changed_fields: ['status'],
    before: {status: 'pending'},
    after: {status: 'accepted'},
    occurred_at: '2023-05-04T10:00:00Z',
  };
  expect(eventSampleProblems(sample, world, spec, dates)).toEqual([
    'change chg_01H0ZK9Z9Z9Z9Z changed_fields [status] cannot be checked: ord_0Xx0Xx0 is not in the world; declare it and its moments in openapi/world/world.yaml.',
  ]);
});

/** The sample world of a copy of the site, with `from` replaced by `to` in world.yaml each time. */
function plantedWorld(changes: [from: string, to: string][]) {
  const copy = copyWorldSources('events-world-');
  try {
    const file = path.join(copy, worldPath);
    let text = readFileSync(file, 'utf8');
    for (const [from, to] of changes) {
      expect(text.split(from), from).toHaveLength(2);
      text = text.replace(from, to);
    }
    writeFileSync(file, text);
    return loadWorld(copy);
  } finally {
    rmSync(copy, {recursive: true, force: true});
  }
}

test("a subscription's deliveries that leave out an attempt the story makes stop with one line", async () => {
  const spec = await loadRelease(specDir, '2023-07');
  const list = spec.document.paths['/notifications']!.get!.responses[
    '200'
  ] as unknown as {
    content: {'application/json': {examples: {northwind: {value: Json}}}};
  };
  const erp = list.content['application/json'].examples.northwind.value
    .data as Json[];
  // Priya Shah accepted order 10481 at 09:05:40: an order.updated the row
  // left out.
  (erp[0]!.deliveries as Json[]).splice(8, 1);
  expect(problemsOf(spec, '2023-07')).toEqual([
    expect.stringMatching(
      /^openapi\/resources\/notification\.yaml:\d+: ntf_3Ja6Mr1's deliveries at 2023-05-04T16:00:00Z differ from the world's at row 9: the example has stock\.updated attempt 1 at 2023-05-04T08:47:16Z, succeeded, the world's attempt is order\.updated attempt 1 at 2023-05-04T09:05:41Z, succeeded \(order\.updated of ord_7Hd2Kx5 at 2023-05-04T09:05:40Z\)\./,
    ),
  ]);
});

test('a delivery the world declares where the story sends no event stops with one line', async () => {
  const planted = plantedWorld([
    [
      "attempted_at: '2023-05-04T09:30:05Z'",
      "attempted_at: '2023-05-04T09:35:05Z'",
    ],
  ]);
  const spec = await loadRelease(specDir, '2023-07');
  const problems = eventProblems(
    spec,
    planted,
    dates,
    overlayPath(specDir, '2023-07'),
  ).problems;
  expect(problems).toEqual([
    expect.stringMatching(
      /world\.yaml:\d+: ntf_3Ja6Mr1:evt_5Gc8Rn1Tf3:1 is a delivery of order\.created at 2023-05-04T09:35:05Z, but the story sends ntf_3Ja6Mr1 no event then\./,
    ),
  ]);
});

test('an event of a type no subscription listed then stops with one line', async () => {
  // Northwind's operations subscription without dispatch.created: as it
  // is now, as it was made, and as it was on 4 May (with batch stock).
  const listed = (indent: string, next: string) =>
    `${indent}order_item.updated,\n${indent}dispatch.created,\n${indent}dispatch.updated,\n${indent}sale.created,\n${indent}${next}`;
  const planted = plantedWorld(
    (
      [
        ['          ', 'batch_stock.completed'],
        ['              ', 'transfer.created'],
        ['              ', 'batch_stock.completed'],
      ] as const
    ).map(([indent, next]) => [
      listed(indent, next),
      listed(indent, next).replace(`${indent}dispatch.created,\n`, ''),
    ]),
  );
  const spec = await loadRelease(specDir, '2023-07');
  expect(
    eventProblems(spec, planted, dates, overlayPath(specDir, '2023-07'))
      .problems,
  ).toEqual([
    expect.stringMatching(
      /^openapi\/webhooks\.yaml:\d+: dispatch\.created at 2023-05-04T14:05:00Z is sent to no subscription of the world: none that existed then listed dispatch\.created \(/,
    ),
  ]);
});

test("a delete event dated other than the story's delete, or of an object the story never deletes, stops with one line", async () => {
  const spec = await loadRelease(specDir, '2023-07');
  const deleted = eventExample(spec, 'evt_5Zr3Bm7Yt6');
  // Tom Reid deleted the mistaken sale price at 11:05:41.
  deleted.created_at = '2023-05-04T11:06:41Z';
  expect(problemsOf(spec, '2023-07')).toEqual([
    expect.stringMatching(
      /^openapi\/webhooks\.yaml:\d+: price\.deleted has created_at 2023-05-04T11:06:41Z, but the story deletes prc_8Mv3Qa3 at 2023-05-04T11:05:41Z; an event's created_at is the moment of the change\.$/,
    ),
  ]);
  deleted.created_at = '2023-05-04T11:05:41Z';
  // The rrp price, which the story never deletes.
  (deleted.data as Json).object = {
    ...((deleted.data as Json).object as Json),
    id: 'prc_8Mv3Qa1',
  };
  expect(problemsOf(spec, '2023-07')).toContainEqual(
    expect.stringMatching(
      /^openapi\/webhooks\.yaml:\d+: price\.deleted deletes prc_8Mv3Qa1, which the story never deletes; add its delete step \(do: delete\) to the world\.$/,
    ),
  );
});
