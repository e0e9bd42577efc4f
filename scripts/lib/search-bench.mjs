// @ts-check
// The benchmark's search figures on a phone, and how they grow with the
// site (issue 31). `npm run bench` reports them for the build it measures;
// `npm run bench -- --search-growth [--before <commit>]` makes copies of
// the site with its guide folders repeated, builds each and reports, side by
// side, what the first query fetches, the time to its first results on the
// phone, the index's size and the build time.
import {spawnSync} from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import jitiFactory from 'jiti';

const jiti = jitiFactory(import.meta.url, {interopDefault: true});
// jiti returns what it loads untyped; this is the module's own type.
const {selfSignedCertificate, startNginx} =
  /** @type {typeof import('./nginx-site.ts')} */ (jiti('./nginx-site.ts'));
const {apiSandboxUrl} =
  /** @type {typeof import('../../src/plugins/openapi-reference/latest-document.ts')} */ (
    jiti('../../src/plugins/openapi-reference/latest-document.ts')
  );

const siteDir = path.join(import.meta.dirname, '..', '..');

/** The guide a phone searches from. */
export const phoneGuide = 'docs/getting-started/login';

/**
 * The phone of issue 31: 150 ms round trip, 1.6 Mbit/s down (750 kbit/s
 * up), the CPU slowed 4×.
 */
export const phone = {
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
  cpuSlowdown: 4,
};
/** The common query typed on the phone. */
export const phoneQuery = 'order';
/** Typed after the first results, one key at a time: a word the page has not searched. */
const nextWords = ' stock';
/**
 * Queries that make the search work hardest: one letter (every term that
 * starts with it), a text far past the box's cap (src/lib/searchQuery.ts
 * cuts it), many words.
 */
const heavyQueries = [
  's',
  'x'.repeat(10_000),
  'order stock dispatch warehouse product price change webhook file sale',
];

/** The event the page fires with each answer's query (`noteSearchAnswers`). */
const answerEvent = 'bench-search-answer';

/**
 * Makes the page fire `answerEvent` with the query of each answer of the
 * search worker, so that an input is timed to its own answer: the results
 * list also changes when an earlier query's passages arrive, which would
 * time a key by its predecessor's. Call before the page loads.
 * @param {import('@playwright/test').Page} page
 */
export function noteSearchAnswers(page) {
  return page.addInitScript((eventName) => {
    const PageWorker = window.Worker;
    window.Worker = class extends PageWorker {
      /** @param {ConstructorParameters<typeof Worker>} options */
      constructor(...options) {
        super(...options);
        /** @type {Map<number, string>} */
        const inputs = new Map();
        const post =
          /** @type {(message: unknown, transfer?: unknown) => void} */ (
            this.postMessage.bind(this)
          );
        this.postMessage = /** @type {Worker['postMessage']} */ (
          /**
           * @param {{kind?: string, id: number, input?: string}} message
           * @param {unknown} [transfer]
           */
          (message, transfer) => {
            if (message.kind === 'search' && message.input !== undefined) {
              inputs.set(message.id, message.input);
            }
            post(message, transfer);
          }
        );
        this.addEventListener('message', ({data}) => {
          const input = inputs.get(data.id);
          if (input !== undefined) {
            window.dispatchEvent(new CustomEvent(eventName, {detail: input}));
          }
        });
      }
    };
  }, answerEvent);
}

/**
 * Gives the search box each input in turn (a key added to its text, or a
 * new text) and times each from its input event to the frame after the
 * worker's first answer to that text as the box sends it (cut at the cap,
 * maybe trimmed); an input with no answer of its own within 5 s (the box
 * asked nothing new) is not timed. The page must note answers
 * (`noteSearchAnswers`).
 * @param {import('@playwright/test').Page} page
 * @param {({key: string} | {value: string})[]} inputs
 * @returns {Promise<number[]>}
 */
export function timedInputs(page, inputs) {
  return page.evaluate(
    async ({steps, eventName}) => {
      const input = /** @type {HTMLInputElement} */ (
        document.querySelector('input.navbar__search-input')
      );
      /** @type {number[]} */
      const times = [];
      for (const step of steps) {
        const value = 'key' in step ? input.value + step.key : step.value;
        // The box's own cap (src/lib/searchQuery.ts), which its `maxlength` holds.
        const asked = value.slice(0, input.maxLength);
        const answered = new Promise((resolve) => {
          /** @param {Event} event */
          const onAnswer = (event) => {
            const query = /** @type {CustomEvent<string>} */ (event).detail;
            if (query === asked || query === asked.trim()) {
              done();
              requestAnimationFrame(() => resolve(true));
            }
          };
          const timeout = setTimeout(() => {
            done();
            resolve(false);
          }, 5000);
          const done = () => {
            clearTimeout(timeout);
            window.removeEventListener(eventName, onAnswer);
          };
          window.addEventListener(eventName, onAnswer);
        });
        const begin = performance.now();
        input.value = value;
        input.dispatchEvent(new Event('input', {bubbles: true}));
        if (await answered) {
          times.push(performance.now() - begin);
        }
      }
      return times;
    },
    {steps: inputs, eventName: answerEvent},
  );
}

