import type {Page} from '@playwright/test';
import {expect, open, test} from '../support/fixtures';

const startPage = '/help/docs/getting-started/login';
const chunkRequests = '**/assets/js/*.js';
/** How late each chunk of a slow navigation arrives: well past the bar's 200 ms delay. */
const slowChunkMs = 1000;

/** Records every transform the progress bar takes, from the first page load on. */
async function recordProgressBar(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record = {
      shown: false,
      transforms: [] as string[],
      colours: [] as string[],
    };
    Object.assign(window, {progressBarRecord: record});
    new MutationObserver(() => {
      const bar = document.querySelector<HTMLElement>('#nprogress .bar');
      if (bar) {
        record.shown = true;
        record.transforms.push(bar.style.transform);
        record.colours.push(getComputedStyle(bar).backgroundColor);
      }
    }).observe(document, {subtree: true, childList: true, attributes: true});
  });
}

function progressBarRecord(page: Page) {
  return page.evaluate(
    () =>
      (
        window as unknown as {
          progressBarRecord: {
            shown: boolean;
            transforms: string[];
            colours: string[];
          };
        }
      ).progressBarRecord,
  );
}

test.describe('progress bar', () => {
  test('stays hidden on a fast navigation', async ({page}) => {
    await recordProgressBar(page);
    await open(page, startPage);
    await page
      .getByRole('navigation', {name: 'Docs sidebar'})
      .getByRole('link', {name: /quick tour/i})
      .click();
    await expect(page.getByRole('heading', {level: 1})).toHaveText(
      /quick tour/i,
    );
    expect((await progressBarRecord(page)).shown).toBe(false);

    // The record would have seen the bar: a slow navigation on the same
    // page shows it.
    await page.route(chunkRequests, async (route) => {
      const response = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, slowChunkMs));
      await route.fulfill({response});
    });
    await page
      .getByRole('navigation', {name: 'Docs sidebar'})
      .getByRole('link', {name: /import data from files/i})
      .click();
    await expect(page.getByRole('heading', {level: 1})).toHaveText(
      /import data from files/i,
    );
    expect((await progressBarRecord(page)).shown).toBe(true);
  });

  test('shows from 8% in the site colour on a slow navigation', async ({
    page,
  }) => {
    await recordProgressBar(page);
    await open(page, startPage);
    // Every chunk from now on arrives late.
    await page.route(chunkRequests, async (route) => {
      const response = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, slowChunkMs));
      await route.fulfill({response});
    });
    await page
      .getByRole('navigation', {name: 'Docs sidebar'})
      .getByRole('link', {name: /import data from files/i})
      .click();
    const bar = page.locator('#nprogress .bar');
    await expect(bar).toBeVisible();
    const accent = await page.evaluate(() =>
      getComputedStyle(document.documentElement)
        .getPropertyValue('--ih-progress-bar')
        .trim(),
    );
    expect(accent).toBe('#0a58a6');
    await expect(page.getByRole('heading', {level: 1})).toHaveText(
      /import data from files/i,
    );
    await expect(bar).toBeHidden();
    // The bar's colour as it showed (it may be gone before a check here);
    // nprogress starts at its minimum: 0.08 shows as translate3d(-92%, ...).
    const {colours, transforms} = await progressBarRecord(page);
    expect(new Set(colours)).toEqual(new Set(['rgb(10, 88, 166)']));
    expect(transforms).toContain('translate3d(-92%, 0px, 0px)');
  });
});

test.describe('prefetching', () => {
  /**
   * Opens a guide and hovers every sidebar link: the JavaScript requested
   * from the first hover to the last. Hovering is a reader's sign that they
   * are about to open a page (src/clientModules/prefetchOnIntent.ts).
   */
  async function fetchedOnHover(page: Page): Promise<string[]> {
    await open(page, startPage);
    await page.waitForLoadState('networkidle');
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('.js')) {
        fetched.push(request.url());
      }
    });
    const links = await page
      .getByRole('navigation', {name: 'Docs sidebar'})
      .getByRole('link')
      .all();
    expect(links.length, 'sidebar links to hover').toBeGreaterThan(5);
    for (const link of links) {
      await link.hover();
    }
    return fetched;
  }

  test('hovering links fetches their pages ahead on a normal connection', async ({
    page,
  }) => {
    expect((await fetchedOnHover(page)).length).toBeGreaterThan(0);
  });

  test('links merely in view fetch nothing ahead', async ({page}) => {
    await open(page, startPage);
    await page.waitForLoadState('networkidle');
    // Every sidebar link is in view; none has been hovered. A page's own
    // stylesheet and fonts come by <link> too; its scripts do not.
    const aheadOfTime = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter(
          (entry) =>
            entry.initiatorType === 'link' && entry.name.endsWith('.js'),
        )
        .map((entry) => entry.name),
    );
    expect(aheadOfTime).toEqual([]);
    await expect(page.locator('link[rel="prefetch"]')).toHaveCount(0);
  });

  for (const [name, connection] of [
    ['2g', {effectiveType: '2g'}],
    ['data saver', {effectiveType: '4g', saveData: true}],
  ] as const) {
    test(`fetches nothing ahead on a ${name} connection`, async ({page}) => {
      await page.addInitScript((value) => {
        Object.defineProperty(Navigator.prototype, 'connection', {
          get: () => value,
        });
      }, connection);
      expect(await fetchedOnHover(page)).toEqual([]);
    });
  }
});
