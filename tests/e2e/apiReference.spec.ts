import type {Page} from '@playwright/test';
import {apiPages} from '../routes';
import {spec} from '../support/openapi';
import {expect, open, test} from '../support/fixtures';
import {errorCodes} from '../../src/model/error-codes';
import {allOperations, webhookEvents} from '../../src/model/operations';
import {sampleLanguages} from '../../src/plugins/openapi-reference/theme/language';

const operations = allOperations(spec.document);
const summariesOf = (tag: string) =>
  operations
    .filter(({operation}) => operation.tags[0] === tag)
    .map(({operation}) => operation.summary);

/** From the orders page to Order items by the sidebar: a navigation in the browser. */
async function toOrderItemsByLink(page: Page) {
  await page
    .getByRole('navigation', {name: 'Docs sidebar'})
    .getByRole('link', {name: 'Order items', exact: true})
    .click();
  await expect(page.getByRole('heading', {level: 1})).toHaveText(
    /order items/i,
  );
}

test.describe('API reference pages', () => {
  test('the chosen code-sample language carries over to another page', async ({
    page,
  }) => {
    const [first, second] = apiPages.filter(
      ({tag}) => summariesOf(tag).length > 0,
    );
    await open(page, first!.path);
    const picker = page.getByRole('combobox', {name: 'Language'}).first();
    await expect(picker.getByRole('option')).toHaveText(
      sampleLanguages.map(({label}) => label),
    );
    await picker.selectOption({label: 'Python'});
    // Every operation of the page (one picker each) follows the choice.
    const pickers = page.getByRole('combobox', {name: 'Language'});
    await expect(pickers).toHaveCount(summariesOf(first!.tag).length);
    for (const other of await pickers.all()) {
      await expect(other).toHaveValue('python');
    }
    await expect(
      page.getByText('import requests', {exact: false}).first(),
    ).toBeVisible();
    await expect(
      page.getByText('curl --request', {exact: false}).first(),
    ).toBeHidden();

    await open(page, second!.path);
    await expect(
      page.getByRole('combobox', {name: 'Language'}).first(),
    ).toHaveValue('python');
    await expect(
      page.getByText('import requests', {exact: false}).first(),
    ).toBeVisible();
  });

  test('a page reached by a link shows the chosen language in its pickers', async ({
    page,
  }) => {
    await open(page, '/help/docs/api/order');
    await page
      .getByRole('combobox', {name: 'Language'})
      .first()
      .selectOption({label: 'Python'});
    await toOrderItemsByLink(page);
    for (const picker of await page
      .getByRole('combobox', {name: 'Language'})
      .all()) {
      await expect(picker).toHaveValue('python');
    }
    await expect(
      page.getByText('import requests', {exact: false}).first(),
    ).toBeVisible();
  });

  test('the published spec is the document the pages are built from', async ({
    request,
  }) => {
    const json = await request.get('/help/openapi.json');
    expect(json.status()).toBe(200);
    const published = (await json.json()) as typeof spec.document;
    expect(Object.keys(published.paths).sort()).toEqual(
      Object.keys(spec.document.paths).sort(),
    );
    const yaml = await request.get('/help/openapi.yaml');
    expect(yaml.status()).toBe(200);
    expect(await yaml.text()).toMatch(/^openapi: 3\.1\.0$/m);
  });

  test('no script of an API page carries the spec', async ({page}) => {
    // Every script body, awaited before the check so none is missed.
    const scripts: Promise<string>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') {
        scripts.push(response.text());
      }
    });
    await open(page, '/help/docs/api/order');
    // A client-side navigation loads the next page's chunks too.
    await toOrderItemsByLink(page);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of await Promise.all(scripts)) {
      expect(script).not.toContain('x-lifecycle');
      expect(script).not.toContain('"operationId"');
    }
  });

  test('a page sends its code once: in its HTML when opened, fetched when reached by a link', async ({
    page,
  }) => {
    const scripts: Promise<string>[] = [];
    const codeLists: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') {
        scripts.push(response.text());
      } else if (/\/assets\/code\//.test(response.url())) {
        codeLists.push(response.url());
      }
    });
    const firstSample = () =>
      page.getByRole('code').filter({hasText: 'curl --request'}).first();
    await open(page, '/help/docs/api/order');
    await expect(firstSample()).toBeVisible();
    // Hydration kept the highlighted code the HTML brought; no script has it.
    const highlighted = await firstSample().innerHTML();
    expect(highlighted).toContain('<span class="token');
    expect(codeLists).toEqual([]);
    for (const script of await Promise.all(scripts)) {
      expect(script).not.toContain(highlighted);
    }

    await toOrderItemsByLink(page);
    await expect(firstSample()).toBeVisible();
    expect(await firstSample().innerHTML()).toContain('<span class="token');
    // One list for the whole page, however many blocks it has.
    expect(codeLists).toEqual([
      expect.stringMatching(/\/assets\/code\/api-orders-orderItem\.\w+\.json$/),
    ]);
  });
});

