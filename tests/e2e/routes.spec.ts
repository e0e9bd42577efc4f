import {unknownRoutes} from '../routes';
import {expect, notFoundResourceError, open, test} from '../support/fixtures';

test.describe('unknown addresses', () => {
  test.use({allowedConsoleErrors: [notFoundResourceError]});

  for (const {path, suggests} of unknownRoutes) {
    test(`${path} shows the not-found page suggesting ${suggests}`, async ({
      page,
    }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await page.locator('html[data-has-hydrated="true"]').waitFor();
      await expect(
        page.getByRole('heading', {level: 1, name: /page not found/i}),
      ).toBeVisible();
      const suggestion = page
        .getByRole('navigation', {name: 'Suggested pages'})
        .getByRole('link', {
          name: suggests.replace(/^\/help/, ''),
          exact: true,
        });
      await expect(suggestion).toHaveAttribute('href', suggests);
      await expect(page).toHaveURL(path);
    });
  }

  test('a suggestion leads to the page', async ({page}) => {
    const [{path, suggests}] = unknownRoutes;
    await open(page, path);
    await page
      .getByRole('navigation', {name: 'Suggested pages'})
      .getByRole('link', {name: suggests.replace(/^\/help/, ''), exact: true})
      .click();
    await expect(page).toHaveURL(suggests);
    await expect(page.getByRole('heading', {level: 1})).toHaveText(/sign in/i);
  });
});
