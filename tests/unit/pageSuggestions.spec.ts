import {expect, test} from '@playwright/test';
import {suggestPages} from '../../src/lib/pageSuggestions';

const sitePaths = [
  '/help/',
  '/help/docs/',
  '/help/docs/getting-started/login',
  '/help/docs/getting-started/navigation',
  '/help/docs/api/batchStock',
  '/help/docs/api/brand',
  '/help/docs/api/brandstore',
  '/help/docs/advanced/advanced-query',
];

test('matches whatever the case', () => {
  expect(suggestPages('/help/docs/api/batchstock', sitePaths)[0]).toBe(
    '/help/docs/api/batchStock',
  );
});

test('tolerates a small typo', () => {
  expect(suggestPages('/help/docs/getting-started/logn', sitePaths)[0]).toBe(
    '/help/docs/getting-started/login',
  );
});

test('finds a page from its last segment in the wrong folder', () => {
  expect(suggestPages('/help/login', sitePaths)).toContain(
    '/help/docs/getting-started/login',
  );
});

test('ignores a trailing slash', () => {
  expect(suggestPages('/help/docs/api/brandstor/', sitePaths)[0]).toBe(
    '/help/docs/api/brandstore',
  );
});

test('ranks the closest page first', () => {
  expect(suggestPages('/help/docs/api/brandst', sitePaths)).toEqual([
    '/help/docs/api/brand',
    '/help/docs/api/brandstore',
  ]);
});

test('suggests nothing for an address unlike any page', () => {
  expect(
    suggestPages('/help/wholly-unrelated-address-here', sitePaths),
  ).toEqual([]);
});
