// Findability of the local search: for the question set in
// tests/search/questions.yaml, the share of questions whose answering page
// is the first result and within the first three. It loads the built index
// (build/search-index-*.json) and asks it as the search box does, so a
// ranking can be measured, and tuned, in seconds without a browser.
// Used by `npm run bench` and tests/build/searchFindability.spec.ts.
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import lunr from 'lunr';
import type {
  SearchDocument,
  TypedIndex,
} from '../../src/theme/SearchBar/searchIndex';

const root = path.join(__dirname, '..', '..');

export interface Question {
  q: string;
  /** The answering page's route, as in tests/routes.ts. */
  page: string;
  /** The answering section's anchor, without `#`. */
  section?: string;
  who: 'merchant' | 'integrator';
}

/** What a ranking returns, as far as the measure reads it. */
export interface RankedResult {
  document: Pick<SearchDocument, 'u' | 'h'>;
}

export type IndexFile = {documents: SearchDocument[]; index: object}[];

/** The question set. */
export function loadQuestions(
  file = path.join(root, 'tests', 'search', 'questions.yaml'),
): Question[] {
  return yaml.load(readFileSync(file, 'utf8')) as Question[];
}

/** The latest release's search index of a build (the root one), parsed. */
export function loadIndexFile(buildDir = path.join(root, 'build')): {
  name: string;
  json: IndexFile;
} {
  const name = readdirSync(buildDir).find((file) =>
    /^search-index.*\.json$/.test(file),
  );
  if (!name) {
    throw new Error(`No search index in ${buildDir}: build the site first.`);
  }
  return {
    name,
    json: JSON.parse(readFileSync(path.join(buildDir, name), 'utf8')),
  };
}

/** The index as the search worker holds it: one lunr index per document type. */
export function wrapIndexes(json: IndexFile): TypedIndex[] {
  return json.map(({documents, index}, type) => ({
    type,
    documents,
    index: lunr.Index.load(index),
  }));
}

/**
 * The route a result opens (without the hash): a result is a page title or
 * one of its sections, whose `u` is the page's address.
 */
const routeOf = (result: RankedResult) => result.document.u;

/**
 * Asks `search(query)` (which returns results in display order, each with
 * `document.u` and `document.h`) every question; returns the shares and the
 * questions that missed.
 */
export function measureFindability(
  questions: Question[],
  search: (query: string) => RankedResult[],
) {
  const rows = questions.map((question) => {
    const results = search(question.q);
    const routes = results.map(routeOf);
    const rank = routes.indexOf(question.page);
    const first = results[0];
    return {
      ...question,
      rank: rank === -1 ? undefined : rank + 1,
      sectionFirst:
        rank === 0 &&
        (!question.section || first.document.h === `#${question.section}`),
      got: results
        .slice(0, 3)
        .map((result) => `${routeOf(result)}${result.document.h ?? ''}`),
    };
  });
  const share = (predicate: (row: (typeof rows)[number]) => boolean) =>
    rows.filter(predicate).length / Math.max(1, rows.length);
  return {
    count: rows.length,
    first: share((row) => row.rank === 1),
    topThree: share((row) => row.rank !== undefined && row.rank <= 3),
    sectionFirst: share((row) => row.sectionFirst),
    rows,
  };
}

/** `0.8125` as `81%`. */
export const percent = (share: number) => `${Math.round(share * 100)}%`;
