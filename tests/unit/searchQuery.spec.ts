import {expect, test} from '@playwright/test';
import {
  cappedHighlights,
  cappedQuery,
  maxQueryLength,
  maxQueryWords,
} from '../../src/lib/searchQuery';

/**
 * The one cap of a search query, whichever way it reaches the search: typed,
 * pasted, from the address (`?q=`, `?_highlight=`) or the browser's history.
 * The browser tests check the boxes and addresses (tests/e2e/search.spec.ts).
 */

test('a query is cut to the cap and to its first words', () => {
  expect(cappedQuery('x'.repeat(10_000))).toBe('x'.repeat(maxQueryLength));
  const words = Array.from({length: 30}, (_, index) => `w${index}`);
  expect(cappedQuery(words.join(' '))).toBe(
    words.slice(0, maxQueryWords).join(' '),
  );
  expect(cappedQuery(` ${words.join(' ')}`)).toBe(
    ` ${words.slice(0, maxQueryWords).join(' ')}`,
  );
});

test('a query within the cap is read as typed, trailing space included', () => {
  expect(cappedQuery('cancel order ')).toBe('cancel order ');
  expect(cappedQuery('tracking_number')).toBe('tracking_number');
});

test('the words to mark keep as many as fit the cap, the last one cut', () => {
  expect(cappedHighlights(['order', 'stock'])).toEqual(['order', 'stock']);
  const capped = cappedHighlights(['ab', 'x'.repeat(5_000), 'cd']);
  expect(capped).toEqual(['ab', 'x'.repeat(maxQueryLength - 3)]);
  expect(capped.join(' ')).toHaveLength(maxQueryLength);
  expect(
    cappedHighlights(Array.from({length: 1_000}, () => 'ab')).join(' ').length,
  ).toBeLessThanOrEqual(maxQueryLength);
  expect(cappedHighlights(['x'.repeat(maxQueryLength - 1), 'abc'])).toEqual([
    'x'.repeat(maxQueryLength - 1),
  ]);
});
