// cspell:words easyops
// The search worker: reads a search context's index in pieces
// (./shardedIndex.ts: its manifest on first use, then the pieces each query
// needs, kept for the next) and answers queries with ./ranking.ts, off the
// main thread.
import {searchIndexUrl} from '@generated/@easyops-cn/docusaurus-search-local/default/generated-constants.js';
import type {SearchResult, SynonymData} from './searchIndex';
import {ShardedIndex, type Manifest} from './shardedIndex';
import {searchInPieces} from './searchInPieces';

/** src/data/search-synonyms.yaml, put here at build time (src/plugins/search-ranking). */
declare const SEARCH_SYNONYMS: SynonymData;

export interface WorkerRequest {
  id: number;
  kind: 'load' | 'search';
  baseUrl: string;
  searchContext: string;
  input?: string;
  limit?: number;
}

export interface WorkerReply {
  id: number;
  results?: SearchResult[];
  error?: string;
}

const indexes = new Map<string, Promise<ShardedIndex>>();

async function load(baseUrl: string, searchContext: string) {
  const file = searchIndexUrl.replace(
    '{dir}',
    searchContext ? `-${searchContext.replace(/\//g, '-')}` : '',
  );
  // The theme's index file; its pieces are in the folder of its name
  // (scripts/lib/search-shards.mjs).
  const folder = new URL(
    `${baseUrl}${file.replace(/\.json$/, '')}/`,
    self.location.origin,
  );
  // The index comes from this site only.
  if (folder.origin !== self.location.origin) {
    throw new Error(`Unexpected search index address ${folder.href}`);
  }
  const fetchJson = async (name: string): Promise<unknown> => {
    const url = new URL(name, folder);
    const response = await fetch(url);
    if (!response.ok) {
      throw new Error(`Search index ${url.pathname}: ${response.status}`);
    }
    return response.json();
  };
  return new ShardedIndex(
    (await fetchJson('manifest.json')) as Manifest,
    fetchJson,
  );
}

function indexFor(baseUrl: string, searchContext: string) {
  const key = `${baseUrl}|${searchContext}`;
  let index = indexes.get(key);
  if (!index) {
    index = load(baseUrl, searchContext);
    // A failed download is tried again next time.
    index.catch(() => indexes.delete(key));
    indexes.set(key, index);
  }
  return index;
}

self.addEventListener('message', (event: MessageEvent<WorkerRequest>) => {
  const {id, kind, baseUrl, searchContext, input = '', limit = 8} = event.data;
  indexFor(baseUrl, searchContext)
    .then((index) =>
      kind === 'search'
        ? searchInPieces(index, SEARCH_SYNONYMS, input, limit)
        : [],
    )
    .then((results) => {
      self.postMessage({id, results} satisfies WorkerReply);
    })
    .catch((error: unknown) => {
      self.postMessage({id, error: String(error)} satisfies WorkerReply);
    });
});
