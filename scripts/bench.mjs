// @ts-check
// The benchmark: writes bench-report.md (and prints it). It reports numbers;
// the size budgets are also checked by the browser tests, timings are not.
//   npm run bench            (about 15 minutes: two builds, 24 Lighthouse runs)
//   npm run bench -- --skip-build   (the existing build/ only: no build times)
//   npm run bench -- --skip-build --runs 1   (a quick look, not a measurement)
// 1. Cold and warm build times and the build's peak memory (GNU time).
// 2. The compressed first load (HTML, CSS, JS as nginx sends them, brotli)
//    of the home page, a guide, an API page and a blog post.
// 3. The search index's pieces: how many, raw and brotli in all, and the
//    manifest a first use fetches.
// 4. Search in Chromium: the time from the first keystroke on a fresh page
//    to results (index download included), and the latency (p50, p95) of 50
//    fixed queries once the index is loaded.
//    Findability on the question set (tests/search/questions.yaml): the
//    share of questions whose answering page comes first and within the
//    first three, for the site's ranking and for the search theme's own on
//    the same index (scripts/lib/search-findability.ts).
//    On the phone profile (scripts/lib/search-bench.mjs): the first query's
//    bytes and time to results, then each key of a next word.
//   npm run bench -- --search-only [--dir <build dir>]  (an existing build:
//   search only; another folder, such as another commit's build, compares)
// 4b. Search as the site grows: copies of the site as it is and with its
//    guide folders repeated four more times, each built cold, then phone
//    searches of each, interleaved: first-query bytes, time to results, the
//    index's size and the build time, side by side.
//   npm run bench -- --search-growth [--growth-before <commit>]  (this
//   section only; with an earlier commit's copies beside the site's)
// 5. Against the stock Docusaurus template (scripts/lib/template-site.mjs,
//    built once, cached outside the repository), both served by one nginx
//    with the same plain configuration, in one run, pages interleaved:
//    Lighthouse 12 mobile (median of 5) performance, total blocking time,
//    bytes and JavaScript bytes, and the long-task time of a load under a
//    4× CPU slowdown (median of 5), each with its ratio to the template's
//    doc page; then the targets of issue 22 and the other Lighthouse
//    categories. Measure on an idle machine: other work on it is noise.
//   npm run bench -- --skip-build --before <build dir>  (adds another build,
//   such as an earlier commit's, to the same interleaved run: each page type
//   then shows before and after, side by side; and 6. below)
// 6. With --before, the first load of each page type in both builds, page
//    by page, every API page with operations of every release among them,
//    and those pages' differences summarised
//    (scripts/lib/first-load-comparison.ts). Bytes only, so a busy machine
//    is fine.
//   npm run bench -- --first-loads --before <build dir> [--dir <build dir>]
//   (this section only)
import {spawnSync} from 'node:child_process';
import {existsSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {chromium} from '@playwright/test';
import jitiFactory from 'jiti';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import {benchPort} from './lib/ports.mjs';
import {templateBuild} from './lib/template-site.mjs';
import {
  coldBuild,
  guidePages,
  noteSearchAnswers,
  phone,
  phoneGuide,
  phoneQuery,
  phoneSearch,
  phoneSummary,
  searchIndexSizes,
  siteCopy,
  startPhoneSite,
  timedInputs,
} from './lib/search-bench.mjs';

const jiti = jitiFactory(import.meta.url, {interopDefault: true});
// jiti returns what it loads untyped; these are the modules' own types.
const {startNginx, startPlainNginx} =
  /** @type {typeof import('./lib/nginx-site.ts')} */ (
    jiti('./lib/nginx-site.ts')
  );
const {budgets, firstLoad} =
  /** @type {typeof import('./lib/page-weight.ts')} */ (
    jiti('./lib/page-weight.ts')
  );
const {Searcher} =
  /** @type {typeof import('../src/theme/SearchBar/ranking.ts')} */ (
    jiti('../src/theme/SearchBar/ranking.ts')
  );
const {compareFirstLoads, firstLoadComparisonReport} =
  /** @type {typeof import('./lib/first-load-comparison.ts')} */ (
    jiti('./lib/first-load-comparison.ts')
  );
const {loadSynonyms} =
  /** @type {typeof import('../src/plugins/search-ranking/index.ts')} */ (
    jiti('../src/plugins/search-ranking/index.ts')
  );
const {themeDefaultSearch} =
  /** @type {typeof import('../tests/search/themeDefaultSearch.mjs')} */ (
    jiti('../tests/search/themeDefaultSearch.mjs')
  );
const {loadIndexFile, loadQuestions, measureFindability, percent, wrapIndexes} =
  /** @type {typeof import('./lib/search-findability.ts')} */ (
    jiti('./lib/search-findability.ts')
  );

const port = benchPort;
/**
 * Lighthouse and long-task runs per page, interleaved; the median is kept.
 * `--runs <n>` changes it (1 for a quick look, not a measurement).
 */
const runsFlag = process.argv.indexOf('--runs');
const runs = runsFlag === -1 ? 5 : Number(process.argv[runsFlag + 1]);
/** Chrome's CPU slowdown for the long-task runs (Lighthouse's mobile figure). */
const cpuSlowdown = 4;
const searchOnly = process.argv.includes('--search-only');
/** Only the search growth section (builds copies of the site). */
const growthOnly = process.argv.includes('--search-growth');
const growthBeforeFlag = process.argv.indexOf('--growth-before');
/** An earlier commit whose copies the growth section adds, before the site's. */
const growthBefore =
  growthBeforeFlag === -1 ? undefined : process.argv[growthBeforeFlag + 1];
/** Only the first loads of two builds, page by page (needs --before). */
const firstLoadsOnly = process.argv.includes('--first-loads');
const dirFlag = process.argv.indexOf('--dir');
const buildDir =
  (searchOnly || firstLoadsOnly) && dirFlag !== -1
    ? process.argv[dirFlag + 1]
    : 'build';
const skipBuild =
  searchOnly ||
  growthOnly ||
  firstLoadsOnly ||
  process.argv.includes('--skip-build');
const beforeFlag = process.argv.indexOf('--before');
/** Another build to compare in the same run, page type by page type. */
const beforeDir = beforeFlag === -1 ? undefined : process.argv[beforeFlag + 1];
if (firstLoadsOnly && !beforeDir) {
  throw new Error('--first-loads compares two builds: add --before <dir>.');
}
/** @param {string} name a compared page type */
const beforeName = (name) => `Before: ${name}`;
const reportFile = 'bench-report.md';
/**
 * The pages measured, by their addresses under the build's base path
 * (`site.basePath`, from its deployment facts).
 * @type {Record<string, string>}
 */
const pages = {
  'Home page': '',
  Guide: 'docs/getting-started/login',
  'API page': 'docs/api/order',
  'Blog post': 'blog/welcome',
};
/** Each type of page of the site, compared with the template. */
const comparedPages = {
  Home: '',
  'Guide (quick tour)': 'docs/getting-started/quick-tour',
  'Guide with a figure': 'docs/resources/resource-stock',
  'API page, 2023-07': 'docs/api/order',
  'API page, 2023-01': 'docs/api/2023-01/order',
  Changelog: 'docs/api/changelog',
  'Error codes': 'docs/api/errors',
  'Blog post': 'blog/welcome',
  // Lighthouse does not audit a document answered with 404; the not-found
  // page's own file is the same document, and the router finds no route
  // for its address either.
  'Not found': '404.html',
};
/** The template's pages; its doc page is the yardstick of every ratio. */
const templatePages = {
  'Template: home': '',
  'Template: doc': 'docs/intro',
};
const yardstick = 'Template: doc';
/** Pages that should score as a static page does. */
const staticPages = ['Home', 'Blog post'];
const chromePath =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((file) =>
    existsSync(file),
  );
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
];

