import type {Page} from '@playwright/test';
import {expect, open, test} from '../support/fixtures';

/**
 * The CSP allows no inline style without its hash (style-src has no
 * 'unsafe-inline'). The build's own style attributes and <style> elements
 * are hashed by the post-build step; these tests drive the parts of the
 * site that style the page at runtime, in both colour modes, and check that
 * the browser blocked nothing: no securitypolicyviolation event, no style
 * attribute left without its declarations, no <style> element without its
 * sheet, and no console error (the fixture).
 */

const mdxPage = '/help/docs/mdx';
const guide = '/help/docs/getting-started/login';
const phone = {width: 390, height: 844};
const chunkRequests = '**/assets/js/*.js';
// Longer than the theme's 200 ms before the navigation progress bar shows.
const slowChunkMs = 1_000;

test.beforeEach(async ({page}) => {
  await page.addInitScript(() => {
    const violations: string[] = [];
    Object.assign(window, {cspViolations: violations});
    document.addEventListener('securitypolicyviolation', (event) =>
      violations.push(
        `${event.violatedDirective} ${event.blockedURI} ${event.sample}`,
      ),
    );
  });
});

/** What the browser refused: CSP events, and inline styles it did not apply. */
async function blockedStyles(page: Page) {
  return page.evaluate(() => ({
    violations: (window as unknown as {cspViolations: string[]}).cspViolations,
    // A blocked style attribute stays in the DOM with no declarations.
    attributes: Array.from(document.querySelectorAll('[style]'))
      .filter(
        (element) =>
          (element.getAttribute('style') ?? '').trim() !== '' &&
          (element as HTMLElement | SVGElement).style.length === 0,
      )
      .map((element) => element.outerHTML.slice(0, 120)),
    // A blocked <style> element gets no style sheet.
    elements: Array.from(document.querySelectorAll('style'))
      .filter((style) => !style.closest('noscript') && style.sheet === null)
      .map((style) => style.textContent?.slice(0, 120)),
  }));
}

async function expectNothingBlocked(page: Page) {
  expect(await blockedStyles(page)).toEqual({
    violations: [],
    attributes: [],
    elements: [],
  });
}

const colourModeSwitch = /switch between dark and light mode/i;

/** Opens `path` in `mode`; dark is chosen with the switch, and so remembered. */
async function openIn(page: Page, path: string, mode: 'light' | 'dark') {
  await open(page, path);
  if (mode === 'dark') {
    await page.getByRole('button', {name: colourModeSwitch}).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    // Load again with the stored choice, as a returning reader would.
    await page.reload();
    await page.locator('html[data-has-hydrated="true"]').waitFor();
  }
  await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
}

for (const mode of ['light', 'dark'] as const) {
  test.describe(`runtime styles in ${mode} mode`, () => {
    test('the page as served applies every inline style it carries', async ({
      page,
    }) => {
      await openIn(page, mdxPage, mode);
      // The theme's icon sprite is hidden by its (hashed) style attribute.
      await expect(page.locator('body > svg').first()).toHaveCSS(
        'display',
        'none',
      );
      await expectNothingBlocked(page);
    });

    test('details, tabs and sidebar categories open and close', async ({
      page,
    }) => {
      await openIn(page, mdxPage, mode);

      const details = page
        .locator('details')
        .filter({hasText: 'Why is available stock lower than stock on hand?'});
      const summary = details.locator('summary');
      const answer = details.locator('p').first();
      await expect(answer).toBeHidden();
      await summary.click();
      await expect(answer).toBeVisible();
      await summary.click();
      await expect(answer).toBeHidden();

      const tabs = page.getByRole('tablist').first();
      await tabs.getByRole('tab', {name: 'Python'}).click();
      await expect(tabs.getByRole('tab', {name: 'Python'})).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await expect(page.getByRole('tabpanel').first()).toBeVisible();
      await expectNothingBlocked(page);

      // The user guides' sidebar has categories.
      await open(page, guide);
      const sidebar = page.getByRole('navigation', {name: 'Docs sidebar'});
      // The category of the open page: its label folds it.
      const category = sidebar.getByRole('button', {name: 'Getting started'});
      const item = sidebar.getByRole('link', {
        name: 'Find your way around the app',
      });
      await expect(item).toBeVisible();
      await category.click();
      await expect(category).toHaveAttribute('aria-expanded', 'false');
      await expect(item).toBeHidden();
      await category.click();
      await expect(category).toHaveAttribute('aria-expanded', 'true');
      await expect(item).toBeVisible();

      await expectNothingBlocked(page);
    });

    test('the mobile menu and "On this page" open and close at 390 px', async ({
      page,
    }) => {
      // The colour mode switch moves into the menu on a phone: choose first.
      await openIn(page, guide, mode);
      await page.setViewportSize(phone);

      const navbar = page.getByRole('navigation', {name: 'Main'});
      await navbar
        .getByRole('button', {name: /toggle navigation bar/i})
        .click();
      const menu = page.locator('.navbar-sidebar');
      await expect(menu.getByRole('link', {name: 'Blog'})).toBeVisible();
      await menu.getByRole('button', {name: /close navigation bar/i}).click();
      await expect(menu.getByRole('link', {name: 'Blog'})).toBeHidden();

      const toc = page.getByRole('button', {name: 'On this page'});
      const tocLinks = page.locator('.theme-doc-toc-mobile').getByRole('link');
      await toc.click();
      await expect(tocLinks.first()).toBeVisible();
      await toc.click();
      await expect(tocLinks.first()).toBeHidden();

      await expectNothingBlocked(page);
    });

    test('the announcement bar closes', async ({page}) => {
      await openIn(page, guide, mode);
      const bar = page
        .getByRole('banner')
        .filter({hasText: 'API introduction'});
      await bar.getByRole('button', {name: 'Close'}).click();
      await expect(bar).toBeHidden();
      await expectNothingBlocked(page);
    });

    test('the progress bars: navigation and reading', async ({page}) => {
      await openIn(page, guide, mode);
      // The reading-progress line fills as the reader scrolls.
      // The bar's stable class (the module's own are hashed).
      const reading = page.locator('.reading-progress__bar');
      await page.evaluate(() =>
        window.scrollTo(0, document.documentElement.scrollHeight),
      );
      await expect(reading).toHaveCSS('transform', 'matrix(1, 0, 0, 1, 0, 0)');

      // A slow navigation shows the theme's progress bar.
      await page.route(chunkRequests, async (route) => {
        const response = await route.fetch();
        await new Promise((resolve) => setTimeout(resolve, slowChunkMs));
        await route.fulfill({response});
      });
      await page
        .getByRole('navigation', {name: 'Docs sidebar'})
        .getByRole('link', {name: /import data from files/i})
        .click();
      await expect(page.locator('#nprogress .bar')).toBeVisible();
      await expect(page.getByRole('heading', {level: 1})).toHaveText(
        /import data from files/i,
      );
      await expect(page.locator('#nprogress .bar')).toBeHidden();
      await expectNothingBlocked(page);
    });
  });
}

test.describe('when the scripts do not load', () => {
  test.use({allowedConsoleErrors: [/Failed to load resource/]});

  test('the base-URL banner shows with its own styles', async ({page}) => {
    // The banner is the home page's fallback when the app does not start,
    // as when the site is served under the wrong base URL: no assets load.
    await page.route('**/assets/**', (route) => route.abort());
    await page.goto('/help/');
    const banner = page.locator('#__docusaurus-base-url-issue-banner');
    await expect(banner).toBeVisible();
    await expect(banner).toHaveCSS('border-top-style', 'solid');
    await expectNothingBlocked(page);
  });
});