/** @param {number[]} values */
const median = (values) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Every search index the build holds (the root's and each older release's):
 * for each, its theme file and the pieces the site reads.
 * @param {string} buildDir
 */
export function searchIndexSizes(buildDir) {
  const found = [];
  for (const dir of [buildDir, ...releaseIndexDirs(buildDir)]) {
    for (const file of readdirSync(dir).filter((name) =>
      /^search-index-.*\.json$/.test(name),
    )) {
      found.push({dir, file});
    }
  }
  /** @param {string} file */
  const brotli = (file) =>
    existsSync(`${file}.br`)
      ? statSync(`${file}.br`).size
      : statSync(file).size;
  return found.map(({dir, file}) => {
    const folder = path.join(dir, file.replace(/\.json$/, ''));
    const pieces = existsSync(folder)
      ? readdirSync(folder).filter((name) => name.endsWith('.json'))
      : [];
    return {
      file: path.relative(buildDir, path.join(dir, file)),
      wholeRaw: statSync(path.join(dir, file)).size,
      wholeBrotli: brotli(path.join(dir, file)),
      pieces: pieces.length,
      piecesRaw: pieces.reduce(
        (sum, name) => sum + statSync(path.join(folder, name)).size,
        0,
      ),
      piecesBrotli: pieces.reduce(
        (sum, name) => sum + brotli(path.join(folder, name)),
        0,
      ),
      manifestBrotli: pieces.includes('manifest.json')
        ? brotli(path.join(folder, 'manifest.json'))
        : undefined,
    };
  });
}

/**
 * The folders of older API releases that hold their own index.
 * @param {string} buildDir
 */
function releaseIndexDirs(buildDir) {
  const api = path.join(buildDir, 'docs', 'api');
  return existsSync(api)
    ? readdirSync(api, {withFileTypes: true})
        .filter(
          (entry) =>
            entry.isDirectory() &&
            readdirSync(path.join(api, entry.name)).some((name) =>
              /^search-index-.*\.json$/.test(name),
            ),
        )
        .map((entry) => path.join(api, entry.name))
    : [];
}

/**
 * One search on the phone profile, from a guide that has not searched: the
 * time from the first keystroke to the first results and the bytes (as
 * sent, compressed) fetched from focusing the box to those results, of the
 * index and results (`bytes`) and of the search's code (`codeBytes`); then, with that query's pieces kept, the time from each further
 * keystroke (a new word) to the results changing, the time of each heavy
 * query once its pieces are at hand, and the longest task the page's main
 * thread ran meanwhile.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} pageUrl
 * @param {number} [pause] milliseconds between the first results and the
 *   next word's first key (none in the bench's table: the keys come at once)
 * @returns {Promise<PhoneSample>}
 * @typedef {{firstResults: number, bytes: number, codeBytes: number, keystrokes: number[], heavy: number[], longestTask: number}} PhoneSample
 */