// Fields, operations, states, screens and spellings readers type.
const searchQueries = [
  'tracking_number',
  'POST /orders',
  'cancel order',
  'partially_dispatched',
  'Changes',
  'Settings API keys',
  'color',
  'catalog',
  'canceled',
  'webhook signature',
  'Idempotency-Key',
  'rate limit',
  'next_cursor',
  'stock_buffer',
  'available stock',
  'transfer receive',
  'batch stock',
  'completed_with_errors',
  'barcode',
  'GTIN',
  'price change',
  'effective_at',
  'host product',
  'unlink',
  'Shopify locations',
  'BigCommerce',
  'Visualsoft',
  'enrichment queue',
  'retry job',
  'dispatch',
  'carrier',
  'sale return',
  'channel_order_ref',
  'change feed',
  'cursor_expired',
  'invalid_filter',
  'problem details',
  'sandbox',
  'two-factor',
  'password reset',
  'views',
  'advanced query',
  'export CSV',
  'file upload',
  'error report',
  'warehouse code',
  'brand store',
  'wholesale',
  'dropship',
  'organisation',
];

/** @param {number} bytes */
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
/**
 * @param {number[]} values
 * @returns {number}
 */
const median = (values) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Runs `npm run build` under GNU time: wall seconds and peak memory. */
function timedBuild() {
  const {stderr: output} = spawnSync(
    '/usr/bin/time',
    ['-v', 'npm', 'run', 'build'],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  const wall = /Elapsed \(wall clock\) time.*: (?:(\d+):)?(\d+):([\d.]+)/.exec(
    output,
  );
  const seconds = wall
    ? Number(wall[1] ?? 0) * 3600 + Number(wall[2]) * 60 + Number(wall[3])
    : NaN;
  const peakKb = Number(
    /Maximum resident set size \(kbytes\): (\d+)/.exec(output)?.[1],
  );
  return {seconds, peakMb: peakKb / 1024};
}

function buildTimes() {
  // Cold: no Docusaurus cache, no bundler cache, no output.
  for (const dir of [
    '.docusaurus',
    'build',
    path.join('node_modules', '.cache'),
  ]) {
    rmSync(dir, {recursive: true, force: true});
  }
  const cold = timedBuild();
  const warm = timedBuild();
  return {cold, warm};
}

/**
 * The value `share` (0 to 1) of the way up `values`.
 * @param {number[]} values
 * @param {number} share
 * @returns {number}
 */
const percentile = (values, share) =>
  [...values].sort((a, b) => a - b)[
    Math.min(values.length - 1, Math.floor(values.length * share))
  ];

/**
 * First keystroke to results on a fresh page, then 50 queries' latencies.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} origin
 */
async function searchTimings(browser, origin) {
  const page = await browser.newPage();
  await noteSearchAnswers(page);
  await page.goto(`${origin}${site.basePath}${pages.Guide}`, {
    waitUntil: 'networkidle',
  });
  const box = page
    .getByRole('navigation', {name: 'Main'})
    .getByLabel('Search', {exact: true});
  const start = Date.now();
  await box.focus();
  await page.keyboard.type('tracking_number');
  await page.getByRole('option').first().waitFor();
  const firstResults = Date.now() - start;
  // A query whose list does not change within 5 s is counted as unanswered.
  const latencies = await timedInputs(
    page,
    searchQueries.map((value) => ({value})),
  );
  await page.close();
  return {
    firstResults,
    answered: latencies.length,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
  };
}

/** Findability on the question set: the site's ranking and the theme's own. */
function findability() {
  const questions = loadQuestions();
  const wrapped = wrapIndexes(loadIndexFile(buildDir).json);
  const searcher = new Searcher(wrapped, loadSynonyms());
  return {
    count: questions.length,
    site: measureFindability(questions, (query) => searcher.search(query, 8)),
    theme: measureFindability(questions, (query) =>
      themeDefaultSearch(wrapped, query),
    ),
  };
}

/** The phone profile, in words. */
const phoneProfile = `${phone.latency} ms round trip, ${((phone.downloadThroughput * 8) / 1024 / 1024).toFixed(1)} Mbit/s, CPU ${phone.cpuSlowdown}× slower`;

/**
 * The report's search sections.
 * @param {ReturnType<typeof searchIndexSizes>} indexes none in a DocSearch build
 * @param {Awaited<ReturnType<typeof searchTimings>> & {phone: ReturnType<typeof phoneSummary>}} search
 * @param {ReturnType<typeof findability> | undefined} found
 * @returns {string[]}
 */
function searchReport(indexes, search, found) {
  return [
    '## Search index',
    '',
    ...(indexes.length > 0
      ? indexes.map(
          (index) =>
            `- \`${index.file.replace(/\.json$/, '/')}\`: ${index.pieces} pieces, ${kb(index.piecesRaw)} raw, ${kb(index.piecesBrotli)} brotli in all; its manifest ${kb(index.manifestBrotli ?? 0)} brotli, fetched on first use, then the pieces each query needs.`,
        )
      : ['No local index (DocSearch build).']),
    '',
    `First keystroke to results on a fresh page (index download included): ${search.firstResults} ms.`,
    `Query latency over ${searchQueries.length} queries (${search.answered} answered), index loaded: p50 ${search.p50.toFixed(0)} ms, p95 ${search.p95.toFixed(0)} ms.`,
    `On a phone (${phoneProfile}; HTTPS and HTTP/2), a guide that has not searched, typing "${phoneQuery}": first results after ${search.phone.firstResults.toFixed(0)} ms; from focus to results it fetched ${kb(search.phone.bytes)} of index and results and ${kb(search.phone.codeBytes)} of search code (compressed); each key of a next word: median ${search.phone.keystrokeMedian.toFixed(0)} ms, slowest ${search.phone.keystrokeMax.toFixed(0)} ms; the heaviest query, its pieces at hand: ${search.phone.heavyMax.toFixed(0)} ms; the page's longest task meanwhile: ${search.phone.longestTask.toFixed(0)} ms.`,
    '',
    ...(found
      ? [
          `## Findability (${found.count} questions, tests/search/questions.yaml)`,
          '',
          '| Ranking | Page first | Page in first three | Section first |',
          '| --- | --- | --- | --- |',
          `| The site's (src/theme/SearchBar/ranking.ts) | ${percent(found.site.first)} | ${percent(found.site.topThree)} | ${percent(found.site.sectionFirst)} |`,
          `| The search theme's own, same index | ${percent(found.theme.first)} | ${percent(found.theme.topThree)} | ${percent(found.theme.sectionFirst)} |`,
          '',
        ]
      : []),
  ];
}

/** The phone searches of the growth bench, interleaved across its builds. */
const growthRuns = 5;
/** The phone searches' site (plain HTTP, then HTTPS) is served from the bench's port plus this. */
const phonePortOffset = 4;
/** The growth bench's sites are served from the bench's port plus this and up. */
const growthPortOffset = 10;

/**
 * Search as the site grows: for the site now (and, with `--before`, an
 * earlier commit), a copy as it is and one with its guide folders repeated
 * four more times, each built cold; then phone searches of all of them,
 * interleaved.
 * @param {import('@playwright/test').Browser} browser
 * @param {string | undefined} beforeCommit
 * @returns {Promise<string[]>}
 */
async function searchGrowth(browser, beforeCommit) {
  const variants = [
    ...(beforeCommit
      ? [{name: `Before (${beforeCommit})`, commit: beforeCommit}]
      : []),
    {name: 'Now', commit: undefined},
  ].flatMap(({name, commit}) =>
    [0, 4].map((extraCopies) => ({
      name: `${name}, ${extraCopies === 0 ? '1×' : `${extraCopies + 1}× guides`}`,
      commit,
      extraCopies,
    })),
  );
  /** @type {(typeof variants[number] & {dir: string, pages: number, seconds: number})[]} */
  const built = [];
  const sites = [];
  try {
    for (const variant of variants) {
      const dir = siteCopy(variant);
      console.log(`bench: building ${variant.name} in ${dir}`);
      built.push({...variant, dir, pages: guidePages(dir), seconds: 0});
      built[built.length - 1].seconds = coldBuild(dir);
    }
    for (const [index, variant] of built.entries()) {
      sites.push(
        await startPhoneSite(
          port + growthPortOffset + 2 * index,
          port + growthPortOffset + 2 * index + 1,
          path.join(variant.dir, 'build'),
        ),
      );
    }
    /** @type {import('./lib/search-bench.mjs').PhoneSample[][]} */
    const samples = built.map(() => []);
    for (let run = 0; run < growthRuns; run += 1) {
      for (const [index, site] of sites.entries()) {
        samples[index].push(
          await phoneSearch(
            browser,
            `${site.origin}${site.basePath}${phoneGuide}`,
          ),
        );
      }
    }
    const rows = built.map((variant, index) => {
      const root = searchIndexSizes(path.join(variant.dir, 'build')).find(
        (found) => !found.file.includes('/'),
      );
      const summary = phoneSummary(samples[index]);
      return `| ${variant.name} | ${variant.pages} | ${kb(summary.bytes)} + ${kb(summary.codeBytes)} | ${summary.firstResults.toFixed(0)} ms | ${summary.keystrokeMedian.toFixed(0)} ms / ${summary.keystrokeMax.toFixed(0)} ms | ${summary.heavyMax.toFixed(0)} ms | ${summary.longestTask.toFixed(0)} ms | ${root ? kb(root.wholeBrotli) : '–'} | ${root && root.pieces > 0 ? `${kb(root.piecesBrotli)} (${root.pieces})` : 'none'} | ${variant.seconds.toFixed(0)} s |`;
    });
    return [
      '## Search as the site grows',
      '',
      `Copies of the site, each built cold; then ${growthRuns} phone searches of each (${phoneProfile}; HTTPS and HTTP/2 from nginx with the shipped configuration), interleaved, medians: typing "${phoneQuery}" on ${phoneGuide}, a guide that has not searched. First-query bytes are everything fetched (compressed) from focusing the box to the first results. The template site has no local search (its search box is Algolia's), so it has no figures here.`,
      '',
      '| Site | Guide pages | First query fetches: index and results + code | First results | Next word, per key (median / slowest) | Heaviest query, pieces at hand | Longest main-thread task | Whole index (brotli) | Pieces (brotli, count) | Cold build |',
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
      ...rows,
      '',
    ];
  } finally {
    for (const site of sites) {
      site.stop();
    }
    for (const variant of built) {
      rmSync(variant.dir, {recursive: true, force: true});
    }
  }
}

/**
 * One page's numbers from one run: Lighthouse's category scores out of 100,
 * total blocking time in milliseconds, bytes transferred, and the long-task
 * time of a load under the CPU slowdown.
 * @typedef {object} PageSample
 * @property {number} performance
 * @property {number} accessibility
 * @property {number} bestPractices
 * @property {number} seo
 * @property {number} tbt
 * @property {number} bytes
 * @property {number} jsBytes
 * @property {number} longTasks
 */

/**
 * The parts of a Lighthouse result read here. Lighthouse types a category's
 * score as `number | null` and an audit's numericValue as optional, for
 * runs where they could not be measured; this report takes them as numbers
 * (a null score counts as 0).
 * @typedef {object} LighthouseReadings
 * @property {Record<'performance' | 'accessibility' | 'best-practices' | 'seo', {score: number}>} categories
 * @property {{'total-blocking-time': {numericValue: number}, 'total-byte-weight': {numericValue: number}, 'network-requests': {details: {items: {resourceType: string, transferSize: number}[]}}}} audits
 */

/**
 * Sums the long tasks of one load, in milliseconds, with the CPU slowed.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} url
 * @returns {Promise<number>}
 */
async function longTaskTime(browser, url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', {rate: cpuSlowdown});
  await page.addInitScript(() => {
    const state =
      /** @type {{longTaskMs: number, longTasks: PerformanceObserver}} */ (
        /** @type {unknown} */ (globalThis)
      );
    state.longTaskMs = 0;
    state.longTasks = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        state.longTaskMs += entry.duration;
      }
    });
    state.longTasks.observe({type: 'longtask', buffered: true});
  });
  await page.goto(url, {waitUntil: 'networkidle'});
  // The network can fall idle before the page's chunks have run: the load
  // ends when React has hydrated the page, and the browser is idle again.
  await page.locator('html[data-has-hydrated="true"]').waitFor();
  const total = await page.evaluate(
    () =>
      new Promise((resolve) =>
        requestIdleCallback(() => {
          const state =
            /** @type {{longTaskMs: number, longTasks: PerformanceObserver}} */ (
              /** @type {unknown} */ (globalThis)
            );
          // Entries the observer has not been called back with yet.
          for (const entry of state.longTasks.takeRecords()) {
            state.longTaskMs += entry.duration;
          }
          resolve(state.longTaskMs);
        }),
      ),
  );
  await context.close();
  return total;
}

