// Stands in for the search theme's `searchByWorker` module (see
// src/plugins/search-ranking): the same two functions, answered by the
// site's own worker (./searchWorker.ts), which ranks with ./ranking.ts.
// The page fetches a context's manifest itself while the worker's script
// downloads, rather than after it, and hands it over (issue 31).
import {cappedQuery} from '@site/src/lib/searchQuery';
import type {SearchResult} from './searchIndex';
import type {WorkerReply, WorkerRequest} from './searchWorker';
import {indexFolder, manifestName} from './indexAddress';

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<
  number,
  {resolve: (results: SearchResult[]) => void; reject: (error: Error) => void}
>();
/** Each context's manifest, fetched and handed to the worker once. */
const loads = new Map<string, Promise<void>>();

/** A request before it has its number, for each kind. */
type Request<R = WorkerRequest> = R extends WorkerRequest
  ? Omit<R, 'id'>
  : never;

function startWorker(): Worker {
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
  return worker;
}

function ask(request: Request, transfer: Transferable[] = []) {
  const started = startWorker();
  const id = (nextId += 1);
  return new Promise<SearchResult[]>((resolve, reject) => {
    pending.set(id, {resolve, reject});
    started.postMessage({...request, id}, transfer);
  });
}

async function fetchManifest(baseUrl: string, searchContext: string) {
  const url = new URL(
    manifestName,
    indexFolder(baseUrl, searchContext, window.location.origin),
  );
  const response = await fetch(url);
  if (!response.ok) {
    throw new Error(`Search index ${url.pathname}: ${response.status}`);
  }
  return response.arrayBuffer();
}

function load(baseUrl: string, searchContext: string): Promise<void> {
  const key = `${baseUrl}|${searchContext}`;
  let loading = loads.get(key);
  if (!loading) {
    // The worker's script and the manifest download side by side.
    startWorker();
    loading = fetchManifest(baseUrl, searchContext).then(async (manifest) => {
      await ask({kind: 'load', baseUrl, searchContext, manifest}, [manifest]);
    });
    // A failed download is tried again next time.
    loading.catch(() => loads.delete(key));
    loads.set(key, loading);
  }
  return loading;
}

/** Loads the index of a search context (the theme calls it on first use). */
export async function fetchIndexesByWorker(
  baseUrl: string,
  searchContext: string,
): Promise<void> {
  await load(baseUrl, searchContext);
}

/**
 * One result per page, best first. Every query passes here, however it
 * reached the box (typed, pasted, from the address or the browser's
 * history), and is capped here once more.
 */
export async function searchByWorker(
  baseUrl: string,
  searchContext: string,
  input: string,
  limit: number,
): Promise<SearchResult[]> {
  await load(baseUrl, searchContext);
  return ask({
    kind: 'search',
    baseUrl,
    searchContext,
    input: cappedQuery(input),
    limit,
  });
}
