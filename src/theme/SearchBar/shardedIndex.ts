// cspell:words stemmer
// The search index read in pieces (scripts/lib/search-shards.mjs writes
// them): a manifest of terms, term shards fetched for the words of a query,
// and the text of passages fetched only for the results shown. It answers
// the queries of ./ranking.ts as lunr would over the whole index, with the
// same terms and scores, so the ranking is unchanged; it only has to be
// asked again once the pieces a query needs have arrived. The pieces carry
// each term's count in a document, not lunr's score: the score is computed
// as lunr computed it (src/model/search-score.mjs) when the term arrives. After a first
// answer, `prefetch` fetches every document and every term's postings in
// the background, so that later queries lack only their passages' text.
import lunr from 'lunr';
import {inverseFrequency, termScore} from '../../model/search-score.mjs';
import type {SearchDocument, SearchResult, TypedIndex} from './searchIndex';

/** One document holding a term: its key and how often the term stands in it. */
export type Posting = [key: number, count: number];

/**
 * A term's postings from a postings piece (packed by scripts/lib/
 * search-shards.mjs's `packedPostings`): by key, each as the step from the
 * key before and the term's count.
 */
export function unpackedPostings(packed: number[]): Posting[] {
  const list: Posting[] = [];
  let key = 0;
  for (let at = 0; at < packed.length; at += 2) {
    key += packed[at]!;
    list.push([key, packed[at + 1]!]);
  }
  return list;
}

export interface Manifest {
  /** How many pages the index holds. */
  pages: number;
  /** Per document type, how many documents its lunr index holds. */
  documentCounts: number[];
  /** Per document type, its documents' average length in terms. */
  averageLengths: number[];
  /** Every term, sorted, each with the types holding it as bits: `term 5`. */
  terms: string;
  /** The first term of each term shard, in order. */
  shardStarts: string[];
  /** How many text shards there are (`text-0.json` onwards). */
  texts: number;
  /** How many term shards' postings each `postings-<n>.json` holds. */
  shardsPerPostings: number;
  /** How many postings pieces there are. */
  postings: number;
}

/**
 * A document as a term shard holds it: a passage or description without
 * its text, any document but a title without its address (`u`); the number
 * of the text shard (`f`) holding a passage's text, or a title's page's
 * description; its length in terms (`l`) and its boost (`w`, if not 1),
 * which its terms' scores are computed with.
 */
export type StubDocument = Omit<SearchDocument, 't' | 'u'> & {
  t?: string;
  u?: string;
  f?: number;
  l?: number;
  w?: number;
};

/**
 * A document as the ranking reads it. A passage's text (`t`) is missing
 * until its text shard arrives: the ranking reads it only for the results,
 * after `fetchResultTexts`.
 */
type HeldDocument = SearchDocument & {f?: number};

/** lunr's token set builders, which its type declarations leave out. */
const TokenSet = lunr.TokenSet as typeof lunr.TokenSet & {
  fromArray(words: string[]): lunr.TokenSet;
  fromClause(clause: lunr.Query.Clause): lunr.TokenSet;
};

export interface TermShard {
  postings: Record<string, Posting[]>;
  documents: Record<string, StubDocument>;
}

/**
 * How many term shards a query fetches itself while a postings piece that
 * holds them is on its way; a query that needs more waits for the piece.
 */
const directShards = 2;

/** The theme's five document types. */
const typeCount = 5;
/** The types whose text comes from text shards: descriptions and passages. */
const textTypes = new Set([2, 4]);

/** lunr's pipeline as the theme's index ran it over each document's text. */
const indexPipeline = new lunr.Pipeline();
indexPipeline.add(lunr.trimmer, lunr.stopWordFilter, lunr.stemmer);

/**
 * Where each term stands in `text`, as lunr's builder recorded it: its
 * tokens' [start, length], by the term the pipeline made of them.
 */
function termPositions(text: string): Map<string, number[][]> {
  const positions = new Map<string, number[][]>();
  for (const token of indexPipeline.run(lunr.tokenizer(text))) {
    const term = token.toString();
    const list = positions.get(term) ?? [];
    positions.set(term, list);
    list.push(
      (token as lunr.Token & {metadata: {position: number[]}}).metadata
        .position,
    );
  }
  return positions;
}