test.describe('webhook events and error codes', () => {
  test('the webhook events page lists every event, reached from the sidebar and the introduction', async ({
    page,
  }) => {
    await open(page, '/help/docs/api/introduction');
    await page
      .getByRole('main')
      .getByRole('link', {name: 'Webhook events', exact: true})
      .first()
      .click();
    await expect(page.getByRole('heading', {level: 1})).toHaveText(
      /webhook events/i,
    );
    // The sidebar opens the Account category on it, with the page current.
    await expect(
      page
        .getByRole('navigation', {name: 'Docs sidebar'})
        .getByRole('link', {name: 'Webhook events', exact: true}),
    ).toHaveAttribute('aria-current', 'page');
    // The event object's two columns fold the contents into "On this page".
    await page.getByRole('button', {name: 'On this page'}).click();
    const toc = page.locator('.theme-doc-toc-mobile');
    for (const {type} of webhookEvents(spec.document)) {
      await expect(
        page.getByRole('heading', {
          level: 3,
          // The name ends with the heading's "Direct link" anchor.
          name: new RegExp(`^${type.replace('.', '\\.')}`),
        }),
      ).toBeVisible();
      await expect(
        toc.getByRole('link', {name: type, exact: true}),
      ).toBeVisible();
    }
  });

  test('the error codes page lists every code, reached from the sidebar and the introduction', async ({
    page,
  }) => {
    await open(page, '/help/docs/api/introduction');
    await expect(
      page
        .getByRole('navigation', {name: 'Docs sidebar'})
        .getByRole('link', {name: 'Error codes', exact: true}),
    ).toBeVisible();
    await page
      .getByRole('main')
      .getByRole('link', {name: 'error codes', exact: true})
      .click();
    await expect(page.getByRole('heading', {level: 1})).toHaveText(
      /error codes/i,
    );
    const codes = page.getByRole('main').getByRole('table');
    for (const [code, {status}] of Object.entries(errorCodes(spec.document))) {
      await expect(
        codes.getByRole('row', {name: new RegExp(`^${code} ${status} `)}),
      ).toBeVisible();
    }
  });
});

test('Copy page as Markdown puts the page’s Markdown copy on the clipboard', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await open(page, '/help/docs/api/order');
  await page.getByRole('button', {name: 'Copy page as Markdown'}).click();
  await expect(
    page.getByRole('status').filter({hasText: 'Page copied as Markdown'}),
  ).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^# Orders\n/);
  expect(copied).toContain('## The order object');
  expect(copied).toContain('### **POST** `/orders/{id}/accept`');
});

test.describe('API reference without JavaScript', () => {
  test.use({javaScriptEnabled: false});

  test('every code-sample language is visible, the headings are real, and Try it is absent', async ({
    page,
  }) => {
    await page.goto('/help/docs/api/order');
    const samples = page.locator('.api-samples').first();
    for (const {label} of sampleLanguages) {
      await expect(
        samples
          .getByRole('paragraph')
          .filter({hasText: new RegExp(`^${label}$`)}),
      ).toBeVisible();
    }
    await expect(samples.getByText('curl --request').first()).toBeVisible();
    await expect(samples.getByText('fetch(').first()).toBeVisible();
    await expect(samples.getByText('import requests').first()).toBeVisible();
    await expect(
      samples.getByRole('combobox', {name: 'Language'}),
    ).toBeHidden();
    // Try it needs JavaScript: the page's HTML has no button for it.
    await expect(page.getByRole('button', {name: /^Try it/})).toHaveCount(0);
    await expect(page.locator('.api-try')).toHaveCount(0);
    for (const summary of summariesOf('order')) {
      await expect(
        page.getByRole('heading', {level: 2, name: new RegExp(`^${summary}`)}),
      ).toBeVisible();
    }
  });
});
