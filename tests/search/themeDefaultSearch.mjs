// @ts-check
// The search of @easyops-cn/docusaurus-search-local 0.55.3 as its own worker
// runs it (dist/client/client/theme/worker.js, utils/smartQueries.js,
// utils/sortSearchResults.js), with this site's options (English, fuzzy
// distance 1, 8 results). The site replaced it (src/theme/SearchBar/ranking.ts);
// this copy stays so `npm run bench` measures the two on the same index and
// the same questions.
import lunr from 'lunr';

const limit = 8;
const fuzzyDistance = 1;
const titleType = 0;
const sectionTypes = new Set([1, 2, 4]);

/** @typedef {import('../../src/theme/SearchBar/searchIndex.ts').SearchDocument} SearchDocument */
/** @typedef {import('../../src/theme/SearchBar/searchIndex.ts').TypedIndex} TypedIndex */

/**
 * A word of the query; `maybeTyping` on the last, which may be unfinished.
 * @typedef {object} QueryWord
 * @property {string} value
 * @property {boolean} [maybeTyping]
 */

/**
 * One lunr query: its words, each with how it must match.
 * @typedef {object} SmartQuery
 * @property {string[]} tokens
 * @property {SmartTerm[]} term
 */

/**
 * @typedef {object} SmartTerm
 * @property {string} value
 * @property {import('lunr').Query.presence} presence
 * @property {import('lunr').Query.wildcard} wildcard
 * @property {number | undefined} editDistance
 */

/**
 * A result as the theme's worker returns it; `index` is its place before
 * sorting, which sortResults sets.
 * @typedef {object} ThemeResult
 * @property {SearchDocument} document
 * @property {number} type
 * @property {SearchDocument | false | undefined} page the page's title
 *   document, for a section
 * @property {string[]} tokens
 * @property {number} score
 * @property {number} [index]
 */

/** @typedef {ThemeResult & {index: number}} IndexedResult */

/**
 * @param {string} text
 * @returns {string[]}
 */
function tokenize(text) {
  return text.toLowerCase().match(/[^-\s]+/g) ?? [];
}

/**
 * @param {string[]} tokens
 * @returns {SmartQuery[]}
 */
function smartQueries(tokens) {
  /** @type {QueryWord[][]} */
  const terms = [tokens.map((value) => ({value}))];
  for (const term of terms) {
    term[term.length - 1].maybeTyping = true;
  }
  const refined = [];
  const extra = [];
  for (const term of terms) {
    // @types/lunr is wrong here: it types stopWordFilter as Token => Token,
    // but lunr's reads any value by its toString() (the theme passes the
    // word, a string) and returns undefined for a stop word.
    // @ts-expect-error -- a string argument, which lunr accepts.
    const filtered = term.filter((item) => lunr.stopWordFilter(item.value));
    refined.push(filtered);
    if (filtered.length < term.length && filtered.length > 0) {
      extra.push(filtered);
    }
  }
  terms.push(...extra);
  const dropOne = [];
  for (const term of refined) {
    if (term.length > 2) {
      for (let i = term.length - 1; i >= 0; i -= 1) {
        dropOne.push(term.slice(0, i).concat(term.slice(i + 1)));
      }
    }
  }
  return distanceMatrix(terms).concat(distanceMatrix(dropOne));
}

/**
 * @param {QueryWord[][]} terms
 * @param {number} editDistance
 * @param {boolean} [maybeTyping]
 * @returns {SmartQuery[]}
 */
function toQueries(terms, editDistance, maybeTyping) {
  return terms.flatMap((term) => {
    const query = {
      tokens: term.map((item) => item.value),
      term: term.map((item) => ({
        value: item.value,
        presence: lunr.Query.presence.REQUIRED,
        wildcard:
          maybeTyping && item.maybeTyping
            ? lunr.Query.wildcard.TRAILING
            : lunr.Query.wildcard.NONE,
        editDistance:
          editDistance > 0 && item.value.length > editDistance
            ? editDistance
            : undefined,
      })),
    };
    if (editDistance && query.term.every((item) => !item.editDistance)) {
      return [];
    }
    return [query];
  });
}

/**
 * @param {QueryWord[][]} terms
 * @returns {SmartQuery[]}
 */
function distanceMatrix(terms) {
  return Array.from({length: fuzzyDistance + 1}, (_, distance) =>
    toQueries(terms, distance).concat(
      toQueries(
        terms.filter((term) => term[term.length - 1].maybeTyping),
        distance,
        true,
      ),
    ),
  ).flat();
}

/**
 * Sorts `results` in place, as the theme does: a section right after its
 * page's title when that is a result too, the rest in their order.
 * @param {ThemeResult[]} results
 */
function sortResults(results) {
  results.forEach((item, index) => {
    item.index = index;
  });
  /** @param {IndexedResult} item */
  const pageIndex = (item) => {
    const found =
      sectionTypes.has(item.type) && item.page
        ? results.findIndex((other) => other.document === item.page)
        : item.index;
    return found === -1 ? item.index : found;
  };
  // The forEach above gave every result its index.
  /** @type {IndexedResult[]} */ (results).sort((a, b) => {
    const [ai, bi] = [pageIndex(a), pageIndex(b)];
    if (ai === bi) {
      const diff = (b.type === 0 ? 1 : 0) - (a.type === 0 ? 1 : 0);
      return diff === 0 ? a.index - b.index : diff;
    }
    return ai - bi;
  });
}

/**
 * Results for `input`, in the order the theme's dropdown shows them.
 * @param {TypedIndex[]} wrappedIndexes
 * @param {string} input
 * @returns {ThemeResult[]}
 */
export function themeDefaultSearch(wrappedIndexes, input) {
  const tokens = tokenize(input);
  if (tokens.length === 0) {
    return [];
  }
  /** @type {ThemeResult[]} */
  const results = [];
  search: for (const {term, tokens: queryTokens} of smartQueries(tokens)) {
    for (const {documents, index, type} of wrappedIndexes) {
      results.push(
        ...index
          .query((query) => {
            for (const item of term) {
              query.term(item.value, {
                wildcard: item.wildcard,
                presence: item.presence,
                ...(item.editDistance
                  ? {editDistance: item.editDistance}
                  : null),
              });
            }
          })
          .slice(0, limit)
          .filter(
            (result) =>
              !results.some(
                (item) => item.document.i.toString() === result.ref,
              ),
          )
          .slice(0, limit - results.length)
          .map((result) => {
            // lunr returns only refs of the documents it indexed: these.
            const document = /** @type {SearchDocument} */ (
              documents.find((doc) => doc.i.toString() === result.ref)
            );
            return {
              document,
              type,
              page:
                type !== titleType &&
                wrappedIndexes[0].documents.find((doc) => doc.i === document.p),
              tokens: queryTokens,
              score: result.score,
            };
          }),
      );
      if (results.length >= limit) {
        break search;
      }
    }
  }
  sortResults(results);
  return results;
}
