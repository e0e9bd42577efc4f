import {Prism} from 'prism-react-renderer';
import {budgets, firstLoad} from '../../scripts/lib/page-weight';
import {expect, test} from '../support/fixtures';
import {sitePort} from '../support/site';

// The browser tests' server: the build behind the shipped nginx configuration.
const origin = `http://127.0.0.1:${sitePort}`;

/**
 * Page-weight budgets, measured as sent by the shipped nginx configuration
 * (brotli). Sizes are deterministic for a build, so they are checked here;
 * timings are only reported, by `npm run bench`.
 */

test('a guide’s first load, and an API page’s extra JavaScript, stay within budget', async ({
  browser,
}) => {
  const guide = await firstLoad(
    browser,
    `${origin}/help/docs/getting-started/login`,
  );
  const api = await firstLoad(browser, `${origin}/help/docs/api/order`);
  expect(guide.firstLoad).toBeLessThanOrEqual(budgets.guideFirstLoadBytes);
  expect(api.js - guide.js).toBeLessThanOrEqual(budgets.apiExtraScriptBytes);
});

test('nothing of search is downloaded before the reader touches it', async ({
  page,
}) => {
  const before: string[] = [];
  const after: string[] = [];
  const scriptsBefore: Promise<{url: string; code: string}>[] = [];
  let touched = false;
  page.on('requestfinished', (request) => {
    (touched ? after : before).push(request.url());
    if (!touched && request.resourceType() === 'script') {
      scriptsBefore.push(
        request.response().then(async (response) => ({
          url: request.url(),
          code: (await response?.text()) ?? '',
        })),
      );
    }
  });
  await page.goto(`${origin}/help/docs/getting-started/login`, {
    waitUntil: 'networkidle',
  });
  touched = true;
  await page
    .getByRole('navigation', {name: 'Main'})
    .getByLabel('Search', {exact: true})
    .hover();
  await expect
    .poll(() =>
      after.some((url) => /search-index-[0-9a-f]+\/manifest\.json$/.test(url)),
    )
    .toBe(true);
  await page.waitForLoadState('networkidle');
  // The index and the search code it needs (worker, lunr) arrive only now.
  const searchFiles = after.filter((url) => /\.(js|json)$/.test(url));
  expect(searchFiles.length).toBeGreaterThan(1);
  expect(before.filter((url) => searchFiles.includes(url))).toEqual([]);
  // Nor is search code bundled into the page's own scripts: lunr registers
  // its stop-word filter under this name, which survives minification.
  const lunrSignature = 'stopWordFilter';
  const bundled = await Promise.all(scriptsBefore);
  expect(bundled.length).toBeGreaterThan(0);
  expect(
    bundled
      .filter(({code}) => code.includes(lunrSignature))
      .map(({url}) => url),
  ).toEqual([]);
});

test('no page loads Prism: its code arrives highlighted', async ({page}) => {
  // A grammar's pattern survives minification as the regular expression it
  // is: Prism's JSON grammar, which any bundle of Prism's languages holds.
  const {property} = Prism.languages.json as {property: {pattern: RegExp}};
  const signature = property.pattern.source;
  const scripts: Promise<{url: string; code: string}>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') {
      scripts.push(
        request.response().then(async (response) => ({
          url: request.url(),
          code: (await response?.text()) ?? '',
        })),
      );
    }
  });
  // A guide with code blocks of several languages, then an API page.
  for (const path of ['/help/docs/mdx', '/help/docs/api/order']) {
    await page.goto(`${origin}${path}`, {waitUntil: 'networkidle'});
    await page.locator('html[data-has-hydrated="true"]').waitFor();
  }
  const loaded = await Promise.all(scripts);
  expect(loaded.length).toBeGreaterThan(1);
  expect(
    loaded.filter(({code}) => code.includes(signature)).map(({url}) => url),
  ).toEqual([]);
});
