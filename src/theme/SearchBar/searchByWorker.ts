// Stands in for the search theme's `searchByWorker` module (see
// src/plugins/search-ranking): the same two functions, answered by the
// site's own worker (./searchWorker.ts), which ranks with ./ranking.ts.
// The page fetches a context's manifest itself while the worker's script
// downloads, rather than after it, and hands it over (issue 31). The
// dropdown's results may come before some of their passages: the template
// leaves a place for each (./SuggestionTemplate.ts), filled when the same
// request's full answer follows.
import {cappedQuery} from '@site/src/lib/searchQuery';
import type {SearchResult} from './searchIndex';
import type {WorkerReply, WorkerRequest} from './searchWorker';
import {indexFolder, manifestName} from './indexAddress';
import {markedHtml, passageAttribute, passageKey} from './SuggestionTemplate';

/**
 * The theme's search page asks for this many results and draws them
 * itself, so it waits for their passages; the dropdown asks for fewer.
 */
const searchPageLimit = 100;

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<
  number,
  {resolve: (results: SearchResult[]) => void; reject: (error: Error) => void}
>();
/** Each context's manifest, fetched and handed to the worker once. */
const loads = new Map<string, Promise<void>>();
/** The answers on their way, by request (see `searchByWorker`). */
const asked = new Map<string, Promise<SearchResult[]>>();
/** Results shown before their passages, by request. */
const following = new Map<number, SearchResult[]>();
/** The request of the dropdown's newest query. */
let newestDropdownQuery = 0;

/** A request before it has its number, for each kind. */
type Request<R = WorkerRequest> = R extends WorkerRequest
  ? Omit<R, 'id'>
  : never;

function startWorker(): Worker {
  if (!worker) {
    worker = new Worker(new URL('./searchWorker.ts', import.meta.url));
    worker.addEventListener('message', ({data}: MessageEvent<WorkerReply>) => {
      const waiting = pending.get(data.id);
      if (!waiting) {
        // The full answer to results already shown: the shown ones take its
        // passages (the dropdown keeps them for the same query), and so do
        // their places, unless newer results have taken them.
        const shown = following.get(data.id) ?? [];
        following.delete(data.id);
        shown.forEach((result, index) => {
          Object.assign(result, data.results?.[index], {
            passageToFollow: false,
          });
        });
        if (data.id === newestDropdownQuery) {
          fillPassages(shown);
        }
        return;
      }
      pending.delete(data.id);
      if (data.passagesToFollow) {
        following.set(data.id, data.results ?? []);
      }
      if (data.error !== undefined) {
        waiting?.reject(new Error(data.error));
      } else {
        waiting?.resolve(data.results ?? []);
      }
    });
  }
  return worker;
}

/** Puts the passages that have come into the places the results left. */
function fillPassages(results: SearchResult[]) {
  for (const result of results) {
    const key = passageKey(result);
    for (const place of Array.from(
      document.querySelectorAll(`[${passageAttribute}]`),
    )) {
      if (place.getAttribute(passageAttribute) === key) {
        place.innerHTML = markedHtml(result.snippet, result.marks);
        place.removeAttribute(passageAttribute);
      }
    }
  }
}

function ask(request: Request, transfer: Transferable[] = []) {
  const started = startWorker();
  const id = (nextId += 1);
  if (request.kind === 'search' && request.passagesMayFollow) {
    newestDropdownQuery = id;
  }
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
  const request = {
    kind: 'search',
    baseUrl,
    searchContext,
    input: cappedQuery(input),
    limit,
    passagesMayFollow: limit < searchPageLimit,
  } as const;
  // The box may ask the same twice (as it opens and as its text changes):
  // the second shares the first's answer, rather than superseding it, whose
  // empty answer could then arrive after, and replace, the results.
  const key = JSON.stringify(request);
  let answer = asked.get(key);
  if (!answer) {
    answer = ask(request);
    asked.set(key, answer);
    const forget = () => asked.delete(key);
    answer.then(forget, forget);
  }
  return answer;
}
