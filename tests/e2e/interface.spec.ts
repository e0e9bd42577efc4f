import type {Page} from '@playwright/test';
import {expect, open, test} from '../support/fixtures';

const guide = '/help/docs/getting-started/login';
const longGuide = '/help/docs/api/introduction';
const colourModeSwitch = /switch between dark and light mode/i;

/** Browser-storage entries whose key starts with a prefix. */
async function storageEntries(
  page: Page,
  prefix: string,
): Promise<Record<string, string>> {
  return page.evaluate(
    (keyPrefix) =>
      Object.fromEntries(
        Object.entries(window.localStorage).filter(([key]) =>
          key.startsWith(keyPrefix),
        ),
      ),
    prefix,
  );
}

/** Scrolls a long page well down and waits until it has moved. */
async function scrollDown(page: Page): Promise<void> {
  await page.mouse.wheel(0, 4000);
  await expect
    .poll(() => page.evaluate(() => window.scrollY))
    .toBeGreaterThan(1000);
}

test.describe('colour mode', () => {
  test.describe('with a dark system preference', () => {
    test.use({colorScheme: 'dark'});

    test('starts light', async ({page}) => {
      await open(page, guide);
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    });
  });

  test('switches to dark, is remembered after a reload, and switches back', async ({
    page,
  }) => {
    await open(page, guide);
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-theme', 'light');

    await page.getByRole('button', {name: colourModeSwitch}).click();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await expect(
      page.getByRole('status').filter({hasText: 'Dark mode on'}),
    ).toHaveCount(1);
    expect(Object.values(await storageEntries(page, 'theme'))).toEqual([
      'dark',
    ]);

    await page.reload();
    await page.locator('html[data-has-hydrated="true"]').waitFor();
    await expect(html).toHaveAttribute('data-theme', 'dark');

    await page.getByRole('button', {name: colourModeSwitch}).click();
    await expect(html).toHaveAttribute('data-theme', 'light');
  });
});

test.describe('announcement bar', () => {
  test('stays closed after a reload and shows again for a new announcement', async ({
    page,
  }) => {
    await open(page, guide);
    const bar = page.getByRole('banner').filter({hasText: 'API introduction'});
    await expect(bar).toBeVisible();

    await bar.getByRole('button', {name: 'Close'}).click();
    await expect(bar).toBeHidden();
    // Closing hands keyboard focus to the navbar, not to the page body.
    await expect(
      page
        .getByRole('navigation', {name: 'Main'})
        .getByRole('link', {name: /integration hub help/i}),
    ).toBeFocused();

    await page.reload();
    await page.locator('html[data-has-hydrated="true"]').waitFor();
    await expect(bar).toBeHidden();

    // A reader who dismissed an older announcement sees the current one.
    const stored = await storageEntries(page, 'docusaurus.announcement');
    const idKey = Object.keys(stored).find((key) => key.includes('.id'));
    expect(idKey).toBeDefined();
    await page.evaluate(
      (key) => window.localStorage.setItem(key, 'an-older-announcement'),
      idKey!,
    );
    await page.reload();
    await page.locator('html[data-has-hydrated="true"]').waitFor();
    await expect(bar).toBeVisible();
  });
});

test.describe('navbar', () => {
  test('uses the mobile menu at 996 px', async ({page}) => {
    await page.setViewportSize({width: 996, height: 800});
    await open(page, '/help/');
    const navbar = page.getByRole('navigation', {name: 'Main'});
    await expect(
      navbar.getByRole('link', {name: 'API Documentation'}),
    ).toBeHidden();
    await navbar.getByRole('button', {name: /toggle navigation bar/i}).click();
    const menu = page.locator('.navbar-sidebar');
    await expect(
      menu.getByRole('link', {name: 'API Documentation'}),
    ).toBeVisible();
    await menu.getByRole('link', {name: 'API Documentation'}).click();
    await expect(page).toHaveURL(/\/help\/docs\/api\/introduction$/);
  });

  test('shows the desktop navbar at 997 px', async ({page}) => {
    await page.setViewportSize({width: 997, height: 800});
    await open(page, guide);
    const navbar = page.getByRole('navigation', {name: 'Main'});
    await expect(
      navbar.getByRole('button', {name: /toggle navigation bar/i}),
    ).toBeHidden();
    for (const name of ['User Documentation', 'API Documentation', 'Blog']) {
      await expect(navbar.getByRole('link', {name, exact: true})).toBeVisible();
    }
    await expect(navbar.getByRole('button', {name: 'English'})).toBeVisible();
    // The search slot holds the search box.
    await expect(navbar.getByLabel('Search', {exact: true})).toBeVisible();
  });

  test('stays visible after scrolling down', async ({page}) => {
    await open(page, longGuide);
    await scrollDown(page);
    await expect(page.getByRole('navigation', {name: 'Main'})).toBeInViewport();
  });

  test('offers only English in the language switcher', async ({page}) => {
    await open(page, guide);
    await page
      .getByRole('navigation', {name: 'Main'})
      .getByRole('button', {name: 'English'})
      .hover();
    const options = page.locator('.navbar .dropdown__menu').getByRole('link');
    await expect(options).toHaveText(['English']);
  });
});

test('the footer links to both sections and carries the 2023 copyright', async ({
  page,
}) => {
  await open(page, '/help/');
  const footer = page.locator('footer');
  await expect(footer.getByRole('link', {name: 'Sign in'})).toHaveAttribute(
    'href',
    '/help/docs/getting-started/login',
  );
  await expect(
    footer.getByRole('link', {name: 'API introduction'}),
  ).toHaveAttribute('href', '/help/docs/api/introduction');
  await expect(footer).toContainText('Copyright © 2023 Integration Hub');
});

test('the skip link moves focus to the main content', async ({page}) => {
  await open(page, guide);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', {name: 'Skip to main content'});
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  // Focus moved to the main content: the next Tab lands inside it, past the
  // announcement bar, navbar and sidebar.
  await page.keyboard.press('Tab');
  await expect(page.locator('main').locator(':focus')).toHaveCount(1);
});

test('the table of contents lists the h2 and h3 headings only', async ({
  page,
}) => {
  // This page has h4 headings, which must stay out of the table of contents.
  await open(page, '/help/docs/mdx');
  const article = page.locator('article');
  const tocTargets = await page
    .locator('.table-of-contents a')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  const headings = await article
    .locator('h2[id], h3[id], h4[id]')
    .evaluateAll((nodes) =>
      nodes.map((node) => ({level: node.tagName, href: `#${node.id}`})),
    );
  expect(headings.some(({level}) => level === 'H4')).toBe(true);
  expect(tocTargets).toEqual(
    headings.filter(({level}) => level !== 'H4').map(({href}) => href),
  );
});

test.describe('scroll position after navigation', () => {
  test('goes to the top of the new page', async ({page}) => {
    await open(page, longGuide);
    await scrollDown(page);
    await page
      .locator('footer')
      .getByRole('link', {name: 'Quick tour'})
      .click();
    await expect(page.getByRole('heading', {level: 1})).toHaveText(
      /quick tour/i,
    );
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('goes to the anchor of the address', async ({page}) => {
    await open(page, guide);
    await page.locator('footer').getByRole('link', {name: 'Webhooks'}).click();
    await expect(page).toHaveURL(/\/help\/docs\/api\/introduction#webhooks$/);
    await expect(
      page.getByRole('heading', {level: 2, name: 'Webhooks'}),
    ).toBeInViewport();
    await expect
      .poll(() => page.evaluate(() => window.scrollY))
      .toBeGreaterThan(1000);
  });
});