/** What a round of answering still needs. */
interface Needs {
  /** Term shards of words the reader asked for. */
  exact: Set<number>;
  /** Term shards of their typos and prefixes. */
  loose: Set<number>;
}

/** A term shard's number: the last one starting at or before the term. */
function shardOf(starts: string[], term: string): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (starts[middle]! <= term) {
      low = middle;
    } else {
      high = middle - 1;
    }
  }
  return low;
}

export class ShardedIndex {
  private readonly manifest: Manifest;
  private readonly fetchJson: (name: string) => Promise<unknown>;
  /** Per type, its terms (sorted) and, once asked, their token set. */
  private readonly typeTerms: Set<string>[] = [];
  private readonly tokenSets: (lunr.TokenSet | undefined)[] = [];
  /** Each term's documents, by type: key and score. */
  private readonly postings = new Map<
    string,
    Map<number, {key: number; score: number}[]>
  >();
  /** Where each term stands in the passages and descriptions held, by key. */
  private readonly positions = new Map<number, Map<string, number[][]>>();
  private prefetching: Promise<void> | undefined;
  /** Counts the fetches that added documents (see `version`). */
  private added = 0;
  private readonly documents = new Map<number, HeldDocument>();
  private readonly loadedShards = new Map<number, Promise<void>>();
  /** Term shards whose postings a postings piece on its way will bring. */
  private readonly awaitedShards = new Set<number>();
  private readonly loadedTexts = new Map<number, Promise<void>>();
  private readonly heldTexts = new Set<number>();
  /** Each held document's length in terms and boost, for its scores. */
  private readonly scoring = new Map<number, {length: number; boost: number}>();
  private needs: Needs = {exact: new Set(), loose: new Set()};

  constructor(
    manifest: Manifest,
    fetchJson: (name: string) => Promise<unknown>,
  ) {
    this.manifest = manifest;
    this.fetchJson = fetchJson;
    for (let type = 0; type < typeCount; type += 1) {
      this.typeTerms.push(new Set());
    }
    for (const line of manifest.terms.split('\n')) {
      const space = line.lastIndexOf(' ');
      const term = line.slice(0, space);
      const types = Number(line.slice(space + 1));
      for (let type = 0; type < typeCount; type += 1) {
        if (types & (1 << type)) {
          this.typeTerms[type]!.add(term);
        }
      }
    }
  }

  get pageCount(): number {
    return this.manifest.pages;
  }

  /** Changes whenever a fetch adds documents or text: a ranking over the
   * documents held may be kept while it stays the same. */
  get version(): number {
    return this.added;
  }

  /**
   * The indexes as the ranking reads them, over the documents fetched so
   * far. Each query notes the shards it lacked (see `fetchNeeded`).
   */
  indexes(): TypedIndex[] {
    const byType: SearchDocument[][] = Array.from(
      {length: typeCount},
      () => [],
    );
    for (const [key, document] of this.documents) {
      byType[key % 8]!.push(document);
    }
    return byType.map((documents, type) => ({
      type,
      documents,
      index: {query: (build) => this.query(type, build)} as lunr.Index,
    }));
  }

  /**
   * Fetches what the last answers lacked: the reader's own words first,
   * then their typos and prefixes (which are tried only for words few
   * documents hold, known once the words have arrived). False when nothing
   * was missing.
   */
  async fetchNeeded(): Promise<boolean> {
    const {exact, loose} = this.needs;
    this.needs = {exact: new Set(), loose: new Set()};
    const wanted = exact.size > 0 ? exact : loose;
    if (wanted.size === 0) {
      return false;
    }
    // A word or two are fetched at once even while a postings piece holding
    // them is on its way (a term shard is small, the piece waits behind the
    // rest of the background fetch); a prefix's many shards wait for it.
    const direct = wanted.size <= directShards;
    await Promise.all(
      [...wanted].map((shard) => this.loadShard(shard, direct)),
    );
    return true;
  }

