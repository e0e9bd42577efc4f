// Try it on the API pages of both releases, against the production build and its policy: each method answered by the sample world, problems at their fields, nothing loaded before a form opens, the key kept to the tab and the sandbox, keyboard, phone width and axe in both colour modes.
import AxeBuilder from '@axe-core/playwright';
import type {Locator, Page} from '@playwright/test';
import {expect, open, test} from '../support/fixtures';
import {cspViolations, watchCspViolations} from '../support/csp';

const sampleKey = 'ih_test_4eC39HqLyjWDarjtT1zdp7dc';
const sandbox = 'https://sandbox.api.example.com/v1';

const releases = [
  {release: '2023-07', pages: '/help/docs/api'},
  {release: '2023-01', pages: '/help/docs/api/2023-01'},
];

/** One operation of each method, with its documented success. */
const byMethod = [
  {method: 'GET', page: 'order', summary: 'List orders', status: '200 OK'},
  {
    method: 'POST',
    page: 'order',
    summary: 'Create an order',
    status: '201 Created',
  },
  {method: 'PUT', page: 'stock', summary: 'Set stock', status: '200 OK'},
  {method: 'PATCH', page: 'brand', summary: 'Update a brand', status: '200 OK'},
  {
    method: 'DELETE',
    page: 'price',
    summary: 'Delete a price',
    status: '204 No Content',
  },
];

test.beforeEach(({page}) => watchCspViolations(page));

const tryItButton = (page: Page, summary: string) =>
  page.getByRole('button', {name: `Try it: ${summary}`});

/** Opens an operation's form, on a page already open. */
async function openForm(page: Page, summary: string): Promise<Locator> {
  const button = tryItButton(page, summary);
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const form = page.getByRole('form', {name: `Request: ${summary}`});
  await expect(form).toBeVisible();
  return form;
}

/** The response a form shows (inside the form, named as every form's is). */
const responseOf = (form: Locator) =>
  form.getByRole('region', {name: 'Response', exact: true});

/** The body the response shows (its one code block), as JSON. */
async function responseJson(region: Locator): Promise<unknown> {
  return JSON.parse(await region.locator('pre').innerText()) as unknown;
}

for (const {release, pages} of releases) {
  for (const {method, page: name, summary, status} of byMethod) {
    test(`${release}: ${method} (${summary}) is answered by the sample world with its documented ${status}`, async ({
      page,
    }) => {
      await open(page, `${pages}/${name}`);
      const form = await openForm(page, summary);
      await expect(
        form.getByRole('radio', {name: 'Sample world'}),
      ).toBeChecked();
      await expect(form.getByLabel('API key')).toHaveValue(sampleKey);
      await expect(form.getByLabel('Hub-Version', {exact: true})).toHaveValue(
        release,
      );
      await form.getByRole('button', {name: 'Send'}).click();
      const response = responseOf(form);
      await expect(response).toBeFocused();
      await expect(response).toContainText(status);
      await expect(response).toContainText('from the sample world');
      if (status.startsWith('204')) {
        await expect(response).toContainText('No body.');
      } else {
        expect(await responseJson(response)).toBeInstanceOf(Object);
      }
      expect(await cspViolations(page)).toEqual([]);
    });
  }
}

test('a request without a key gets 401, and an unknown id 404, from the sample world', async ({
  page,
}) => {
  await open(page, '/help/docs/api/order');
  const summary = 'Retrieve an order';
  const form = await openForm(page, summary);
  const key = form.getByLabel('API key');
  await key.fill('');
  await expect(key).toHaveAttribute('aria-invalid', 'true');
  await expect(key).toHaveAccessibleDescription(
    /Authorization needs an API key/,
  );
  await form.getByRole('button', {name: 'Send'}).click();
  await expect(responseOf(form)).toContainText('401 Unauthorized');

  await key.fill(sampleKey);
  await form.getByLabel('id', {exact: true}).fill('ord_0000000');
  await form.getByRole('button', {name: 'Send'}).click();
  await expect(responseOf(form)).toContainText('404 Not Found');
});

