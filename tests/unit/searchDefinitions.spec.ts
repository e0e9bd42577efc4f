import path from 'node:path';
import {expect, test} from '@playwright/test';
import {fromMarkdown} from 'mdast-util-from-markdown';
import {
  proseDefinitions,
  proseDefinitionsOf,
  releaseDefinitions,
} from '../../scripts/lib/api-definitions';

/**
 * Search lands on API definitions: each field, parameter and enum value of
 * the reference, taken from the API model and rendered by the reference's
 * own renderer (not read back from built HTML), and the terms the API
 * introduction defines in prose.
 */

const siteDir = path.join(__dirname, '..', '..');
const [pagination, versioning] = proseDefinitions;

const introduction = (paragraph: string) =>
  fromMarkdown(
    `## IDs\n\nIDs such as \`ord_4Qb9Ns3\`.\n\n## Pagination\n\n${paragraph}\n\n\`\`\`json\n{}\n\`\`\`\n\n## Versioning\n\nSend \`Hub-Version\` with every request.\n`,
  );

const envelope =
  'List endpoints take `limit` and `cursor`, and return `data`, `next_cursor` and `has_more`.';

test('the list envelope terms open the pagination section', () => {
  expect(pagination?.page).toBe('introduction');
  expect(proseDefinitionsOf('introduction', introduction(envelope))).toEqual([
    ...pagination!.terms.map((term) =>
      expect.objectContaining({term, hash: '#pagination'}),
    ),
    ...versioning!.terms.map((term) =>
      expect.objectContaining({term, hash: '#versioning'}),
    ),
  ]);
});

test('other pages have no prose definitions', () => {
  expect(proseDefinitionsOf('order', introduction(envelope))).toEqual([]);
});

test('a section that no longer names a term fails the build', () => {
  expect(() =>
    proseDefinitionsOf(
      'introduction',
      introduction(envelope.replace('`next_cursor`', 'a cursor')),
    ),
  ).toThrow(/no longer names next_cursor/);
  expect(() =>
    proseDefinitionsOf(
      'introduction',
      fromMarkdown(`## Paging\n\n${envelope}\n`),
    ),
  ).toThrow(/no section #pagination/);
});

/** A release's definitions as `page term → anchor` (its first, if several). */
async function anchors(release: '2023-07' | '2023-01') {
  const map = new Map<string, string>();
  for (const {page, definitions} of await releaseDefinitions(
    siteDir,
    release,
  )) {
    for (const {term, hash} of definitions) {
      if (!map.has(`${page} ${term}`)) {
        map.set(`${page} ${term}`, hash);
      }
    }
  }
  return map;
}

test('fields, parameters and enum values point at their anchors', async () => {
  const latest = await anchors('2023-07');
  expect(latest.get('dispatch tracking_number')).toBe(
    '#dispatch-object-tracking_number',
  );
  expect(latest.get('variant hs_code')).toBe('#variant-object-hs_code');
  // An enum value opens its field.
  expect(latest.get('order partially_dispatched')).toBe('#order-object-status');
  expect(latest.get('batchStock completed_with_errors')).toBe(
    '#batch-stock-object-status',
  );
  // A page that renders two resources holds both (transfers are on stock).
  expect(latest.get('stock from_warehouse_id')).toBe(
    '#transfer-object-from_warehouse_id',
  );
  // The introduction: its prose terms, then the shared objects.
  expect(latest.get('introduction next_cursor')).toBe('#pagination');
  // The release header, which every operation takes, opens Versioning.
  expect(latest.get('introduction Hub-Version')).toBe('#versioning');
  expect(
    [...latest.keys()].filter(
      (key) =>
        / (Hub-Version|2023-07)$/.test(key) &&
        key !== 'introduction Hub-Version',
    ),
  ).toEqual([]);
  expect(latest.get('introduction amount')).toBe('#money-object-amount');
  // A parameter, when no object has a field of that name.
  expect(
    [...latest].find(([key]) => key.endsWith(' Idempotency-Key'))?.[1],
  ).toMatch(/^#[a-z-]+-idempotency-key$/);
});

test('each release has its own document’s definitions', async () => {
  const older = await anchors('2023-01');
  // 2023-01 has no partially_dispatched orders and integer price changes.
  expect(older.has('order partially_dispatched')).toBe(false);
  expect(older.get('priceChange new_amount')).toBe(
    '#price-change-object-new_amount',
  );
  expect((await anchors('2023-07')).has('priceChange new_amount')).toBe(false);
});
