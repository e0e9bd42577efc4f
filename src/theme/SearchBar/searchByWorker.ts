// Stands in for the search theme's `searchByWorker` module (see
// src/plugins/search-ranking): the same two functions, answered by the
// site's own worker (./searchWorker.ts), which ranks with ./ranking.ts.
import {cappedQuery} from '@site/src/lib/searchQuery';
import type {SearchResult} from './searchIndex';
import type {WorkerReply, WorkerRequest} from './searchWorker';

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<
  number,
  {resolve: (results: SearchResult[]) => void; reject: (error: Error) => void}
>();

function ask(request: Omit<WorkerRequest, 'id'>): Promise<SearchResult[]> {
  if (!worker) {
    worker = new Worker(new URL('./searchWorker.ts', import.meta.url));
    worker.addEventListener('message', ({data}: MessageEvent<WorkerReply>) => {
      const waiting = pending.get(data.id);
      pending.delete(data.id);
      if (data.error !== undefined) {
        waiting?.reject(new Error(data.error));
      } else {
        waiting?.resolve(data.results ?? []);
      }
    });
  }
  const id = (nextId += 1);
  return new Promise((resolve, reject) => {
    pending.set(id, {resolve, reject});
    worker!.postMessage({...request, id} satisfies WorkerRequest);
  });
}

/** Loads the index of a search context (the theme calls it on first use). */
export async function fetchIndexesByWorker(
  baseUrl: string,
  searchContext: string,
): Promise<void> {
  await ask({kind: 'load', baseUrl, searchContext});
}

/**
 * One result per page, best first. Every query passes here, however it
 * reached the box (typed, pasted, from the address or the browser's
 * history), and is capped here once more.
 */
export function searchByWorker(
  baseUrl: string,
  searchContext: string,
  input: string,
  limit: number,
): Promise<SearchResult[]> {
  return ask({
    kind: 'search',
    baseUrl,
    searchContext,
    input: cappedQuery(input),
    limit,
  });
}