/**
 * Every compared page of the site and the template, `runs` times, the pages
 * interleaved in each round so that a change in the machine's load falls on
 * all of them alike: the median of each number, by page name.
 * @param {import('@playwright/test').Browser} browser
 * @param {Record<string, string>} urls page name to address
 * @returns {Promise<Record<string, PageSample>>}
 */
async function comparisonRuns(browser, urls) {
  const chrome = await chromeLauncher.launch({chromePath, chromeFlags});
  /** @type {Record<string, PageSample[]>} */
  const samples = Object.fromEntries(
    Object.keys(urls).map((name) => [name, []]),
  );
  try {
    for (let run = 0; run < runs; run += 1) {
      for (const [name, url] of Object.entries(urls)) {
        // Lighthouse returns undefined only in gather-only mode (not used).
        const result = /** @type {import('lighthouse').RunnerResult} */ (
          await lighthouse(url, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
          })
        );
        const {categories, audits} = /** @type {LighthouseReadings} */ (
          /** @type {unknown} */ (result.lhr)
        );
        const jsBytes = audits['network-requests'].details.items
          .filter((request) => request.resourceType === 'Script')
          .reduce((sum, request) => sum + request.transferSize, 0);
        samples[name].push({
          performance: categories.performance.score * 100,
          accessibility: categories.accessibility.score * 100,
          bestPractices: categories['best-practices'].score * 100,
          seo: categories.seo.score * 100,
          tbt: audits['total-blocking-time'].numericValue,
          bytes: audits['total-byte-weight'].numericValue,
          jsBytes,
          longTasks: await longTaskTime(browser, url),
        });
      }
    }
  } finally {
    chrome.kill();
  }
  return Object.fromEntries(
    Object.entries(samples).map(([name, list]) => [
      name,
      /** @type {PageSample} */ (
        Object.fromEntries(
          /** @type {(keyof PageSample)[]} */ (Object.keys(list[0])).map(
            (key) => [key, median(list.map((sample) => sample[key]))],
          ),
        )
      ),
    ]),
  );
}

