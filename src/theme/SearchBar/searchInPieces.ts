// Answers a query from the index read in pieces (./shardedIndex.ts): the
// ranking asks, the pieces it lacked are fetched, and it asks again, until
// it lacks nothing (the reader's words, then their typos and prefixes);
// then the texts of the result pages are fetched for their passages.
import {Searcher} from './ranking';
import type {SearchResult, SynonymData} from './searchIndex';
import type {ShardedIndex} from './shardedIndex';

/**
 * Rounds of fetching: the words, their typos and prefixes, and one to
 * spare. A round that lacks nothing ends the loop before.
 */
const maxRounds = 4;

/** Each index's ranking over the documents it held when it was made. */
const searchers = new WeakMap<
  ShardedIndex,
  {version: number; searcher: Searcher}
>();

/** The ranking over the documents `index` holds, made again only after a fetch. */
function searcherOf(index: ShardedIndex, synonyms: SynonymData): Searcher {
  const kept = searchers.get(index);
  if (kept?.version === index.version) {
    return kept.searcher;
  }
  const searcher = new Searcher(index.indexes(), synonyms, index.pageCount);
  searchers.set(index, {version: index.version, searcher});
  return searcher;
}

/**
 * The results for `input`, or none once `superseded` says a newer query of
 * the same list has come: it stops before fetching anything more, since the
 * box shows the newer one's results (typing "order" asks for "o", "or" and
 * so on, each of which would fetch pieces of its own).
 *
 * When the results are ranked but their passages' text is still to come,
 * `early` is given them first, each marked `passageToFollow`: they are the
 * final results, in their final order, without their passages.
 */
export async function searchInPieces(
  index: ShardedIndex,
  synonyms: SynonymData,
  input: string,
  limit: number,
  superseded: () => boolean = () => false,
  early?: (results: SearchResult[]) => void,
): Promise<SearchResult[]> {
  const rank = () => searcherOf(index, synonyms).search(input, limit);
  let results = rank();
  for (let round = 1; round < maxRounds; round += 1) {
    if (superseded() || !(await index.fetchNeeded())) {
      break;
    }
    results = rank();
  }
  if (superseded()) {
    return [];
  }
  // With every passage's text at hand, the results are complete.
  if (index.holdsTexts(results)) {
    return results;
  }
  if (early) {
    early(
      results.map((result) =>
        index.holdsTexts([result])
          ? result
          : {...result, passageToFollow: true},
      ),
    );
  }
  await index.fetchResultTexts(results);
  return rank();
}
