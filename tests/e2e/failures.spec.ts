import type {Page, Route} from '@playwright/test';
import {bannerPort} from '../support/site';
import {expect, notFoundResourceError, open, test} from '../support/fixtures';

const startPage = '/help/docs/getting-started/login';
const chunkRequests = '**/assets/js/*.js';

/**
 * Serves the page chunks as they are, except the one whose body matches
 * `match`, which `replace` may rewrite or `abort` may fail.
 */
async function interceptChunk(
  page: Page,
  match: string,
  handle: (route: Route, body: string) => Promise<void>,
): Promise<void> {
  await page.route(chunkRequests, async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes(match)) {
      await handle(route, body);
    } else {
      await route.fulfill({response, body});
    }
  });
}

test.describe('crash page', () => {
  // React logs the error it caught; that is the expected failure here.
  test.use({
    allowedConsoleErrors: [
      /Injected render failure|The above error occurred|Docusaurus React Root onRecoverableError|React Router caught/i,
    ],
  });

  test("shows 'This page crashed.', the error chain and recovers with 'Try again'", async ({
    page,
  }) => {
    await open(page, startPage);
    // The quick tour's MDX content renders a component that throws while
    // window.crashQuickTour is set.
    await interceptChunk(
      page,
      '"permalink":"/help/docs/getting-started/quick-tour"',
      async (route, body) => {
        const patched = body.replace(
          /default:\(\)=>([\w$]+)/,
          'default:()=>(window.crashQuickTour?function(){throw new Error("Injected render failure",{cause:new Error("The quick tour content is unreadable")})}:$1)',
        );
        expect(patched).not.toBe(body);
        await route.fulfill({body: patched, contentType: 'text/javascript'});
      },
    );
    await page.evaluate(() => Object.assign(window, {crashQuickTour: true}));
    await page
      .getByRole('navigation', {name: 'Docs sidebar'})
      .getByRole('link', {name: /quick tour/i})
      .click();

    await expect(
      page.getByRole('heading', {level: 1, name: 'This page crashed.'}),
    ).toBeVisible();
    await expect(page.getByText('Injected render failure')).toBeVisible();
    await expect(
      page.getByText('The quick tour content is unreadable'),
    ).toBeVisible();
    const help = page.getByRole('navigation', {name: 'Help with this error'});
    await expect(help.getByRole('link', {name: /home page/i})).toHaveAttribute(
      'href',
      '/help/',
    );
    await expect(
      help.getByRole('link', {name: /report the problem/i}),
    ).toHaveAttribute(
      'href',
      /^mailto:support@example\.com\?subject=.+&body=Page%3A%20http%3A%2F%2F127\.0\.0\.1%3A\d+%2Fhelp%2Fdocs%2Fgetting-started%2Fquick-tour/,
    );

    await page.evaluate(() => Object.assign(window, {crashQuickTour: false}));
    await page.getByRole('button', {name: 'Try again'}).click();
    await expect(page.getByRole('heading', {level: 1})).toHaveText(
      /quick tour/i,
    );
  });
});

test.describe('failed page parts', () => {
  test.use({
    allowedConsoleErrors: [
      /Failed to load resource|net::ERR_FAILED|Loading chunk|ChunkLoadError/i,
    ],
  });

  test('a route whose chunks fail to preload is loaded again in full', async ({
    page,
  }) => {
    await open(page, startPage);
    let failChunks = true;
    await page.route(chunkRequests, (route) =>
      failChunks ? route.abort() : route.continue(),
    );
    page.on('request', (request) => {
      if (request.isNavigationRequest()) {
        failChunks = false;
      }
    });
    await page.evaluate(() => Object.assign(window, {beforeReload: true}));
    await page
      .getByRole('navigation', {name: 'Docs sidebar'})
      .getByRole('link', {name: /import data from files/i})
      .click();

    await expect(page).toHaveURL(/\/help\/docs\/getting-started\/file-upload$/);
    await expect(page.getByRole('heading', {level: 1})).toHaveText(
      /import data from files/i,
    );
    await expect
      .poll(() => page.evaluate(() => 'beforeReload' in window))
      .toBe(false);
  });

  test("the query checker shows the load error with a 'Retry' that works", async ({
    page,
  }) => {
    let failChecker = true;
    await interceptChunk(
      page,
      'Conditions, left to right',
      async (route, body) => {
        if (failChecker) {
          await route.abort();
        } else {
          await route.fulfill({body, contentType: 'text/javascript'});
        }
      },
    );
    await open(page, '/help/docs/advanced/advanced-query');
    const checker = page.getByRole('region', {name: 'Query checker'});
    const retry = checker.getByRole('button', {name: 'Retry'});
    await expect(retry).toBeVisible();
    await expect(checker).toContainText(/loading chunk .* failed/i);

    failChecker = false;
    await retry.click();
    const query = checker.getByRole('textbox', {name: 'Query'});
    await expect(query).toBeVisible();
    await query.fill('status = "pending" AND placed_at < -2d');
    await expect(checker.getByRole('status')).toContainText('Valid query');
  });
});

test.describe('wrong base URL', () => {
  // Served at / instead of /help/, the page's scripts and styles are missing.
  test.use({allowedConsoleErrors: [notFoundResourceError]});

  test('shows the banner that the site did not load properly', async ({
    page,
  }) => {
    await page.goto(`http://127.0.0.1:${bannerPort}/`);
    await expect(
      page.getByText('Your Docusaurus site did not load properly.'),
    ).toBeVisible();
    await expect(page.getByText(/baseUrl = \/help\//)).toBeVisible();
  });
});