export async function phoneSearch(browser, pageUrl, pause = 0) {
  // The bench's sites serve HTTPS with a certificate made for the run.
  const context = await browser.newContext({ignoreHTTPSErrors: true});
  const page = await context.newPage();
  await noteSearchAnswers(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: phone.latency,
    downloadThroughput: phone.downloadThroughput,
    uploadThroughput: phone.uploadThroughput,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', {rate: phone.cpuSlowdown});
  await page.goto(pageUrl, {waitUntil: 'networkidle'});
  await page.locator('html[data-has-hydrated="true"]').waitFor();
  // The main thread's long tasks from here on (the page's load is done).
  await page.evaluate(() => {
    const found = /** @type {number[]} */ ([]);
    /** @type {{longTasks?: number[]}} */ (window).longTasks = found;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        found.push(entry.duration);
      }
    }).observe({type: 'longtask'});
  });
  /** @type {Promise<{index: boolean, size: number}>[]} */
  const sizes = [];
  /** @param {import('@playwright/test').Request} request */
  const onFinished = (request) => {
    sizes.push(
      request.sizes().then(({responseBodySize, responseHeadersSize}) => ({
        index: /\/search-index-/.test(request.url()),
        size: responseBodySize + responseHeadersSize,
      })),
    );
  };
  page.on('requestfinished', onFinished);
  const box = page
    .getByRole('navigation', {name: 'Main'})
    .getByLabel('Search', {exact: true});
  await box.focus();
  // Timed in the page, from the first key's event to the first result in
  // the document: Playwright's own wait polls on the slowed main thread and
  // sees the results hundreds of milliseconds late.
  await box.evaluate((input) => {
    const timing = /** @type {{firstResults?: Promise<number>}} */ (window);
    timing.firstResults = new Promise((resolve) => {
      input.addEventListener(
        'keydown',
        (event) => {
          const observer = new MutationObserver(() => {
            if (document.querySelector('[role=option]')) {
              observer.disconnect();
              resolve(performance.now() - event.timeStamp);
            }
          });
          observer.observe(document.body, {childList: true, subtree: true});
        },
        {once: true},
      );
    });
  });
  await page.keyboard.type(phoneQuery);
  await page.getByRole('option').first().waitFor();
  const firstResults = await page.evaluate(
    () =>
      /** @type {{firstResults?: Promise<number>}} */ (window).firstResults ??
      Number.NaN,
  );
  page.off('requestfinished', onFinished);
  const fetched = await Promise.all(sizes);
  /** @param {boolean} index */
  const bytesOf = (index) =>
    fetched
      .filter((request) => request.index === index)
      .reduce((sum, request) => sum + request.size, 0);
  const bytes = bytesOf(true);
  const codeBytes = bytesOf(false);
  await page.waitForTimeout(pause);
  const keystrokes = await timedInputs(
    page,
    [...nextWords].map((key) => ({key})),
  );
  // Each heavy query twice: the second time its pieces are at hand, so the
  // time is the worker's search and the list's update.
  const heavy = await timedInputs(
    page,
    heavyQueries.flatMap((query) => [{value: query}, {value: query}]),
  );
  const longTasks = await page.evaluate(
    () =>
      /** @type {number[]} */ (
        /** @type {{longTasks?: number[]}} */ (window).longTasks ?? []
      ),
  );
  await context.close();
  return {
    firstResults,
    bytes,
    codeBytes,
    keystrokes,
    heavy: heavy.filter((_, index) => index % 2 === 1),
    longestTask: Math.max(0, ...longTasks),
  };
}

/**
 * The medians of several phone searches, and the keystrokes' median and
 * slowest.
 * @param {PhoneSample[]} samples
 */
export function phoneSummary(samples) {
  const keystrokes = samples.flatMap((sample) => sample.keystrokes);
  return {
    firstResults: median(samples.map((sample) => sample.firstResults)),
    bytes: median(samples.map((sample) => sample.bytes)),
    codeBytes: median(samples.map((sample) => sample.codeBytes)),
    keystrokeMedian: keystrokes.length > 0 ? median(keystrokes) : NaN,
    keystrokeMax: keystrokes.length > 0 ? Math.max(...keystrokes) : NaN,
    heavyMax: Math.max(0, ...samples.flatMap((sample) => sample.heavy)),
    longestTask: Math.max(...samples.map((sample) => sample.longestTask)),
  };
}

/**
 * Serves a build as the shipped configuration does, over HTTPS with HTTP/2
 * (as readers get it), with a certificate made for the run.
 * @param {number} port plain HTTP, which redirects
 * @param {number} tlsPort
 * @param {string} buildDir
 */
export async function startPhoneSite(port, tlsPort, buildDir) {
  const dir = mkdtempSync(path.join(tmpdir(), 'ihh-bench-tls-'));
  const site = await startNginx(port, buildDir, {
    port: tlsPort,
    ...selfSignedCertificate(dir),
  });
  return {
    ...site,
    stop() {
      site.stop();
      rmSync(dir, {recursive: true, force: true});
    },
  };
}

/**
 * The site's tracked and new files (not ignored ones) at `commit`, or as
 * they are in the working tree, copied to a new folder with the guide
 * folders of `docs/` repeated `extraCopies` more times, and the packages
 * of this checkout linked (each package, so that the copy's build caches
 * stay its own).
 * @param {{commit?: string, extraCopies: number}} options
 * @returns {string} the copy's folder
 */