test('an invalid value shows its field’s problem, and correcting it clears it', async ({
  page,
}) => {
  await open(page, '/help/docs/api/order');
  const form = await openForm(page, 'List orders');
  const limit = form.getByLabel('limit', {exact: true});
  await expect(limit).not.toHaveAttribute('aria-invalid');
  await expect(form).toContainText('The request matches the API document');

  await limit.fill('abc');
  await expect(limit).toHaveAttribute('aria-invalid', 'true');
  await expect(limit).toHaveAccessibleDescription(/limit must be integer/);
  await expect(form.getByText('limit must be integer')).toBeVisible();
  await expect(form).toContainText('You can still send it');

  await limit.fill('0');
  await expect(limit).toHaveAccessibleDescription(/limit must be >= 1/);

  await limit.fill('20');
  await expect(limit).not.toHaveAttribute('aria-invalid');
  await expect(form.getByText(/limit must be/)).toHaveCount(0);
  await expect(form).toContainText('The request matches the API document');
});

test('a body field of the wrong type is shown under the body with its JSON pointer, and Reset brings the sample back', async ({
  page,
}) => {
  await open(page, '/help/docs/api/order');
  const form = await openForm(page, 'Create an order');
  const body = form.getByLabel('Body (JSON)');
  const sample = await body.inputValue();
  await body.fill(sample.replace('"quantity": 1', '"quantity": "one"'));
  await expect(body).toHaveAttribute('aria-invalid', 'true');
  await expect(body).toHaveAccessibleDescription(
    /\/items\/0\/quantity must be integer/,
  );
  await body.fill('{"store_id": ');
  await expect(body).toHaveAccessibleDescription(/The body is not valid JSON/);
  await form.getByRole('button', {name: 'Reset'}).click();
  await expect(body).toHaveValue(sample);
  await expect(body).not.toHaveAttribute('aria-invalid');
});

test('nothing of Try it loads until a form is opened, and the world only on the first Send to it', async ({
  page,
}) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  // The bundler's files (the form's code and stylesheet, the world's
  // responder: chunks without names, which would weigh on every page's
  // runtime), and the build's Try it files.
  const script = /\/assets\/js\/[\w~-]+\.[0-9a-f]+\.js$/;
  const stylesheet = /\/assets\/css\/[\w~-]+\.[0-9a-f]+\.css$/;
  const operationModule = (operationId: string) =>
    new RegExp(`/assets/js/try/2023-07/${operationId}\\.[0-9a-f]+\\.js$`);
  const anyOperationModule = /\/assets\/js\/try\/[^/]+\/\w+\.[0-9a-f]+\.js$/;
  const world = /\/assets\/js\/try\/2023-07\/world\.[0-9a-f]+\.json$/;
  /** What was requested since `from` that matches `pattern`. */
  const since = (from: number, pattern: RegExp) =>
    requested.slice(from).filter((url) => pattern.test(url));
  const tryItFiles = (from: number) =>
    [script, stylesheet, anyOperationModule, world].flatMap((pattern) =>
      since(from, pattern),
    );

  await page.goto('/help/docs/api/order', {waitUntil: 'networkidle'});
  await page.locator('html[data-has-hydrated="true"]').waitFor();
  await page.waitForLoadState('networkidle');
  const loaded = requested.length;
  // Focus and hover load nothing either.
  await tryItButton(page, 'Create an order').hover();
  await tryItButton(page, 'Create an order').focus();
  await page.waitForLoadState('networkidle');
  expect(tryItFiles(loaded)).toEqual([]);

  const form = await openForm(page, 'Create an order');
  // The form's code and its stylesheet, and the operation's module.
  expect(since(loaded, script).length).toBeGreaterThan(0);
  expect(since(loaded, stylesheet)).toHaveLength(1);
  expect(since(loaded, anyOperationModule)).toEqual(
    since(loaded, operationModule('createOrder')),
  );
  expect(since(loaded, anyOperationModule)).toHaveLength(1);
  expect(since(loaded, world)).toEqual([]);

  const opened = requested.length;
  await form.getByRole('button', {name: 'Send'}).click();
  await expect(responseOf(form)).toBeVisible();
  // The world's responder and the release's world, once.
  expect(since(opened, script)).toHaveLength(1);
  expect(since(opened, world)).toHaveLength(1);
  expect(since(opened, stylesheet)).toEqual([]);

  // Another form of the page loads its own module only.
  const sent = requested.length;
  await openForm(page, 'List orders');
  expect(tryItFiles(sent)).toEqual(since(sent, operationModule('listOrders')));
  expect(tryItFiles(sent)).toHaveLength(1);
  expect(await cspViolations(page)).toEqual([]);
});

