// The search worker: reads a search context's index in pieces
// (./shardedIndex.ts: its manifest, which the page fetched and hands over,
// then the pieces each query needs, kept for the next) and answers queries
// with ./ranking.ts, off the main thread.
import type {SearchResult, SynonymData} from './searchIndex';
import {ShardedIndex, type Manifest} from './shardedIndex';
import {searchInPieces} from './searchInPieces';
import {indexFolder} from './indexAddress';

/** src/data/search-synonyms.yaml, put here at build time (src/plugins/search-ranking). */
declare const SEARCH_SYNONYMS: SynonymData;

export type WorkerRequest = {
  id: number;
  baseUrl: string;
  searchContext: string;
} & (
  | {
      kind: 'load';
      /** The context's manifest, as the page fetched it (UTF-8 JSON). */
      manifest: ArrayBuffer;
    }
  | {
      kind: 'search';
      input: string;
      limit: number;
      /** Whether the results may come before their passages, then again. */
      passagesMayFollow: boolean;
    }
);

export interface WorkerReply {
  id: number;
  results?: SearchResult[];
  error?: string;
  /** The results without some passages: the same request is answered again. */
  passagesToFollow?: boolean;
}

const indexes = new Map<string, ShardedIndex>();

const keyOf = (baseUrl: string, searchContext: string) =>
  `${baseUrl}|${searchContext}`;

/**
 * The newest query of each list of results: the search box's and the search
 * page's (a context and a number of results) are answered apart.
 */
const newest = new Map<string, number>();

/** How many queries are being answered, and who waits for none to be. */
let answering = 0;
let idleWaiters: (() => void)[] = [];

/** Resolves once no query is being answered. */
function idle(): Promise<void> {
  return answering === 0
    ? Promise.resolve()
    : new Promise((resolve) => idleWaiters.push(resolve));
}

/** Does `work`, counted as a query under way until it is done. */
async function counted<T>(work: () => Promise<T>): Promise<T> {
  answering += 1;
  try {
    return await work();
  } finally {
    answering -= 1;
    if (answering === 0) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const resolve of waiters) {
        resolve();
      }
    }
  }
}

function load(baseUrl: string, searchContext: string, manifest: ArrayBuffer) {
  const folder = indexFolder(baseUrl, searchContext, self.location.origin);
  const fetchJson = async (name: string): Promise<unknown> => {
    const url = new URL(name, folder);
    const response = await fetch(url);
    if (!response.ok) {
      throw new Error(`Search index ${url.pathname}: ${response.status}`);
    }
    return response.json();
  };
  indexes.set(
    keyOf(baseUrl, searchContext),
    new ShardedIndex(
      JSON.parse(new TextDecoder().decode(manifest)) as Manifest,
      fetchJson,
    ),
  );
}

/** Resolves once the messages already queued for the worker have been handled. */
function queuedMessagesRead(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function answer(request: WorkerRequest): Promise<SearchResult[]> {
  if (request.kind === 'load') {
    load(request.baseUrl, request.searchContext, request.manifest);
    return [];
  }
  // The page sends a context's manifest before its first query.
  const index = indexes.get(keyOf(request.baseUrl, request.searchContext));
  if (!index) {
    throw new Error(`No search index loaded for ${request.baseUrl}`);
  }
  const list = `${keyOf(request.baseUrl, request.searchContext)}|${request.limit}`;
  newest.set(list, request.id);
  const superseded = () => newest.get(list) !== request.id;
  // Typing "order" sends "o", "or" and so on; those that queued while the
  // worker was busy (its first load) are read before any is ranked, so only
  // the newest is.
  await queuedMessagesRead();
  if (superseded()) {
    return [];
  }
  const results = await searchInPieces(
    index,
    SEARCH_SYNONYMS,
    request.input,
    request.limit,
    superseded,
    request.passagesMayFollow
      ? (early) => {
          self.postMessage({
            id: request.id,
            results: early,
            passagesToFollow: true,
          } satisfies WorkerReply);
        }
      : undefined,
  );
  // Once a query is answered, the rest of the index comes in the
  // background, so the next keys are ranked from what is held; it starts
  // once no query is waiting for pieces of its own.
  if (!superseded()) {
    index.prefetch(idle).catch(() => undefined);
  }
  return results;
}

self.addEventListener('message', (event: MessageEvent<WorkerRequest>) => {
  const {id} = event.data;
  counted(() => answer(event.data))
    .then((results) => {
      self.postMessage({id, results} satisfies WorkerReply);
    })
    .catch((error: unknown) => {
      self.postMessage({id, error: String(error)} satisfies WorkerReply);
    });
});