  /**
   * Fetches the texts the results show: each one's passage and its page's
   * description.
   */
  async fetchResultTexts(results: SearchResult[]): Promise<void> {
    await Promise.all(
      [...this.resultTextShards(results)].map((shard) => this.loadText(shard)),
    );
  }

  /** Whether the texts the results show are all held. */
  holdsTexts(results: SearchResult[]): boolean {
    return [...this.resultTextShards(results)].every((shard) =>
      this.heldTexts.has(shard),
    );
  }

  private resultTextShards(results: SearchResult[]): Set<number> {
    const shards = new Set<number>();
    for (const result of results) {
      for (const document of [
        result.page || result.document,
        result.document,
      ]) {
        const shard = (document as HeldDocument).f;
        if (shard !== undefined) {
          shards.add(shard);
        }
      }
    }
    return shards;
  }

  /** Adds documents, each taking its address from its page's title. */
  private add(documents: Record<string, StubDocument>, replace: boolean) {
    this.added += 1;
    const entries = Object.entries(documents).map(
      ([key, document]) => [Number(key), document] as const,
    );
    // Titles first: the others read their address from them.
    entries.sort(([a], [b]) => (a % 8) - (b % 8));
    for (const [key, document] of entries) {
      if (document.l !== undefined && !this.scoring.has(key)) {
        this.scoring.set(key, {length: document.l, boost: document.w ?? 1});
      }
      if (replace || !this.documents.has(key)) {
        const page =
          document.p === undefined
            ? undefined
            : this.documents.get(document.p * 8);
        this.documents.set(key, {
          ...document,
          u: document.u ?? page?.u ?? '',
        } as HeldDocument);
      }
    }
  }

  /**
   * Fetches every document and every term's postings, side by side, once
   * `idle` says no query is waiting for pieces of its own (unless already
   * under way). From then on a query that needs many term shards (a
   * prefix's) that postings pieces under way cover waits for the pieces,
   * rather than fetching the same postings again beside them; one that
   * needs a shard or two fetches them (`fetchNeeded`). A piece that fails
   * leaves its term shards to be fetched as before.
   */
  prefetch(idle: () => Promise<void> = async () => undefined): Promise<void> {
    this.prefetching ??= (async () => {
      await idle();
      const documents = this.fetchJson('documents.json').then((json) => {
        // The postings name documents: those come first.
        this.add(json as Record<string, StubDocument>, false);
      });
      const pieces = Array.from(
        {length: this.manifest.postings},
        async (_, piece) => {
          const loading = this.fetchJson(`postings-${piece}.json`);
          await documents;
          const packed = (await loading) as Record<string, number[]>;
          this.addPostings(
            Object.fromEntries(
              Object.entries(packed).map(([term, list]) => [
                term,
                unpackedPostings(list),
              ]),
            ),
          );
        },
      );
      pieces.forEach((arriving, piece) => {
        const first = piece * this.manifest.shardsPerPostings;
        const end = Math.min(
          first + this.manifest.shardsPerPostings,
          this.manifest.shardStarts.length,
        );
        for (let shard = first; shard < end; shard += 1) {
          if (!this.loadedShards.has(shard)) {
            this.loadedShards.set(shard, arriving);
            this.awaitedShards.add(shard);
            arriving
              .finally(() => this.awaitedShards.delete(shard))
              .catch(() => {
                if (this.loadedShards.get(shard) === arriving) {
                  this.loadedShards.delete(shard);
                }
              });
          }
        }
      });
      await Promise.all(pieces);
    })();
    // A failed download is tried again on a later answer.
    this.prefetching.catch(() => {
      this.prefetching = undefined;
    });
    return this.prefetching;
  }

