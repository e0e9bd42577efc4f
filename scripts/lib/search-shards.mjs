// @ts-check
// Splits each local search index into pieces a query reads one by one, so
// that what the first search fetches grows with its words and its results,
// not with the site (issue 31). The search theme writes one JSON file per
// search context (`search-index-<hash>.json`: five lunr indexes and their
// documents, over 4 MB for the guides and the latest API); beside it this
// writes a folder of the same name:
//
// - `manifest.json`: the number of pages, every term of the index with the
//   document types that hold it (for typos and prefixes, matched as lunr
//   matches them), the first term of each term shard and the number of
//   text shards;
// - `terms-<n>.json`: the postings of consecutive terms (document, and how
//   often the term stands in it, from which the worker computes lunr's
//   score: src/model/search-score.mjs) and the documents they name, with
//   their length and boost, without the text of passages, with their page
//   and section;
// - `text-<n>.json`: a few passages and descriptions with their text,
//   fetched only for the results shown (a passage names its shard, a
//   page's title that of its description).
//
// The worker (src/theme/SearchBar/shardedIndex.ts) answers lunr's queries
// from these with the scores lunr gives, so the ranking is unchanged: each
// score is checked here to come out as lunr's, or the build stops. The
// whole file stays in the build for the findability checks and the bench;
// the site never fetches it.
import {mkdir, readFile, readdir, rm, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {searchIndexFile} from '../../src/model/deployment-facts.mjs';
import {inverseFrequency, termScore} from '../../src/model/search-score.mjs';

/** @typedef {import('../../src/theme/SearchBar/searchIndex.ts').SearchDocument} SearchDocument */
/** @typedef {import('../../src/theme/SearchBar/shardedIndex.ts').Manifest} Manifest */
/** @typedef {import('../../src/theme/SearchBar/shardedIndex.ts').StubDocument} StubDocument */
/** @typedef {import('../../src/theme/SearchBar/shardedIndex.ts').TermShard} TermShard */
/** @typedef {import('../../src/theme/SearchBar/shardedIndex.ts').Posting} Posting */

/**
 * The theme's index file: per document type, its documents and its lunr
 * index as lunr serialises it.
 * @typedef {{documents: SearchDocument[], index: {invertedIndex: [string, {_index: number, t?: Record<string, {position?: unknown[]}>}][], fieldVectors: [string, number[]][]}}[]} SerialisedIndexFile
 */

const titleType = 0;
const headingType = 1;
const descriptionType = 2;
const contentType = 4;
/** The types whose text is fetched only for results. */
const textTypes = new Set([descriptionType, contentType]);

/** A term shard holds consecutive terms up to about this many bytes. */
const termShardBytes = 6_000;
/** A text shard holds consecutive passages up to about this many bytes. */
const textShardBytes = 3_000;
/** A postings piece holds the postings of this many term shards. */
const shardsPerPostings = 128;

/**
 * How often a term stands in a document: the positions lunr recorded.
 * @param {unknown[] | undefined} position
 */
function countOf(position) {
  if (!position) {
    throw new Error(
      'Search index: a posting without positions; the pieces need each term’s count in its document.',
    );
  }
  return position.length;
}

/** A document's key across types (as src/theme/SearchBar/ranking.ts keys them). */
const keyOf = (/** @type {number} */ type, /** @type {number} */ id) =>
  id * 8 + type;

/**
 * A term's postings as a postings piece holds them: by key, each as the
 * difference from the key before and the term's count in the document,
 * flat. Read by `unpackedPostings` (src/theme/SearchBar/shardedIndex.ts).
 * @param {Posting[]} list
 * @returns {number[]}
 */
export function packedPostings(list) {
  let previous = 0;
  return [...list]
    .sort(([a], [b]) => a - b)
    .flatMap(([key, count]) => {
      const step = key - previous;
      previous = key;
      return [step, count];
    });
}

/**
 * The index folders' theme files, with the folder beside each that its
 * pieces go into.
 * @param {string} dir
 */
export async function shardFilesIn(dir) {
  return (await readdir(dir))
    .filter((name) => new RegExp(`^${searchIndexFile}$`).test(name))
    .map((name) => ({
      file: path.join(dir, name),
      folder: path.join(dir, name.replace(/\.json$/, '')),
    }));
}

/**
 * Splits one theme index file into its manifest, term shards and text
 * shards. Returns the names written, relative to the folder.
 * @param {SerialisedIndexFile} indexes
 * @returns {Map<string, string>} file name → content
 */
export function splitIndex(indexes) {
  /** @type {Map<number, StubDocument>} */
  const stubs = new Map();
  /** @type {Map<number, SearchDocument>} the documents whose text waits, by key */
  const texts = new Map();
  /** Page id → the keys of its section documents, by anchor. */
  /** @type {Map<number, Map<string, number[]>>} */
  const sections = new Map();
  /** @type {Map<number, number>} page id → its description's key */
  const descriptions = new Map();
  indexes.forEach(({documents}, type) => {
    for (const document of documents) {
      const key = keyOf(type, document.i);
      // A page's title carries its address; its other documents take it
      // from there.
      // Passages, descriptions and keywords count in the ranking by their
      // terms only: their text, and a passage's section title, come with
      // the results.
      const {t, u, s, ...rest} = document;
      if (type === titleType) {
        stubs.set(key, {...document});
      } else if (type === headingType) {
        stubs.set(key, {t, ...rest});
      } else {
        stubs.set(key, rest);
      }
      if (textTypes.has(type)) {
        texts.set(key, document);
      }
      if (type === descriptionType && document.p !== undefined) {
        descriptions.set(document.p, key);
      }
      if (
        (type === headingType || type === contentType) &&
        document.p !== undefined
      ) {
        const anchors = sections.get(document.p) ?? new Map();
        sections.set(document.p, anchors);
        const keys = anchors.get(document.h ?? '') ?? [];
        anchors.set(document.h ?? '', keys);
        keys.push(key);
      }
    }
  });

  // Text shards: pages in order, their descriptions and passages packed.
  const files = new Map();
  /** @type {Record<string, StubDocument>} */
  let textShard = {};
  let textSize = 0;
  let textNumber = 0;
  const flushText = () => {
    if (textSize > 0) {
      files.set(`text-${textNumber}.json`, JSON.stringify(textShard));
      textNumber += 1;
      textShard = {};
      textSize = 0;
    }
  };
  for (const title of indexes[titleType].documents) {
    const description = descriptions.get(title.i);
    const keys = [
      description,
      ...[...(sections.get(title.i)?.values() ?? [])].flat(),
    ].filter((key) => key !== undefined && texts.has(key));
    for (const key of /** @type {number[]} */ (keys)) {
      const {u, ...document} = /** @type {SearchDocument} */ (texts.get(key));
      /** @type {StubDocument} */ (stubs.get(key)).f = textNumber;
      textShard[key] = document;
      textSize += document.t.length + (document.s?.length ?? 0) + 40;
      // A page's title names the shard of its description.
      if (key === description) {
        /** @type {StubDocument} */ (stubs.get(keyOf(titleType, title.i))).f =
          textNumber;
      }
      if (textSize >= textShardBytes) {
        flushText();
      }
    }
  }
  flushText();

  // Postings: per term, over the types, with the term's count in the
  // document. The worker computes lunr's score from it, the document's
  // length and boost and the type's counts; each is checked here against
  // the score lunr gave (the document's field vector's entry).
  /** @type {Map<string, Posting[]>} */
  const postings = new Map();
  /** @type {Map<string, number>} term → the types holding it, as bits */
  const termTypes = new Map();
  /** @type {number[]} per type, how many documents its index holds */
  const documentCounts = [];
  /** @type {number[]} per type, its documents' average length in terms */
  const averageLengths = [];
  indexes.forEach(({documents, index}, type) => {
    /** @type {Map<string, Map<number, number>>} ref → term index → score */
    const vectors = new Map();
    for (const [fieldRef, elements] of index.fieldVectors) {
      const scores = new Map();
      for (let at = 0; at < elements.length; at += 2) {
        scores.set(elements[at], elements[at + 1]);
      }
      vectors.set(fieldRef.replace(/^t\//, ''), scores);
    }
    // A document's length is how many terms lunr's pipeline made of it:
    // the sum of its terms' counts.
    /** @type {Map<string, number>} */
    const lengths = new Map();
    for (const [, posting] of index.invertedIndex) {
      for (const [ref, {position}] of Object.entries(posting.t ?? {})) {
        lengths.set(ref, (lengths.get(ref) ?? 0) + countOf(position));
      }
    }
    const count = documents.length;
    const average =
      documents.reduce(
        (sum, document) => sum + (lengths.get(String(document.i)) ?? 0),
        0,
      ) / count;
    documentCounts.push(count);
    averageLengths.push(average);
    /** @type {Map<string, number>} ref → its boost, as its scores show it */
    const boosts = new Map();
    for (const [term, posting] of index.invertedIndex) {
      termTypes.set(term, (termTypes.get(term) ?? 0) | (1 << type));
      const list = postings.get(term) ?? [];
      postings.set(term, list);
      const refs = Object.entries(posting.t ?? {});
      const idf = inverseFrequency(refs.length, count);
      for (const [ref, {position}] of refs) {
        const key = keyOf(type, Number(ref));
        const tf = countOf(position);
        const length = lengths.get(ref) ?? 0;
        const scored = vectors.get(ref)?.get(posting._index) ?? 0;
        const counts = {idf, tf, length, average};
        let boost = boosts.get(ref);
        if (boost === undefined) {
          // lunr keeps no boost; its scores show it, as a multiple.
          boost =
            Math.round((scored / termScore({...counts, boost: 1})) * 100) / 100;
          boosts.set(ref, boost);
          const stub = /** @type {StubDocument} */ (stubs.get(key));
          stub.l = length;
          if (boost !== 1) {
            stub.w = boost;
          }
        }
        if (termScore({...counts, boost}) !== scored) {
          throw new Error(
            `Search index: the score of "${term}" in document ${ref} of type ${type} is ${scored}, not the ${termScore({...counts, boost})} that src/model/search-score.mjs computes from its counts; the pieces cannot give lunr's ranking.`,
          );
        }
        list.push([key, tf]);
      }
    }
  });

  /**
   * The documents a posting's document is read with: itself, its page's
   * title, and the other half of its section (a heading's passage, which
   * tells a section from a definition; a passage's heading, which may name
   * the question's words).
   * @param {number} key
   */
  const companions = (key) => {
    const stub = /** @type {SearchDocument} */ (stubs.get(key));
    const type = key % 8;
    const pageId = type === titleType ? stub.i : stub.p;
    if (pageId === undefined) {
      return [key];
    }
    const section =
      type === headingType || type === contentType
        ? (sections.get(pageId)?.get(stub.h ?? '') ?? [])
        : [];
    return [key, keyOf(titleType, pageId), ...section];
  };

  /** @type {Map<number, number>} */
  const stubSizes = new Map();
  const stubSize = (
    /** @type {number} */ key,
    /** @type {SearchDocument} */ stub,
  ) => {
    let size = stubSizes.get(key);
    if (size === undefined) {
      size = JSON.stringify(stub).length;
      stubSizes.set(key, size);
    }
    return size;
  };
  const terms = [...postings.keys()].sort();
  /** @type {string[]} */
  const shardStarts = [];
  /** @type {TermShard} */
  let shard = {postings: {}, documents: {}};
  let shardSize = 0;
  const flushTerms = () => {
    if (shardSize > 0) {
      files.set(`terms-${shardStarts.length - 1}.json`, JSON.stringify(shard));
      shard = {postings: {}, documents: {}};
      shardSize = 0;
    }
  };
  for (const term of terms) {
    if (shardSize === 0) {
      shardStarts.push(term);
    }
    const list = /** @type {Posting[]} */ (postings.get(term));
    shard.postings[term] = list;
    shardSize += JSON.stringify(list).length;
    for (const [key] of list) {
      for (const companion of companions(key)) {
        if (!(companion in shard.documents)) {
          const stub = /** @type {SearchDocument} */ (stubs.get(companion));
          shard.documents[companion] = stub;
          shardSize += stubSize(companion, stub);
        }
      }
    }
    if (shardSize >= termShardBytes) {
      flushTerms();
    }
  }
  flushTerms();

  // What the worker fetches after its first answer: every document's stub,
  // and every term's postings by runs of term shards.
  files.set(
    'documents.json',
    JSON.stringify(Object.fromEntries([...stubs].sort(([a], [b]) => a - b))),
  );
  const postingsPieces = Math.ceil(shardStarts.length / shardsPerPostings);
  for (let piece = 0; piece < postingsPieces; piece += 1) {
    const from = shardStarts[piece * shardsPerPostings];
    const to = shardStarts[(piece + 1) * shardsPerPostings];
    /** @type {Record<string, number[]>} */
    const run = {};
    for (const term of terms) {
      if (term >= from && (to === undefined || term < to)) {
        run[term] = packedPostings(
          /** @type {Posting[]} */ (postings.get(term)),
        );
      }
    }
    files.set(`postings-${piece}.json`, JSON.stringify(run));
  }

  /** @type {Manifest} */
  const manifest = {
    pages: indexes[titleType].documents.length,
    documentCounts,
    averageLengths,
    terms: terms.map((term) => `${term} ${termTypes.get(term)}`).join('\n'),
    shardStarts,
    texts: textNumber,
    shardsPerPostings,
    postings: postingsPieces,
  };
  files.set('manifest.json', JSON.stringify(manifest));
  return files;
}

/**
 * Writes the pieces of every search index file in `dirs` beside it.
 * @param {string[]} dirs the folders holding index files
 * @returns {Promise<number>} how many files were written
 */
export async function writeSearchShards(dirs) {
  let written = 0;
  for (const dir of dirs) {
    for (const {file, folder} of await shardFilesIn(dir)) {
      /** @type {SerialisedIndexFile} */
      const indexes = JSON.parse(await readFile(file, 'utf8'));
      await rm(folder, {recursive: true, force: true});
      await mkdir(folder);
      for (const [name, content] of splitIndex(indexes)) {
        await writeFile(path.join(folder, name), content);
        written += 1;
      }
    }
  }
  return written;
}