test.describe('when the form’s code does not arrive', () => {
  // Chromium reports the blocked file as a failed resource.
  test.use({allowedConsoleErrors: [/Failed to load resource/]});

  test('the button says so, and Try again loads it', async ({page}) => {
    await open(page, '/help/docs/api/order');
    await page.waitForLoadState('networkidle');
    // Every bundled script the page asks for from now on is the form's.
    const scripts = /\/assets\/js\/[\w~-]+\.[0-9a-f]+\.js$/;
    await page.route(scripts, (route) => route.abort('internetdisconnected'));
    const button = tryItButton(page, 'Create an order');
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const alert = page.getByRole('alert').filter({hasText: 'did not load'});
    await expect(alert).toHaveText(
      'The form did not load. Check your connection, then try again.',
    );
    await expect(button).toHaveAttribute(
      'aria-controls',
      (await alert.locator('..').getAttribute('id'))!,
    );

    await page.unroute(scripts);
    await alert.getByRole('button', {name: 'try again'}).click();
    await expect(
      page.getByRole('form', {name: 'Request: Create an order'}),
    ).toBeVisible();
    await expect(alert).toBeHidden();
  });
});

test.describe('sent to the sandbox', () => {
  const typedKey = 'ih_test_TryItE2eKey0000000000001';

  test.describe('answered (the policy left aside, as a build for a reachable sandbox allows it)', () => {
    test.use({bypassCSP: true});

    test('the request goes to the sandbox with the typed key, which no other request, storage or reload keeps', async ({
      page,
    }) => {
      const seen: {url: string; headers: string; body: string}[] = [];
      page.on('request', (request) =>
        seen.push({
          url: request.url(),
          headers: JSON.stringify(request.headers()),
          body: request.postData() ?? '',
        }),
      );
      let sent:
        {method: string; authorization?: string; body: string} | undefined;
      await page.route(`${sandbox}/**`, async (route) => {
        const request = route.request();
        sent = {
          method: request.method(),
          authorization: request.headers().authorization,
          body: request.postData() ?? '',
        };
        await route.fulfill({
          status: 201,
          headers: {
            'access-control-allow-origin': '*',
            'content-type': 'application/json',
          },
          body: JSON.stringify({id: 'ord_FromSandbox', status: 'pending'}),
        });
      });
      await open(page, '/help/docs/api/order');
      const form = await openForm(page, 'Create an order');
      await form.getByRole('radio', {name: 'Your sandbox'}).check();
      const key = form.getByLabel('API key');
      await expect(key).toHaveValue('');
      await expect(key).toHaveAttribute('type', 'password');
      await key.fill(typedKey);
      const body = await form.getByLabel('Body (JSON)').inputValue();
      await form.getByRole('button', {name: 'Send'}).click();

      const response = responseOf(form);
      await expect(response).toContainText('201 Created');
      await expect(response).toContainText('from your sandbox');
      expect(await responseJson(response)).toEqual({
        id: 'ord_FromSandbox',
        status: 'pending',
      });
      expect(sent).toEqual({
        method: 'POST',
        authorization: `Bearer ${typedKey}`,
        body,
      });

      // The other forms of the tab share the key.
      const other = await openForm(page, 'List orders');
      await other.getByRole('radio', {name: 'Your sandbox'}).check();
      await expect(other.getByLabel('API key')).toHaveValue(typedKey);

      const carriers = seen.filter(
        ({url, headers, body: posted}) =>
          `${url}${headers}${posted}`.includes(typedKey) &&
          !url.startsWith(sandbox),
      );
      expect(carriers).toEqual([]);
      const stored = await page.evaluate(() =>
        JSON.stringify([
          Object.entries(localStorage),
          Object.entries(sessionStorage),
          document.cookie,
          location.href,
        ]),
      );
      expect(stored).not.toContain(typedKey);

      await page.reload();
      await page.locator('html[data-has-hydrated="true"]').waitFor();
      const again = await openForm(page, 'Create an order');
      await again.getByRole('radio', {name: 'Your sandbox'}).check();
      await expect(again.getByLabel('API key')).toHaveValue('');
    });
  });

  test.describe('unreachable', () => {
    // The browser reports the refused or failed connection itself.
    test.use({
      allowedConsoleErrors: [
        /Content Security Policy|Refused to connect|Failed to load resource|net::ERR_/,
      ],
    });

    test('a request the browser cannot deliver says so in the response', async ({
      page,
    }) => {
      await page.route(`${sandbox}/**`, (route) =>
        route.abort('internetdisconnected'),
      );
      await open(page, '/help/docs/api/order');
      const form = await openForm(page, 'List orders');
      await form.getByRole('radio', {name: 'Your sandbox'}).check();
      await form.getByLabel('API key').fill(typedKey);
      await form.getByRole('button', {name: 'Send'}).click();
      await expect(responseOf(form)).toContainText(
        'The request did not reach sandbox.api.example.com',
      );
    });
  });
});

