// The authors' loop: with `npm start` running, an edit to the API's sources
// or to the sample world shows on the next reload, with no restart; a
// mistake shows as one message naming its file and line. The development
// server runs on a copy of the site, so the edits never touch the checkout.
import {spawn, type ChildProcess} from 'node:child_process';
import {readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test, type Page} from '@playwright/test';
import {devPort} from '../support/site';
import {copySite} from '../support/siteCopy';

const base = `http://127.0.0.1:${devPort}/help`;
/**
 * An edit recompiles only the pages drawn from the edited file: seconds on
 * an idle machine. The limit is generous because the suite's other projects
 * (a full build among them) share the machine; how fast an edit shows is
 * measured by hand, not held here.
 */
const editMs = 180_000;

let copy: string;
let server: ChildProcess;
let output = '';
/** How much the server had printed at the last edit. */
let printedBeforeEdit = 0;

/** Replaces text in a file of the copy; the test fails if the text is not there. */
function edit(file: string, from: string, to: string): void {
  const target = path.join(copy, file);
  const text = readFileSync(target, 'utf8');
  expect(text, `${file} contains ${from}`).toContain(from);
  writeFileSync(target, text.replace(from, to));
  printedBeforeEdit = output.length;
}

/**
 * Waits for an edit to show. If it never does, the failure carries what
 * `npm start` printed since the edit, as the author would have seen it.
 */
async function afterEdit(shown: () => Promise<void>): Promise<void> {
  try {
    await shown();
  } catch (error) {
    if (error instanceof Error) {
      error.message += `\n\nnpm start printed, after the edit:\n${output.slice(printedBeforeEdit) || '(nothing)'}`;
    }
    throw error;
  }
}

/** Reloads a page until it shows some text. */
async function reloadUntil(page: Page, url: string, text: string) {
  await page.goto(url);
  await afterEdit(() =>
    expect(async () => {
      await page.reload();
      await expect(page.getByText(text).first()).toBeVisible({
        timeout: 1_000,
      });
    }).toPass({timeout: editMs}),
  );
}

test.describe.configure({mode: 'serial'});

test.beforeAll(async () => {
  copy = copySite('ih-help-dev-');
  server = spawn(
    process.execPath,
    [
      require.resolve('@docusaurus/core/bin/docusaurus.mjs'),
      'start',
      '--port',
      String(devPort),
      '--host',
      '127.0.0.1',
      '--no-open',
    ],
    {
      cwd: copy,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Plain text, so the messages can be read as the author sees them.
      env: {...process.env, FORCE_COLOR: '0', NO_COLOR: '1'},
    },
  );
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk));
  server.stderr!.on('data', (chunk: Buffer) => (output += chunk));
  await expect
    .poll(
      () =>
        server.exitCode === null
          ? /compiled successfully/.test(output)
          : `the server stopped:\n${output}`,
      {timeout: 0},
    )
    .toBe(true);
});

test.afterAll(() => {
  server?.kill('SIGTERM');
  rmSync(copy, {recursive: true, force: true});
});

test('an edit to a spec file shows on the next reload', async ({page}) => {
  edit(
    'openapi/resources/order.yaml',
    'summary: Create an order\n',
    'summary: Create an order for a store\n',
  );
  await reloadUntil(
    page,
    `${base}/docs/api/order`,
    'Create an order for a store',
  );
});

test('an edit to an example shows in the page’s code', async ({page}) => {
  // The code travels in a list of its own (page-code.ts), which the page
  // fetches here: the development server sends no HTML with it.
  edit(
    'openapi/openapi.yaml',
    'examples: [One field is invalid.]',
    'examples: [One field of the request is invalid.]',
  );
  await reloadUntil(
    page,
    `${base}/docs/api/introduction`,
    '"detail": "One field of the request is invalid."',
  );
});

test('an edit to an older release’s overlay shows on its page', async ({
  page,
}) => {
  edit(
    'openapi/overlays/2023-01.yaml',
    'The amount the price takes at `effective_at`, in minor units of `currency`.',
    'The amount the price takes from `effective_at` on, in minor units of `currency`.',
  );
  await reloadUntil(
    page,
    `${base}/docs/api/2023-01/priceChange`,
    'The amount the price takes from effective_at on',
  );
});

test('an edit to the sample world shows on the pages that draw on it', async ({
  page,
}) => {
  // The files page names the brand's warehouse with <World fact=… />.
  edit(
    'openapi/world/world.yaml',
    'name: Alder & Finch Main',
    'name: Alder & Finch Central',
  );
  await reloadUntil(
    page,
    `${base}/docs/resources/resource-file`,
    'Alder & Finch Central',
  );
});

test('a dangling $ref shows one message naming its file and line', async ({
  page,
}) => {
  const file = 'openapi/resources/order.yaml';
  const lines = readFileSync(path.join(copy, file), 'utf8').split('\n');
  const line =
    lines.findIndex((text) =>
      text.endsWith("$ref: '#/components/schemas/Order'"),
    ) + 1;
  edit(
    file,
    "$ref: '#/components/schemas/Order'",
    "$ref: '#/components/schemas/Ordr'",
  );
  const message = `${file}:${line}: $ref '#/components/schemas/Ordr' points at nothing; did you mean '#/components/schemas/Order'?`;
  // The development server's overlay shows the message over the page.
  await page.goto(`${base}/docs/api/order`);
  await afterEdit(() =>
    expect(async () => {
      await page.reload();
      await expect(
        page
          .frameLocator('#webpack-dev-server-client-overlay')
          .getByText(message),
      ).toBeVisible({timeout: 2_000});
    }).toPass({timeout: editMs}),
  );
  // Once, not once per page drawn from the spec, and with no loader's stack.
  await expect(
    page.frameLocator('#webpack-dev-server-client-overlay').locator('body'),
  ).not.toContainText(/MDX compilation failed|\n\s+at /);
  expect(output).toContain(message);
});
