import type {Browser} from '@playwright/test';

// What a first visit to a page downloads, as sent on the wire (so with the
// server's compression), by kind. Data saver is on so Docusaurus does not
// prefetch linked pages: only the page's own files count. Used by the
// budget test and the benchmark.

/** The budgets: a guide page's first load, and what an API page may add. */
export const budgets = {
  guideFirstLoadBytes: 180 * 1024,
  apiExtraScriptBytes: 10 * 1024,
};

const kinds: Record<string, keyof PageWeight> = {
  document: 'html',
  stylesheet: 'css',
  script: 'js',
};

export interface PageWeight {
  html: number;
  css: number;
  js: number;
  other: number;
}

export async function firstLoad(
  browser: Browser,
  url: string,
): Promise<PageWeight & {firstLoad: number}> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, 'connection', {
      get: () => ({saveData: true, effectiveType: '4g'}),
    }),
  );
  const pending: Promise<{kind: keyof PageWeight; bytes: number}>[] = [];
  page.on('requestfinished', (request) =>
    pending.push(
      request.sizes().then((sizes) => ({
        kind:
          kinds[/** @type {keyof typeof kinds} */ request.resourceType()] ??
          'other',
        url: request.url(),
        bytes: sizes.responseBodySize,
      })),
    ),
  );
  await page.goto(url, {waitUntil: 'networkidle'});
  // On a busy machine the network can fall idle while the first scripts
  // still run, before they ask for the page's own chunks; the page hydrates
  // only once those have loaded.
  await page.locator('html[data-has-hydrated="true"]').waitFor();
  const files = await Promise.all(pending);
  await context.close();
  const sum = (kind: keyof PageWeight) =>
    files
      .filter((file) => file.kind === kind)
      .reduce((total, file) => total + file.bytes, 0);
  const weight = {
    html: sum('html'),
    css: sum('css'),
    js: sum('js'),
    other: sum('other'),
  };
  return {...weight, firstLoad: weight.html + weight.css + weight.js};
}
