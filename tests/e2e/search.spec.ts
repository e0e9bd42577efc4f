import type {Page, Request} from '@playwright/test';
import {expect, open, test} from '../support/fixtures';
import {maxQueryLength} from '../../src/lib/searchQuery';
import {loadQuestions} from '../../scripts/lib/search-findability';

/** The first piece of the index the search reads: its manifest. */
const indexManifest = /\/help\/search-index-[0-9a-f]{8}\/manifest\.json$/;
const guide = '/help/docs/getting-started/login';

/** What a reader types, and the page and section a result must name. */
const findable = [
  {
    query: 'tracking_number',
    page: 'Dispatches',
    section: 'tracking_number',
  },
  {query: 'POST /orders', page: 'Orders', section: 'POST /orders'},
  {query: 'cancel order', page: 'Orders', section: 'POST /orders/{id}/cancel'},
  {
    query: 'partially_dispatched',
    page: 'Handle orders, order items and dispatches',
    section: 'Order',
  },
  {query: 'Changes', page: 'Track every change with the Changes screen'},
  {
    query: 'Settings → API keys',
    page: 'Integration Hub API introduction',
    section: 'Create an API key',
  },
  // American spellings find the British pages.
  {
    query: 'color',
    page: 'Integration Hub documentation',
    section: 'Reading this site',
  },
  {
    query: 'catalog',
    page: 'Integration Hub for shops and catalogues in Spanish',
  },
  {query: 'canceled', page: 'Orders', section: 'POST /orders/{id}/cancel'},
];

/**
 * API fields, parameters, enum values and operations: the first result
 * opens the API page at the definition, ahead of guides that mention it.
 */