test('Copy as cURL copies exactly the request, key as typed', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await open(page, '/help/docs/api/order');
  const form = await openForm(page, 'Create an order');
  await form.getByRole('button', {name: 'Copy as cURL'}).click();
  await expect(form.getByRole('status')).toHaveText(
    'Copied the request as cURL.',
  );
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('curl --request POST');
  expect(copied).toContain(`--url '${sandbox}/orders'`);
  expect(copied).toContain(`--header 'Authorization: Bearer ${sampleKey}'`);
  expect(copied).toContain(`--header 'Hub-Version: 2023-07'`);
  expect(copied).toContain(`--data '{`);
});

test('by keyboard: the button opens the form, Escape loses nothing, and closing keeps the work', async ({
  page,
}) => {
  await open(page, '/help/docs/api/order');
  const button = tryItButton(page, 'List orders');
  await expect(button).toHaveText('Try it');
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await button.focus();
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', {name: 'Request: List orders'});
  await expect(form).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(form.getByRole('radio', {name: 'Sample world'})).toBeFocused();

  const limit = form.getByLabel('limit', {exact: true});
  await limit.fill('25');
  await page.keyboard.press('Escape');
  await expect(limit).toHaveValue('25');
  await expect(form).toBeVisible();

  await button.press('Enter');
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(form).toBeHidden();
  await button.press('Enter');
  await expect(limit).toHaveValue('25');
});

test('at phone width the form and its response fit the screen', async ({
  page,
}) => {
  await page.setViewportSize({width: 390, height: 844});
  await open(page, '/help/docs/api/order');
  const form = await openForm(page, 'Create an order');
  await form.getByRole('button', {name: 'Send'}).click();
  const response = responseOf(form);
  await expect(response).toBeVisible();
  for (const part of [form, response]) {
    const box = (await part.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
  ).toBeLessThanOrEqual(390);
});

for (const mode of ['light', 'dark']) {
  test(`the open form, with a problem and a response, passes axe in ${mode} mode`, async ({
    page,
  }) => {
    await open(page, `/help/docs/api/order?docusaurus-theme=${mode}`);
    await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
    const form = await openForm(page, 'Create an order');
    await form.getByRole('button', {name: 'Send'}).click();
    await expect(responseOf(form)).toBeVisible();
    await form.getByLabel('Idempotency-Key').fill('');
    await form.getByLabel('API key').fill('');
    await expect(form.getByLabel('API key')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    const results = await new AxeBuilder({page})
      .include('form[aria-label="Request: Create an order"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(
      results.violations.map(({id, nodes}) => ({
        id,
        targets: nodes.map((node) => node.target.join(' ')),
      })),
    ).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
  });
}
