import {expect, test} from '@playwright/test';
import {
  proseDefinitions,
  proseDefinitionsOf,
} from '../../scripts/lib/search-definitions.mjs';

/** Terms the API introduction defines in prose point search at their section. */

const [pagination] = proseDefinitions;

const introduction = (paragraph: string) =>
  `<h2 class=anchor id=ids>IDs</h2><p>IDs such as <code>ord_4Qb9Ns3</code>.</p><h2 class="anchor anchorTargetStickyNavbar_Vzrq" id=pagination>Pagination<a href=#pagination class=hash-link>#</a></h2><p>${paragraph}<div class=code></div>`;

const envelope =
  'List endpoints take <code>limit</code> and <code>cursor</code>, and return <code>data</code>, <code>next_cursor</code> and <code>has_more</code>.';

test('the list envelope terms open the pagination section', () => {
  expect(pagination?.page).toBe('introduction');
  expect(proseDefinitionsOf('introduction', introduction(envelope))).toEqual(
    pagination!.terms.map((term) =>
      expect.objectContaining({term, hash: '#pagination'}),
    ),
  );
});

test('other pages have no prose definitions', () => {
  expect(proseDefinitionsOf('order', introduction(envelope))).toEqual([]);
});

test('a section that no longer names a term fails the build', () => {
  expect(() =>
    proseDefinitionsOf(
      'introduction',
      introduction(envelope.replace('<code>next_cursor</code>', 'a cursor')),
    ),
  ).toThrow(/no longer names next_cursor/);
  expect(() =>
    proseDefinitionsOf(
      'introduction',
      introduction(envelope).replaceAll('pagination', 'paging'),
    ),
  ).toThrow(/no section #pagination/);
});
