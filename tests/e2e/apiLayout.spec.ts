import type {Locator, Page} from '@playwright/test';
import {expect, open, test} from '../support/fixtures';
import {twoColumnMinWidth} from '../../src/plugins/openapi-reference/theme/language';

/**
 * The API reference's reading layout: fields beside the examples on wide
 * screens and stacked on phones, child attributes behind "Show child
 * attributes", and a link for every field and operation.
 */

const orderPage = '/help/docs/api/order';

/** An operation's section, found by its heading. */
const operation = (page: Page, summary: string) =>
  page
    .locator('section')
    .filter({has: page.getByRole('heading', {level: 2, name: summary})});

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found).not.toBeNull();
  return found!;
}

/** The fields column and the examples column of a section. */
function columnsOf(section: Locator) {
  return {
    fields: section.locator('.api-columns__main').first(),
    examples: section.locator('.api-columns__aside').first(),
  };
}

test.describe('two columns on a wide screen', () => {
  test.use({viewport: {width: 1440, height: 900}});

  test('an operation shows its samples beside its fields, sticky while the section scrolls', async ({
    page,
  }) => {
    expect(1440).toBeGreaterThanOrEqual(twoColumnMinWidth);
    await open(page, orderPage);
    const section = operation(page, 'Create an order');
    const {fields, examples} = columnsOf(section);
    const left = await box(fields);
    const right = await box(examples);
    expect(right.x).toBeGreaterThanOrEqual(left.x + left.width);
    expect(Math.abs(right.y - left.y)).toBeLessThan(5);
    await expect(
      examples.getByRole('heading', {name: 'Example request'}),
    ).toBeVisible();

    // Scroll to the section's last field: the samples stay in view.
    await section
      .getByText('Show child attributes')
      .last()
      .scrollIntoViewIfNeeded();
    await expect(
      examples.getByRole('combobox', {name: 'Language'}),
    ).toBeInViewport();
  });

  test('the object section shows the example object beside the field list', async ({
    page,
  }) => {
    await open(page, orderPage);
    const objectColumns = page.locator('.api-columns').first();
    const {fields, examples} = columnsOf(objectColumns);
    await expect(examples.getByText('Example order object')).toBeVisible();
    const left = await box(fields);
    const right = await box(examples);
    expect(right.x).toBeGreaterThanOrEqual(left.x + left.width);
  });

  test('the table of contents folds into "On this page"', async ({page}) => {
    await open(page, orderPage);
    await expect(page.locator('.theme-doc-toc-desktop')).toBeHidden();
    await page.getByRole('button', {name: 'On this page'}).click();
    await expect(
      page
        .locator('.theme-doc-toc-mobile')
        .getByRole('link', {name: 'Create an order', exact: true}),
    ).toBeVisible();
  });
});

test.describe('stacked on a phone', () => {
  test.use({viewport: {width: 390, height: 844}});

  test('the samples follow the fields in one column', async ({page}) => {
    await open(page, orderPage);
    const {fields, examples} = columnsOf(operation(page, 'Create an order'));
    const top = await box(fields);
    const below = await box(examples);
    expect(below.y).toBeGreaterThanOrEqual(top.y + top.height - 1);
    expect(Math.abs(below.x - top.x)).toBeLessThan(2);
    // Nothing makes the page scroll sideways.
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth <= window.innerWidth,
      ),
    ).toBe(true);
  });
});

test.describe('child attributes', () => {
  test('nested fields sit under their parent, collapsed until asked for', async ({
    page,
  }) => {
    await open(page, orderPage);
    const totals = page.locator('#order-object-totals');
    const subtotal = totals.locator('#order-object-totals-subtotal');
    await expect(subtotal).toBeHidden();
    await totals.getByText('Show child attributes').click();
    await expect(subtotal).toBeVisible();
    await expect(subtotal.getByText('subtotal', {exact: true})).toBeVisible();
    // No flat dotted rows any more.
    await expect(page.getByText('totals.subtotal', {exact: true})).toHaveCount(
      0,
    );
  });

  test.describe('without JavaScript', () => {
    test.use({javaScriptEnabled: false});

    test('child attributes show expanded', async ({page}) => {
      await page.goto(orderPage);
      await expect(page.locator('#order-object-totals-subtotal')).toBeVisible();
      await expect(page.locator('#order-object-customer-name')).toBeVisible();
    });
  });

  test('print shows child attributes expanded', async ({page}) => {
    await open(page, orderPage);
    await page.emulateMedia({media: 'print'});
    await expect(page.locator('#order-object-totals-subtotal')).toBeVisible();
  });
});

test.describe('links to fields and operations', () => {
  test('opening a field address scrolls to it and highlights it', async ({
    page,
  }) => {
    await open(page, `${orderPage}#order-object-status`);
    const field = page.locator('#order-object-status');
    await expect(field).toBeInViewport();
    expect(await field.evaluate((node) => node.matches(':target'))).toBe(true);
    const background = await field.evaluate(
      (node) => getComputedStyle(node).backgroundColor,
    );
    expect(background).not.toBe('rgba(0, 0, 0, 0)');
    await expect(page.locator('#order-object-number')).not.toHaveCSS(
      'background-color',
      background,
    );
  });

  test('opening an operation address scrolls to it and highlights it', async ({
    page,
  }) => {
    await open(page, `${orderPage}#create-an-order`);
    const heading = page.getByRole('heading', {
      level: 2,
      name: 'Create an order',
    });
    await expect(heading).toBeInViewport();
    await expect(heading).not.toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
  });

  test('a field’s copy-link control shows on hover and copies its address', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await open(page, orderPage);
    const field = page.locator('#order-object-status');
    const control = field.getByRole('link', {name: 'Copy link to status'});
    await expect(control).toHaveCSS('opacity', '0');
    await field.getByText('status', {exact: true}).first().hover();
    await expect(control).toHaveCSS('opacity', '1');
    await control.click();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toMatch(/\/help\/docs\/api\/order#order-object-status$/);
    await expect(page).toHaveURL(/#order-object-status$/);
  });

  test('the copy-link control shows on keyboard focus', async ({page}) => {
    await open(page, orderPage);
    const control = page
      .locator('#order-object-status')
      .getByRole('link', {name: 'Copy link to status'});
    await control.focus();
    await expect(control).toHaveCSS('opacity', '1');
  });
});
