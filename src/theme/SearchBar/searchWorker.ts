// cspell:words easyops
// The search worker: fetches a search context's index once, keeps it, and
// answers queries with ./ranking.ts, off the main thread.
import lunr from 'lunr';
import {searchIndexUrl} from '@generated/@easyops-cn/docusaurus-search-local/default/generated-constants.js';
import {Searcher} from './ranking';
import {type SearchResult, type SynonymData} from './searchIndex';

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

const searchers = new Map<string, Promise<Searcher>>();

async function load(baseUrl: string, searchContext: string) {
  const file = searchIndexUrl.replace(
    '{dir}',
    searchContext ? `-${searchContext.replace(/\//g, '-')}` : '',
  );
  const url = new URL(`${baseUrl}${file}`, self.location.origin);
  // The index comes from this site only.
  if (url.origin !== self.location.origin) {
    throw new Error(`Unexpected search index address ${url.href}`);
  }
  const response = await fetch(url);
  if (!response.ok) {
    throw new Error(`Search index ${url.pathname}: ${response.status}`);
  }
  const json = (await response.json()) as {
    documents: never[];
    index: object;
  }[];
  return new Searcher(
    json.map(({documents, index}, type) => ({
      type,
      documents,
      index: lunr.Index.load(index),
    })),
    SEARCH_SYNONYMS,
  );
}

function searcherFor(baseUrl: string, searchContext: string) {
  const key = `${baseUrl}|${searchContext}`;
  let searcher = searchers.get(key);
  if (!searcher) {
    searcher = load(baseUrl, searchContext);
    // A failed download is tried again next time.
    searcher.catch(() => searchers.delete(key));
    searchers.set(key, searcher);
  }
  return searcher;
}

self.addEventListener('message', (event: MessageEvent<WorkerRequest>) => {
  const {id, kind, baseUrl, searchContext, input = '', limit = 8} = event.data;
  searcherFor(baseUrl, searchContext)
    .then((searcher) => {
      const reply: WorkerReply = {
        id,
        results: kind === 'search' ? searcher.search(input, limit) : [],
      };
      self.postMessage(reply);
    })
    .catch((error: unknown) => {
      self.postMessage({id, error: String(error)} satisfies WorkerReply);
    });
});
