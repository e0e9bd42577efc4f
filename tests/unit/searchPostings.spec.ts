import {expect, test} from '@playwright/test';
import {packedPostings} from '../../scripts/lib/search-shards.mjs';
import {
  unpackedPostings,
  type Posting,
} from '../../src/theme/SearchBar/shardedIndex';

/**
 * The postings the search worker fetches in the background are packed (keys
 * as steps, lunr's three-decimal scores in thousandths); unpacked, they are
 * the term shards' postings, in key order (each type's documents in lunr's
 * order, which the ranking's ties follow), with the very same scores.
 */
test('packed postings unpack to the same keys and scores, in key order', () => {
  const list: Posting[] = [
    [16, 0.1],
    [1, 2.345],
    [9, 0.007],
    [12, 1.001],
    [8000, 0.3],
  ];
  const unpacked = unpackedPostings(packedPostings(list));
  expect(unpacked).toEqual([...list].sort(([a], [b]) => a - b));
  // Not merely close: the same numbers as JSON gives the term shards.
  for (const [key, score] of unpacked) {
    expect(score).toBe(
      JSON.parse(JSON.stringify(list.find(([other]) => other === key)![1])),
    );
  }
});
