import {expect, test} from '@playwright/test';
import lunr from 'lunr';
import {packedPostings, splitIndex} from '../../scripts/lib/search-shards.mjs';
import {inverseFrequency, termScore} from '../../src/model/search-score.mjs';
import {
  unpackedPostings,
  type Posting,
} from '../../src/theme/SearchBar/shardedIndex';

/**
 * The search index's pieces carry each term's count in a document, not
 * lunr's score (counts compress far better); the worker computes the score
 * as lunr did (src/model/search-score.mjs), and the build checks every one.
 */

test('packed postings unpack to the same keys and counts, in key order', () => {
  const list: Posting[] = [
    [16, 1],
    [1, 3],
    [9, 1],
    [12, 2],
    [8000, 1],
  ];
  expect(unpackedPostings(packedPostings(list))).toEqual(
    [...list].sort(([a], [b]) => a - b),
  );
});

/** A lunr index as lunr serialises it. */
interface SerialisedIndex {
  invertedIndex: [
    string,
    {_index: number; t: Record<string, {position: number[][]}>},
  ][];
  fieldVectors: [string, number[]][];
}

/** A small lunr index as the search theme builds one, a document boosted. */
function smallIndex(boosted: number) {
  const documents = [
    {i: 1, t: 'Accept an order and dispatch the order'},
    {i: 2, t: 'Stock counts per warehouse'},
    {i: 3, t: 'Order stock from a warehouse, then receive the order'},
    {i: 4, t: 'Order'},
  ];
  const index = lunr(function () {
    this.ref('i');
    this.field('t');
    this.metadataWhitelist = ['position'];
    for (const document of documents) {
      this.add(document, {boost: document.i === boosted ? 2 : 1});
    }
  });
  return {
    documents,
    index: index.toJSON() as unknown as SerialisedIndex,
  };
}

test('a term’s score computed from its counts is lunr’s own, boosts included', () => {
  const {documents, index} = smallIndex(3);
  const inverted = new Map(index.invertedIndex);
  const lengths = new Map<string, number>();
  for (const [, posting] of inverted) {
    for (const [ref, {position}] of Object.entries(posting.t)) {
      lengths.set(ref, (lengths.get(ref) ?? 0) + position.length);
    }
  }
  const average =
    [...lengths.values()].reduce((sum, length) => sum + length, 0) /
    documents.length;
  let compared = 0;
  for (const [fieldRef, elements] of index.fieldVectors) {
    const ref = fieldRef.replace(/^t\//, '');
    for (let at = 0; at < elements.length; at += 2) {
      const posting = [...inverted.values()].find(
        ({_index}) => _index === elements[at],
      )!;
      expect(
        termScore({
          idf: inverseFrequency(
            Object.keys(posting.t).length,
            documents.length,
          ),
          tf: posting.t[ref]!.position.length,
          length: lengths.get(ref)!,
          average,
          boost: ref === '3' ? 2 : 1,
        }),
      ).toBe(elements[at + 1]);
      compared += 1;
    }
  }
  expect(compared).toBeGreaterThan(10);
});

/** The theme's five typed indexes, with `index` as every type's. */
const typedFile = (index: ReturnType<typeof smallIndex>) =>
  Array.from({length: 5}, (_, type) => ({
    documents: index.documents.map((document) => ({
      ...document,
      i: document.i * 10 + type,
      u: '/help/docs/page',
      ...(type === 0 ? {} : {p: document.i * 10}),
    })),
    index: {
      ...index.index,
      fieldVectors: index.index.fieldVectors.map(
        ([ref, vector]): [string, number[]] => [
          `t/${Number(ref.slice(2)) * 10 + type}`,
          [...vector],
        ],
      ),
      invertedIndex: index.index.invertedIndex.map(([term, posting]) => [
        term,
        {
          ...posting,
          t: Object.fromEntries(
            Object.entries(posting.t).map(([ref, data]) => [
              Number(ref) * 10 + type,
              data,
            ]),
          ),
        },
      ]),
    },
  }));

test('the pieces carry the counts, lengths and boosts that give lunr’s scores', () => {
  const files = splitIndex(typedFile(smallIndex(3)) as never);
  const manifest = JSON.parse(files.get('manifest.json')!);
  expect(manifest.documentCounts).toEqual([4, 4, 4, 4, 4]);
  const documents = JSON.parse(files.get('documents.json')!);
  // Document 3 is boosted twice; a length counts the terms lunr's
  // pipeline kept ("order" twice; "from", "a", "then" and "the" are stop
  // words). Keys are id × 8 + type: document 3 of type 1 is id 31.
  expect(documents[String(31 * 8 + 1)]).toMatchObject({l: 5, w: 2});
  expect(documents[String(41 * 8 + 1)]).toMatchObject({l: 1});
  expect(documents[String(41 * 8 + 1)].w).toBeUndefined();
});

test('a score the counts do not give stops the split, naming the term and document', () => {
  const file = typedFile(smallIndex(3));
  // A score lunr would not give: the document's first term's, tripled.
  const [, vector] = file[1]!.index.fieldVectors[0]!;
  vector[1] = vector[1]! * 3;
  expect(() => splitIndex(file as never)).toThrow(
    /^Search index: the score of "[^"]+" in document 11 of type 1 is /,
  );
});