  /**
   * Keeps each term's postings, by type, with lunr's score of the term in
   * each document, computed from its count (the documents they name must
   * be held: a term shard's come with it, a postings piece's before it).
   */
  private addPostings(postings: TermShard['postings']) {
    const {documentCounts, averageLengths} = this.manifest;
    for (const [term, list] of Object.entries(postings)) {
      const byType = new Map<number, Posting[]>();
      for (const posting of list) {
        const type = posting[0] % 8;
        const ofType = byType.get(type) ?? [];
        byType.set(type, ofType);
        ofType.push(posting);
      }
      const scored = new Map<number, {key: number; score: number}[]>();
      for (const [type, ofType] of byType) {
        const idf = inverseFrequency(ofType.length, documentCounts[type]!);
        scored.set(
          type,
          ofType.map(([key, tf]) => {
            const held = this.scoring.get(key);
            if (!held) {
              throw new Error(
                `Search index: "${term}" names document ${key}, which came with no length.`,
              );
            }
            const {length, boost} = held;
            return {
              key,
              score: termScore({
                idf,
                tf,
                length,
                average: averageLengths[type]!,
                boost,
              }),
            };
          }),
        );
      }
      this.postings.set(term, scored);
    }
  }

  /** Where `term` stands in a held passage's or description's text. */
  private positionsIn(key: number, term: string): number[][] {
    const document = this.documents.get(key);
    if (!textTypes.has(key % 8) || document?.t === undefined) {
      return [];
    }
    let positions = this.positions.get(key);
    if (!positions) {
      positions = termPositions(document.t);
      this.positions.set(key, positions);
    }
    return positions.get(term) ?? [];
  }

  private loadShard(shard: number, direct = false): Promise<void> {
    let loading = this.loadedShards.get(shard);
    if (!loading || (direct && this.awaitedShards.has(shard))) {
      this.awaitedShards.delete(shard);
      loading = this.fetchJson(`terms-${shard}.json`).then((json) => {
        const {postings, documents} = json as TermShard;
        // The documents first: the scores are computed with their lengths.
        this.add(documents, false);
        this.addPostings(postings);
      });
      loading.catch(() => this.loadedShards.delete(shard));
      this.loadedShards.set(shard, loading);
    }
    return loading;
  }

  private loadText(shard: number): Promise<void> {
    let loading = this.loadedTexts.get(shard);
    if (!loading) {
      loading = this.fetchJson(`text-${shard}.json`).then((json) => {
        this.add(json as Record<string, StubDocument>, true);
        this.heldTexts.add(shard);
      });
      loading.catch(() => this.loadedTexts.delete(shard));
      this.loadedTexts.set(shard, loading);
    }
    return loading;
  }

  private tokenSet(type: number): lunr.TokenSet {
    let set = this.tokenSets[type];
    if (!set) {
      set = TokenSet.fromArray([...this.typeTerms[type]!].sort());
      this.tokenSets[type] = set;
    }
    return set;
  }

  /**
   * lunr's `Index#query` for the ranking's one-term, optional clauses:
   * the clause's term expanded over the index's terms (exactly, with
   * edits, or as a prefix), each document scored as its field vector's
   * entries for those terms over the query vector's length.
   */
  private query(
    type: number,
    build: lunr.Index.QueryBuilder,
  ): lunr.Index.Result[] {
    const query = new lunr.Query(['t']);
    build.call(query, query);
    const scores = new Map<number, number>();
    const metadata = new Map<
      number,
      Record<string, {t: {position: number[][]}}>
    >();
    for (const clause of query.clauses) {
      const loose =
        clause.editDistance !== undefined && clause.editDistance > 0
          ? true
          : clause.wildcard !== lunr.Query.wildcard.NONE;
      const expanded = loose
        ? this.tokenSet(type).intersect(TokenSet.fromClause(clause)).toArray()
        : this.typeTerms[type]!.has(clause.term)
          ? [clause.term]
          : [];
      const length = Math.sqrt(expanded.length);
      for (const term of expanded) {
        const list = this.postings.get(term);
        if (!list) {
          const shard = shardOf(this.manifest.shardStarts, term);
          (loose ? this.needs.loose : this.needs.exact).add(shard);
          continue;
        }
        for (const {key, score} of list.get(type) ?? []) {
          scores.set(key, (scores.get(key) ?? 0) + score / length);
          const data = metadata.get(key) ?? {};
          metadata.set(key, data);
          data[term] = {t: {position: this.positionsIn(key, term)}};
        }
      }
    }
    return [...scores]
      .map(([key, score]) => ({
        ref: String(Math.floor(key / 8)),
        score,
        matchData: {metadata: metadata.get(key)!} as lunr.MatchData,
      }))
      .sort((a, b) => b.score - a.score);
  }
}