const definitions = [
  {
    query: 'tracking_number',
    page: 'Dispatches',
    url: /\/docs\/api\/dispatch(\?[^#]*)?#dispatch-object-tracking_number$/,
  },
  {
    query: 'hs_code',
    page: 'Variants',
    url: /\/docs\/api\/variant(\?[^#]*)?#variant-object-hs_code$/,
  },
  {
    query: 'partially_dispatched',
    page: 'Orders',
    url: /\/docs\/api\/order(\?[^#]*)?#order-object-status$/,
  },
  {
    query: 'Idempotency-Key',
    page: /API Documentation/,
    url: /\/docs\/api\/\w+(\?[^#]*)?#[a-z-]+-idempotency-key$/,
  },
  {
    query: 'POST /orders',
    page: 'Orders',
    url: /\/docs\/api\/order(\?[^#]*)?#post-orders$/,
  },
  {
    query: 'batch stock',
    page: 'Batch stock updates',
    url: /\/docs\/api\/batchStock(\?[^#]*)?(#the-batch-stock-object)?$/,
  },
  {
    query: 'channel_order_ref',
    page: 'Sales',
    url: /\/docs\/api\/sale(\?[^#]*)?#sale-object-channel_order_ref$/,
  },
  // Two objects have this state: either definition answers.
  {
    query: 'completed_with_errors',
    page: /^(Files|Batch stock updates)/,
    url: /\/docs\/api\/(file|batchStock)(\?[^#]*)?#(file|batch-stock)-object-status$/,
  },
  // The list envelope, defined in the introduction rather than a schema.
  {
    query: 'next_cursor',
    page: 'Integration Hub API introduction',
    url: /\/docs\/api\/introduction(\?[^#]*)?#pagination$/,
  },
  {
    query: 'stock_buffer',
    page: 'Stores and shop platforms',
    url: /\/docs\/api\/\w+(\?[^#]*)?#[a-z-]+-object-stock_buffer$/,
  },
];

// The longest wait for the first answer, index download included.
const firstAnswerMs = 20_000;

// Each query of a many-query test gets this long, page loads included.
const perQueryMs = 15_000;

const hostile = [
  '<script>alert(1)</script>',
  '"',
  '(',
  '\\',
  '.*+?^${}()|[]',
  'x'.repeat(10_000),
  '🧥🚚📦',
];

const searchBox = (page: Page) =>
  page
    .getByRole('navigation', {name: 'Main'})
    .getByLabel('Search', {exact: true});

/** The visible results of the search box. */
const results = (page: Page) => page.getByRole('listbox').getByRole('option');

async function search(page: Page, query: string) {
  const box = searchBox(page);
  await box.fill(query);
  // The first query also downloads the index and starts the search worker.
  await expect(results(page).first()).toBeVisible({timeout: firstAnswerMs});
}

function recordIndexRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => {
    if (/search-index/.test(request.url())) {
      requests.push(request);
    }
  });
  return requests;
}

test.describe('local search', () => {
  test('sits in the navbar on every page type, with its shortcut shown', async ({
    page,
  }) => {
    for (const path of [
      '/help/',
      guide,
      '/help/docs/api/order',
      '/help/blog',
    ]) {
      await open(page, path);
      await expect(searchBox(page)).toBeVisible();
      const hints = page.locator('kbd');
      await expect(hints.filter({hasText: /^ctrl$/i})).toBeVisible();
      await expect(hints.filter({hasText: /^k$/i})).toBeVisible();
    }
  });

  test('downloads nothing of the index before the reader touches search', async ({
    page,
  }) => {
    const requests = recordIndexRequests(page);
    await open(page, guide);
    await page.waitForLoadState('networkidle');
    expect(requests).toHaveLength(0);
    await searchBox(page).hover();
    await expect.poll(() => requests.length).toBeGreaterThan(0);
    // In a hashed folder, so a host can cache it for good.
    expect(requests[0]!.url()).toMatch(indexManifest);
  });

  test('Ctrl+K focuses the search box and loads the index', async ({page}) => {
    const requests = recordIndexRequests(page);
    await open(page, guide);
    await page.keyboard.press('Control+k');
    await expect(searchBox(page)).toBeFocused();
    await expect.poll(() => requests.length).toBeGreaterThan(0);
  });

  // One page and one index download serve every query; each query starts
  // from an empty box with no results shown, so no answer is a stale one.
  test('readers’ words find their pages and sections', async ({page}) => {
    test.setTimeout(findable.length * perQueryMs);
    await open(page, guide);
    for (const {query, page: title, section} of findable) {
      await test.step(`"${query}" finds ${title}${section ? ` › ${section}` : ''}`, async () => {
        await searchBox(page).fill('');
        await expect(results(page)).toHaveCount(0);
        await search(page, query);
        // A result names its section (or the page) and the path to it.
        let result = results(page).filter({hasText: title});
        if (section) {
          result = result.filter({hasText: section});
        }
        await expect(result.first(), `a result in ${title}`).toBeVisible();
      });
    }
  });

  test('API terms open their definition first', async ({page}) => {
    test.setTimeout(definitions.length * perQueryMs);
    await open(page, guide);
    for (const {query, page: title, url} of definitions) {
      await test.step(`"${query}" opens its API definition first`, async () => {
        await searchBox(page).fill('');
        await expect(results(page)).toHaveCount(0);
        await search(page, query);
        // The definition itself (its page, then the term as its section),
        // not a passage that mentions it.
        await expect(results(page).first()).toContainText(title);
        await expect(results(page).first()).toContainText(query);
        await page.keyboard.press('Enter');
        await expect(page).toHaveURL(url);
        const hash = new URL(page.url()).hash;
        if (hash) {
          await expect(page.locator(hash)).toBeInViewport();
        }
      });
    }
  });

  test('results show the section and highlight the terms, there and on the page they open', async ({
    page,
  }) => {
    await open(page, guide);
    await search(page, 'tracking_number');
    const result = results(page).filter({hasText: 'Dispatches'}).first();
    await expect(result.locator('mark').first()).toHaveText(/tracking_number/i);
    // The opened page loads the marking code only now, and marks the term.
    await result.click();
    await expect(page).toHaveURL(/_highlight=tracking_number/);
    await expect(page.locator('article mark').first()).toHaveText(
      /tracking_number/i,
    );
  });

  test('the keyboard moves through results, opens one, and Escape closes', async ({
    page,
  }) => {
    await open(page, guide);
    await search(page, 'cancel order');
    await page.keyboard.press('ArrowDown');
    await expect(results(page).nth(1)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowUp');
    await expect(results(page).first()).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.keyboard.press('Escape');
    await expect(page.getByRole('listbox')).toBeHidden();

    await search(page, 'cancel order');
    // Enter opens the first result: the page its first line names.
    const first = (await results(page).first().textContent()) ?? '';
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#[\w-]+$/);
    // The address changes before the page it names has loaded and shows.
    const heading = page.getByRole('heading', {level: 1});
    await expect
      .poll(async () => first.startsWith((await heading.textContent()) ?? '-'))
      .toBe(true);
  });

  // Readers' questions (tests/search/questions.yaml, every fourth) open the
  // page that answers them first, and each result reads as page title, then
  // its place and section, then a passage.
  test('readers’ questions open the answering page first', async ({page}) => {
    const sample = loadQuestions().filter((_, index) => index % 4 === 0);
    test.setTimeout(sample.length * perQueryMs);
    await open(page, guide);
    const misses: string[] = [];
    for (const {q, page: route} of sample) {
      await searchBox(page).fill('');
      await expect(results(page)).toHaveCount(0);
      await search(page, q);
      const first = results(page).first();
      await first.hover();
      const href = await page.evaluate(() => location.href);
      // The route opened by Enter is the result's own.
      await page.keyboard.press('Enter');
      await expect(page).not.toHaveURL(href);
      if (new URL(page.url()).pathname.replace(/\/$/, '') !== route) {
        misses.push(`"${q}" opened ${page.url()}, not ${route}`);
      }
      await open(page, guide);
    }
    // The build test holds the 80% line on every question; here at most
    // one of the sample may miss.
    expect(misses.length, misses.join('\n')).toBeLessThanOrEqual(1);
  });

  test('a result reads as its page, its section, then a passage', async ({
    page,
  }) => {
    await open(page, guide);
    await search(page, 'order never arrived');
    const lines = results(page).first().locator(':scope > span > span');
    await expect(lines.first()).toHaveText(
      /^An order is missing or stuck · User Documentation › Troubleshooting$/,
    );
    await expect(lines.nth(1)).toHaveText('The order is not in Orders');
    // The passage starts at a word, and marks what matched.
    await expect(lines.nth(2)).toHaveText(/^(… )?[\p{L}\p{N}]/u);
    // No result's path repeats an item.
    for (const text of await results(page).allTextContents()) {
      const path = text.split(' · ')[1] ?? '';
      const items = path.split(' › ');
      expect(items.some((item, index) => item === items[index - 1])).toBe(
        false,
      );
    }
    // One result per page.
    await search(page, 'stock');
    const titles = (await results(page).allTextContents()).map(
      (text) => text.split(' · ')[0],
    );
    expect(new Set(titles).size, titles.join(', ')).toBe(titles.length);
  });

  test('the results page lists every match', async ({page}) => {
    await open(page, '/help/search?q=tracking_number');
    await expect(
      page.getByRole('heading', {level: 1, name: /tracking_number/}),
    ).toBeVisible();
    // One entry per page: its section as the link, the page in its path.
    const entry = page.getByRole('article').filter({hasText: 'Dispatches'});
    await expect(
      entry.first().getByRole('link', {name: 'tracking_number'}),
    ).toBeVisible();
  });

  test('hostile input is harmless', async ({page}) => {
    page.on('dialog', (dialog) => {
      throw new Error(`Unexpected dialog: ${dialog.message()}`);
    });
    await open(page, guide);
    // The dropdown's answer to a query: results, or its "No results" line.
    const answer = results(page).or(
      page.getByText('No results', {exact: true}),
    );
    for (const query of hostile) {
      await searchBox(page).fill('');
      await expect(answer).toHaveCount(0);
      await searchBox(page).fill(query);
      await expect(answer.first()).toBeVisible();
      await expect(page.getByRole('heading', {level: 1})).toHaveText(
        /sign in/i,
      );
    }
    // 10,000 characters are cut to the cap, so search still answers.
    await searchBox(page).fill('x'.repeat(10_000));
    expect((await searchBox(page).inputValue()).length).toBe(maxQueryLength);
    await search(page, 'cancel order');
    await expect(page.locator('script', {hasText: 'alert(1)'})).toHaveCount(0);
  });
});

test('the search page caps a query from its address and still answers', async ({
  page,
}) => {
  // 2,000 characters: far over the cap, within what servers accept in an
  // address (nginx answers 414 past 8 KB).
  await open(page, `/help/search?q=${'x'.repeat(2_000)}`);
  await expect
    .poll(() => new URL(page.url()).searchParams.get('q')?.length)
    .toBe(maxQueryLength);
  // The page's own box, in the content the skip link leads to (not the navbar).
  const box = page
    .locator('#__docusaurus_skipToContent_fallback')
    .getByRole('searchbox', {name: 'Search', exact: true});
  await expect(box).toHaveValue('x'.repeat(maxQueryLength));
  await box.fill('tracking_number');
  await expect(
    page.getByRole('article').filter({hasText: 'Dispatches'}).first(),
  ).toBeVisible();
});

test('a link that marks words past the cap fills the box only up to it, and search answers', async ({
  page,
}) => {
  // Thousands of characters to mark, as one word and as many: the address
  // is replaced by one whose words fit the cap, which the box shows (each
  // address within the 8 KB nginx accepts).
  const long = `tracking_number ${'x'.repeat(3_000)}`;
  const many = Array.from({length: 300}, () => 'stock').join('&_highlight=');
  for (const words of [long, many]) {
    await open(
      page,
      `${guide}?_highlight=${encodeURIComponent(words).replace(/%26_highlight%3D/g, '&_highlight=')}`,
    );
    await expect
      .poll(() =>
        new URL(page.url()).searchParams.getAll('_highlight').join(' '),
      )
      .toHaveLength(maxQueryLength);
    await expect(searchBox(page)).toHaveValue(
      /^(tracking_number x+|(stock )+st)$/,
    );
    expect((await searchBox(page).inputValue()).length).toBeLessThanOrEqual(
      maxQueryLength,
    );
  }
  // The box still answers at once.
  await search(page, 'cancel order');
});

test.describe('search in the reader’s release', () => {
  const olderOrders = '/help/docs/api/2023-01/order';
  /** Where the results page's entries lead, for those in the API reference. */
  const apiLinks = (page: Page) =>
    page
      .getByRole('article')
      .getByRole('link')
      .evaluateAll((links) =>
        links
          .map((link) => new URL((link as HTMLAnchorElement).href).pathname)
          .filter((path) => path.startsWith('/help/docs/api/')),
      );

  test('a 2023-01 page searches 2023-01 and the guides', async ({page}) => {
    const requests = recordIndexRequests(page);
    await open(page, olderOrders);
    await search(page, 'cancel order');
    expect(requests.map((request) => new URL(request.url()).pathname)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^\/help\/docs\/api\/2023-01\/search-index-[0-9a-f]{8}\/manifest\.json$/,
        ),
      ]),
    );
    // The guides are searched too.
    await searchBox(page).fill('');
    await search(page, 'Changes');
    await expect(
      results(page)
        .filter({hasText: 'Track every change with the Changes screen'})
        .first(),
    ).toBeVisible();
    // The operation opens on 2023-01's page, not on 2023-07's copy.
    await searchBox(page).fill('');
    await search(page, 'POST /orders');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(
      /\/help\/docs\/api\/2023-01\/order(\?[^#]*)?#post-orders$/,
    );
  });

  test('the search page searches the release it was opened from, and switches', async ({
    page,
  }) => {
    await open(page, '/help/search?q=cancel%20order&version=docs/api/2023-01/');
    const releases = page.getByRole('navigation', {
      name: 'API release searched',
    });
    await expect(releases.getByRole('link', {name: '2023-01'})).toHaveAttribute(
      'aria-current',
      'true',
    );
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect.poll(() => apiLinks(page)).not.toHaveLength(0);
    for (const path of await apiLinks(page)) {
      expect(path).toMatch(/^\/help\/docs\/api\/2023-01\//);
    }

    await releases.getByRole('link', {name: '2023-07 (latest)'}).click();
    await expect(
      releases.getByRole('link', {name: '2023-07 (latest)'}),
    ).toHaveAttribute('aria-current', 'true');
    expect(new URL(page.url()).searchParams.get('q')).toBe('cancel order');
    await expect
      .poll(async () =>
        (await apiLinks(page)).some((path) => path === '/help/docs/api/order'),
      )
      .toBe(true);
    for (const path of await apiLinks(page)) {
      expect(path).not.toMatch(/\/2023-01\//);
    }
  });
});
