import {existsSync, readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import type {Browser} from '@playwright/test';
import {apiRouteBasePath} from '../../src/plugins/openapi-reference/api-section';
import {firstLoad} from './page-weight';

// Each page type's first load in two builds (an earlier commit's and this
// one's), page by page, and every API page with operations of every
// release: what a change made heavier or lighter. The bytes are the
// project's measure (page-weight.ts: HTML, CSS and JS as sent, brotli);
// they are the same on every load of a build, so one load of each page
// is the measure, on a busy machine too. Used by `npm run bench`.

/** The pages compared besides the API section's, by name: their address under the base path. */
const fixedPages: Record<string, string> = {
  Home: '',
  'Guide (quick tour)': 'docs/getting-started/quick-tour',
  Changelog: `${apiRouteBasePath}/changelog`,
  'Error codes': `${apiRouteBasePath}/errors`,
};

/** What marks a page of the API reference that shows operations. */
const operationMarker = 'class="api-operation"';

/**
 * The API section's pages of a build (every release's), by address under
 * the base path: its introductions, and the pages that show operations.
 */
function apiPages(buildDir: string): {
  introductions: string[];
  operations: string[];
} {
  const section = path.join(buildDir, apiRouteBasePath);
  const pages = readdirSync(section, {recursive: true, encoding: 'utf8'})
    .filter((file) => path.basename(file) === 'index.html')
    .map((file) => path.dirname(file))
    .filter((dir) => dir !== '.');
  const route = (dir: string) =>
    `${apiRouteBasePath}/${dir.split(path.sep).join('/')}`;
  return {
    introductions: pages
      .filter((dir) => path.basename(dir) === 'introduction')
      .map(route),
    operations: pages
      .filter((dir) =>
        readFileSync(path.join(section, dir, 'index.html'), 'utf8').includes(
          operationMarker,
        ),
      )
      .map(route),
  };
}

export interface ComparedPage {
  name: string;
  route: string;
  /** Whether it shows API operations (summarised together). */
  operations: boolean;
  before?: Awaited<ReturnType<typeof firstLoad>>;
  after?: Awaited<ReturnType<typeof firstLoad>>;
}

/**
 * Loads each compared page from both builds (the pages of either: a page
 * one of them lacks is reported as missing there).
 */
export async function compareFirstLoads(
  browser: Browser,
  builds: {before: string; after: string},
  origins: {before: string; after: string},
  basePath: string,
): Promise<ComparedPage[]> {
  const found = [builds.before, builds.after].map(apiPages);
  const union = (lists: string[][]) => [...new Set(lists.flat())].sort();
  const pages: Omit<ComparedPage, 'before' | 'after'>[] = [
    ...Object.entries(fixedPages).map(([name, route]) => ({
      name,
      route,
      operations: false,
    })),
    ...union(found.map((pages) => pages.introductions)).map((route) => ({
      name: 'API introduction',
      route,
      operations: false,
    })),
    ...union(found.map((pages) => pages.operations)).map((route) => ({
      name: 'API page',
      route,
      operations: true,
    })),
  ];
  const compared: ComparedPage[] = [];
  for (const page of pages) {
    const load = async (which: 'before' | 'after') =>
      existsSync(path.join(builds[which], page.route, 'index.html'))
        ? await firstLoad(browser, `${origins[which]}${basePath}${page.route}`)
        : undefined;
    compared.push({
      ...page,
      before: await load('before'),
      after: await load('after'),
    });
  }
  return compared;
}

/** A difference in bytes, signed: "+521 B", "−12 B", "0 B". */
const signed = (bytes: number) =>
  `${bytes > 0 ? '+' : bytes < 0 ? '−' : ''}${Math.abs(bytes)} B`;

/** The report's section: every page, then the API pages' differences summarised. */
export function firstLoadComparisonReport(
  compared: ComparedPage[],
  beforeName: string,
): string[] {
  const row = ({name, route, before, after}: ComparedPage) => {
    const parts =
      before && after
        ? (['html', 'css', 'js'] as const)
            .map(
              (kind) =>
                `${kind.toUpperCase()} ${signed(after[kind] - before[kind])}`,
            )
            .join(', ')
        : 'missing in one build';
    return `| ${name} (${route || '/'}) | ${before?.firstLoad ?? '–'} | ${after?.firstLoad ?? '–'} | ${before && after ? signed(after.firstLoad - before.firstLoad) : '–'} | ${parts} |`;
  };
  const differences = compared
    .filter((page) => page.operations && page.before && page.after)
    .map((page) => ({
      route: page.route,
      bytes: page.after!.firstLoad - page.before!.firstLoad,
    }))
    .sort((a, b) => a.bytes - b.bytes);
  const heaviest = differences.at(-1);
  const median = differences[Math.floor(differences.length / 2)];
  const heavier = compared.filter(
    (page) =>
      page.before && page.after && page.after.firstLoad > page.before.firstLoad,
  );
  return [
    `## First load before (${beforeName}) and now, page by page (bytes, brotli)`,
    '',
    'HTML + CSS + JS a first visit downloads, as nginx sends them; one load each (the bytes of a build do not vary).',
    '',
    '| Page | Before | Now | Difference | HTML, CSS, JS |',
    '| --- | --- | --- | --- | --- |',
    ...compared.map(row),
    '',
    ...(heaviest && median
      ? [
          `API pages with operations (${differences.length}): largest difference ${signed(heaviest.bytes)} (${heaviest.route}), median ${signed(median.bytes)}, smallest ${signed(differences[0].bytes)}.`,
        ]
      : []),
    heavier.length === 0
      ? 'No page is heavier than before.'
      : `Heavier than before: ${heavier.map((page) => page.route || '/').join(', ')}.`,
    '',
  ];
}
