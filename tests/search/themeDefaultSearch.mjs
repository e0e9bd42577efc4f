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

function tokenize(text) {
  return text.toLowerCase().match(/[^-\s]+/g) ?? [];
}

function smartQueries(tokens) {
  const terms = [tokens.map((value) => ({value}))];
  for (const term of terms) {
    term[term.length - 1].maybeTyping = true;
  }
  const refined = [];
  const extra = [];
  for (const term of terms) {
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

function sortResults(results) {
  results.forEach((item, index) => {
    item.index = index;
  });
  const pageIndex = (item) => {
    const found =
      sectionTypes.has(item.type) && item.page
        ? results.findIndex((other) => other.document === item.page)
        : item.index;
    return found === -1 ? item.index : found;
  };
  results.sort((a, b) => {
    const [ai, bi] = [pageIndex(a), pageIndex(b)];
    if (ai === bi) {
      const diff = (b.type === 0 ? 1 : 0) - (a.type === 0 ? 1 : 0);
      return diff === 0 ? a.index - b.index : diff;
    }
    return ai - bi;
  });
}

/** Results for `input`, in the order the theme's dropdown shows them. */
export function themeDefaultSearch(wrappedIndexes, input) {
  const tokens = tokenize(input);
  if (tokens.length === 0) {
    return [];
  }
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
            const document = documents.find(
              (doc) => doc.i.toString() === result.ref,
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