export function siteCopy({commit, extraCopies}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'ihh-bench-'));
  if (commit) {
    const archive = spawnSync('git', ['archive', '--format=tar', commit], {
      cwd: siteDir,
      maxBuffer: 1 << 30,
    });
    if (archive.status !== 0) {
      throw new Error(`git archive ${commit}: ${archive.stderr.toString()}`);
    }
    const untar = spawnSync('tar', ['-x', '-C', dir], {input: archive.stdout});
    if (untar.status !== 0) {
      throw new Error(`tar: ${untar.stderr.toString()}`);
    }
  } else {
    const listed = spawnSync(
      'git',
      ['ls-files', '--cached', '--others', '--exclude-standard', '-z'],
      {cwd: siteDir, encoding: 'utf8', maxBuffer: 1 << 30},
    );
    for (const file of listed.stdout.split('\0').filter(Boolean)) {
      if (existsSync(path.join(siteDir, file))) {
        cpSync(path.join(siteDir, file), path.join(dir, file));
      }
    }
  }
  const modules = path.join(dir, 'node_modules');
  mkdirSync(modules);
  for (const entry of readdirSync(path.join(siteDir, 'node_modules'))) {
    if (entry !== '.cache') {
      symlinkSync(
        path.join(siteDir, 'node_modules', entry),
        path.join(modules, entry),
      );
    }
  }
  const docs = path.join(dir, 'docs');
  const guideFolders = readdirSync(docs, {withFileTypes: true})
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  for (let copy = 1; copy <= extraCopies; copy += 1) {
    for (const folder of guideFolders) {
      const target = path.join(docs, `${folder}-copy-${copy}`);
      cpSync(path.join(docs, folder), target, {recursive: true});
      // Each copy is a sidebar category of its own name.
      const category = path.join(target, '_category_.json');
      if (existsSync(category)) {
        const file = JSON.parse(readFileSync(category, 'utf8'));
        writeFileSync(
          category,
          JSON.stringify({...file, label: `${file.label} (copy ${copy})`}),
        );
      }
    }
  }
  return dir;
}

/**
 * The number of pages the copy's guide folders hold.
 * @param {string} dir
 */
export function guidePages(dir) {
  return readdirSync(path.join(dir, 'docs'), {recursive: true}).filter(
    (name) => /\.mdx?$/.test(String(name)) && String(name).includes(path.sep),
  ).length;
}

/**
 * A cold build of a copy (no caches): its wall time in seconds, or the
 * build's output when it fails.
 * @param {string} dir
 */
export function coldBuild(dir) {
  for (const cache of [
    '.docusaurus',
    'build',
    path.join('node_modules', '.cache'),
  ]) {
    rmSync(path.join(dir, cache), {recursive: true, force: true});
  }
  const start = Date.now();
  const result = spawnSync('npm', ['run', 'build'], {
    cwd: dir,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  if (result.status !== 0) {
    throw new Error(
      `The build of ${dir} failed:\n${result.stdout.slice(-4000)}${result.stderr.slice(-4000)}`,
    );
  }
  const seconds = (Date.now() - start) / 1000;
  // A build from before issue 31's release indexes records no index
  // folders: its pages read the site's own index, in pieces (a folder with
  // a manifest) or, from before the pieces, as one file, whose pieces the
  // deploy has none to require.
  const factsFile = path.join(dir, 'build', '_deployment.json');
  const facts = JSON.parse(readFileSync(factsFile, 'utf8'));
  if (facts.search === 'local' && !facts.searchFolders) {
    const inPieces = readdirSync(path.join(dir, 'build')).some(
      (name) =>
        name.startsWith('search-index-') &&
        existsSync(path.join(dir, 'build', name, 'manifest.json')),
    );
    writeFileSync(
      factsFile,
      JSON.stringify({...facts, searchFolders: inPieces ? [''] : []}),
    );
  }
  // A build from before issue 33's Try it records no sandbox, and its
  // policy names none, which the deploy requires: it gets the document's
  // (search never connects there).
  if (!facts.sandbox) {
    const sandbox = new URL(apiSandboxUrl).origin;
    const now = JSON.parse(readFileSync(factsFile, 'utf8'));
    writeFileSync(factsFile, JSON.stringify({...now, sandbox}));
    const headersFile = path.join(dir, 'build', '_security-headers.json');
    /** @type {[string, string][]} */
    const headers = JSON.parse(readFileSync(headersFile, 'utf8'));
    writeFileSync(
      headersFile,
      JSON.stringify(
        headers.map(([name, value]) => [
          name,
          name === 'Content-Security-Policy'
            ? value.replace(
                "connect-src 'self'",
                `connect-src 'self' ${sandbox}`,
              )
            : value,
        ]),
      ),
    );
  }
  return seconds;
}