/**
 * A number and its ratio to the yardstick's.
 * @param {number} value
 * @param {number} base
 * @param {(value: number) => string} format
 */
const withRatio = (value, base, format) =>
  `${format(value)} (${base === 0 ? (value === 0 ? '1.00' : '—') : (value / base).toFixed(2)})`;

/**
 * The comparison's sections of the report.
 * @param {Record<string, PageSample>} results
 * @param {string} version the template's Docusaurus version
 * @returns {string[]}
 */
function comparisonReport(results, version) {
  const base = results[yardstick];
  const ms = (/** @type {number} */ value) => `${value.toFixed(0)} ms`;
  const score = (/** @type {number} */ value) => value.toFixed(0);
  const ours = Object.keys(comparedPages);
  /**
   * @param {string} name
   * @returns {[string, boolean][]}
   */
  const checks = (name) => {
    const page = results[name];
    return [
      [
        `performance ≥ ${score(base.performance)}`,
        page.performance >= base.performance,
      ],
      [`TBT ≤ ${ms(base.tbt)}`, page.tbt <= base.tbt],
      [`JS ≤ ${kb(base.jsBytes)}`, page.jsBytes <= base.jsBytes],
      ...(staticPages.includes(name)
        ? /** @type {[string, boolean][]} */ ([
            ['performance 100', page.performance === 100],
          ])
        : []),
    ];
  };
  return [
    `## Against the stock Docusaurus ${version} template (mobile, median of ${runs}, one interleaved run)`,
    '',
    `In brackets: the ratio to the template's doc page (${site.basePath}${templatePages[yardstick]}). Long tasks: their total time during one load with the CPU slowed ${cpuSlowdown}×.`,
    '',
    '| Page | Performance | Total blocking time | Long tasks | Bytes | JavaScript bytes |',
    '| --- | --- | --- | --- | --- | --- |',
    ...[
      ...Object.keys(templatePages),
      ...ours.flatMap((name) =>
        beforeName(name) in results ? [beforeName(name), name] : [name],
      ),
    ].map((name) => {
      const page = results[name];
      return `| ${name} | ${withRatio(page.performance, base.performance, score)} | ${withRatio(page.tbt, base.tbt, ms)} | ${withRatio(page.longTasks, base.longTasks, ms)} | ${withRatio(page.bytes, base.bytes, kb)} | ${withRatio(page.jsBytes, base.jsBytes, kb)} |`;
    }),
    '',
    "## Targets (issue 22: at least the template's doc page; home and posts 100)",
    '',
    '| Page | Checks | Met |',
    '| --- | --- | --- |',
    ...ours.map((name) => {
      const list = checks(name);
      const missed = list.filter(([, met]) => !met).map(([label]) => label);
      return `| ${name} | ${list.map(([label]) => label).join('; ')} | ${missed.length === 0 ? 'yes' : `NO: ${missed.join('; ')}`} |`;
    }),
    '',
    '## Other Lighthouse categories (mobile, median)',
    '',
    '| Page | Accessibility | Best practices | SEO |',
    '| --- | --- | --- | --- |',
    ...ours.map((name) => {
      const page = results[name];
      return `| ${name} | ${score(page.accessibility)} | ${score(page.bestPractices)} | ${score(page.seo)} |`;
    }),
    '',
  ];
}

