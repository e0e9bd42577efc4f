// The API release picker: choosing a release opens the same page in it,
// older releases carry Docusaurus' banner, and the choice is remembered in
// local storage, so "API Documentation" brings the reader back to it.
import type {Page} from '@playwright/test';
import {expect, open, test} from '../support/fixtures';

const latestOrders = '/help/docs/api/order';
const oldOrders = '/help/docs/api/2023-01/order';

const navbar = (page: Page) =>
  page.getByRole('navigation', {name: 'Main', exact: true});

/** The picker's button, which names the release being read. */
const picker = (page: Page) =>
  navbar(page).getByRole('button', {name: /^2023-(01|07)/});

/** Chooses a release in the picker (it opens on hover or focus). */
async function choose(page: Page, release: RegExp) {
  await picker(page).hover();
  await navbar(page).getByRole('link', {name: release}).click();
}

/** The stored preferred version of the API section, found by its key's prefix. */
function storedRelease(page: Page) {
  return page.evaluate(() =>
    Object.entries(localStorage)
      .filter(([key]) => key.startsWith('docs-preferred-version-api'))
      .map(([key, value]) => ({key, value})),
  );
}

test('picking 2023-01 opens its page with the banner, and the choice follows the reader', async ({
  page,
}) => {
  await open(page, latestOrders);
  await expect(picker(page)).toHaveText('2023-07 (latest)');
  await expect(page.getByText(/reference of API release/)).toHaveCount(0);

  await choose(page, /^2023-01$/);
  await expect(page).toHaveURL(oldOrders);
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Orders');
  const banner = page.getByText(/reference of API release 2023-01/);
  await expect(banner).toBeVisible();
  await expect(
    page.getByRole('link', {name: 'the latest release'}),
  ).toHaveAttribute('href', latestOrders);
  // The page is rendered from the 2023-01 document.
  await expect(page.locator('#order-object-status')).toContainText('accepted');
  await expect(page.locator('#order-object-status')).not.toContainText(
    'partially_dispatched',
  );
  await expect(
    page.locator('pre').filter({hasText: 'Hub-Version: 2023-01'}).first(),
  ).toBeAttached();
  expect(await storedRelease(page)).toEqual([
    {
      key: expect.stringMatching(/ih-help$/) as unknown as string,
      value: '2023-01',
    },
  ]);

  // A new visit: the home page's and the navbar's API links lead to 2023-01;
  // the picker is on API pages only.
  await open(page, '/help/');
  await expect(picker(page)).toHaveCount(0);
  await expect(
    page.getByRole('link', {name: 'Open API Documentation'}),
  ).toHaveAttribute('href', '/help/docs/api/2023-01/introduction');
  await navbar(page).getByRole('link', {name: 'API Documentation'}).click();
  await expect(page).toHaveURL('/help/docs/api/2023-01/introduction');
  await expect(picker(page)).toHaveText('2023-01');

  // Back to the latest: the choice follows.
  await choose(page, /^2023-07 \(latest\)$/);
  await expect(page).toHaveURL('/help/docs/api/introduction');
  expect((await storedRelease(page)).map(({value}) => value)).toEqual([
    'current',
  ]);
  await open(page, '/help/');
  await navbar(page).getByRole('link', {name: 'API Documentation'}).click();
  await expect(page).toHaveURL('/help/docs/api/introduction');
});