/**
 * 6. This build's and the --before build's first loads, page by page, each
 * build behind the same plain nginx (the deploy's checks are this
 * commit's, which an earlier build may not pass).
 * @param {import('@playwright/test').Browser} browser
 * @param {string} before the earlier build's folder
 * @param {string} basePath both builds' base path
 * @returns {Promise<string[]>}
 */
async function firstLoadComparison(browser, before, basePath) {
  const plain = await startPlainNginx([
    {build: before, basePath, port: port + 1},
    {build: buildDir, basePath, port: port + 2},
  ]);
  try {
    const [beforeOrigin, afterOrigin] = plain.origins;
    const compared = await compareFirstLoads(
      browser,
      {before: path.resolve(before), after: path.resolve(buildDir)},
      {before: beforeOrigin, after: afterOrigin},
      basePath,
    );
    return firstLoadComparisonReport(compared, before);
  } finally {
    plain.stop();
  }
}

const times = skipBuild ? undefined : buildTimes();
const site = await startNginx(port, buildDir);
const report = [
  `# Benchmark report`,
  '',
  `Generated ${new Date().toISOString()}.`,
  '',
];
try {
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: chromeFlags.slice(1),
  });
  const indexes = searchIndexSizes(buildDir);
  const found = indexes.length > 0 ? findability() : undefined;
  /** Phone searches of this build, one after another. */
  const phoneSearches = async () => {
    const served = await startPhoneSite(
      port + phonePortOffset,
      port + phonePortOffset + 1,
      buildDir,
    );
    try {
      /** @type {import('./lib/search-bench.mjs').PhoneSample[]} */
      const samples = [];
      for (let run = 0; run < Math.max(1, Math.min(runs, 3)); run += 1) {
        samples.push(
          await phoneSearch(
            browser,
            `${served.origin}${served.basePath}${phoneGuide}`,
          ),
        );
      }
      return phoneSummary(samples);
    } finally {
      served.stop();
    }
  };
  if (growthOnly) {
    report.push(...(await searchGrowth(browser, growthBefore)));
    await browser.close();
  } else if (firstLoadsOnly && beforeDir) {
    report.push(
      ...(await firstLoadComparison(browser, beforeDir, site.basePath)),
    );
    await browser.close();
  } else if (searchOnly) {
    const search = {
      ...(await searchTimings(browser, site.origin)),
      phone: await phoneSearches(),
    };
    await browser.close();
    report.push(...searchReport(indexes, search, found));
  } else {
    /** @type {Record<string, Awaited<ReturnType<typeof firstLoad>>>} */
    const weights = {};
    for (const [name, route] of Object.entries(pages)) {
      weights[name] = await firstLoad(
        browser,
        `${site.origin}${site.basePath}${route}`,
      );
    }
    const search = {
      ...(await searchTimings(browser, site.origin)),
      phone: await phoneSearches(),
    };
    const growth = await searchGrowth(browser, growthBefore);
    const comparedFirstLoads = beforeDir
      ? await firstLoadComparison(browser, beforeDir, site.basePath)
      : [];
    const template = await templateBuild(site.basePath);
    const plain = await startPlainNginx([
      {build: buildDir, basePath: site.basePath, port: port + 1},
      {build: template.build, basePath: site.basePath, port: port + 2},
      ...(beforeDir
        ? [{build: beforeDir, basePath: site.basePath, port: port + 3}]
        : []),
    ]);
    /** @type {Record<string, PageSample>} */
    let compared;
    try {
      const [ours, theirs, before] = plain.origins;
      compared = await comparisonRuns(browser, {
        ...Object.fromEntries(
          Object.entries(templatePages).map(([name, route]) => [
            name,
            `${theirs}${site.basePath}${route}`,
          ]),
        ),
        ...Object.fromEntries(
          Object.entries(comparedPages).flatMap(([name, route]) => [
            ...(before
              ? [[beforeName(name), `${before}${site.basePath}${route}`]]
              : []),
            [name, `${ours}${site.basePath}${route}`],
          ]),
        ),
      });
    } finally {
      plain.stop();
    }
    await browser.close();

    report.push(
      '## Build',
      '',
      ...(times
        ? [
            '| Build | Time | Peak memory |',
            '| --- | --- | --- |',
            `| Cold (no caches) | ${times.cold.seconds.toFixed(0)} s | ${times.cold.peakMb.toFixed(0)} MB |`,
            `| Warm | ${times.warm.seconds.toFixed(0)} s | ${times.warm.peakMb.toFixed(0)} MB |`,
          ]
        : ['Not measured (`--skip-build`): the existing build/ was used.']),
      '',
      '## First load, as served by nginx (brotli)',
      '',
      '| Page | HTML | CSS | JS | HTML + CSS + JS |',
      '| --- | --- | --- | --- | --- |',
      ...Object.entries(weights).map(
        ([name, weight]) =>
          `| ${name} (${site.basePath}${pages[name]}) | ${kb(weight.html)} | ${kb(weight.css)} | ${kb(weight.js)} | ${kb(weight.firstLoad)} |`,
      ),
      '',
    );
    const guide = weights.Guide;
    const api = weights['API page'];
    report.push(
      '## Budgets',
      '',
      `- Guide first load: ${kb(guide.firstLoad)} of ${kb(budgets.guideFirstLoadBytes)}: ${guide.firstLoad <= budgets.guideFirstLoadBytes ? 'within' : 'OVER'}.`,
      `- API page JavaScript over a guide: ${kb(api.js - guide.js)} of ${kb(budgets.apiExtraScriptBytes)}: ${api.js - guide.js <= budgets.apiExtraScriptBytes ? 'within' : 'OVER'}.`,
      '- Search bytes before first use: checked by tests/e2e/budget.spec.ts (none).',
      '',
      ...comparedFirstLoads,
      ...searchReport(indexes, search, found),
      ...growth,
      ...comparisonReport(compared, template.version),
    );
  }
} finally {
  site.stop();
}
writeFileSync(reportFile, `${report.join('\n')}\n`);
console.log(report.join('\n'));
