// Reports page weight from the production build: the compressed JavaScript
// that Chromium downloads to show a guide page and an API reference page,
// and the difference against the API page's budget. It reports numbers; it
// is not a test. Run `npm run build` first.
//   node scripts/bench.mjs
import {spawn} from 'node:child_process';
import {existsSync} from 'node:fs';
import {gzipSync} from 'node:zlib';
import {chromium} from '@playwright/test';

const port = 4179;
const origin = `http://127.0.0.1:${port}`;
const pages = {
  guide: '/help/docs/getting-started/login',
  api: '/help/docs/api/order',
};
// The API reference may add at most this much compressed JavaScript.
const apiBudgetBytes = 10 * 1024;

const executablePath =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) =>
    existsSync(path),
  );

async function waitForServer() {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    try {
      if ((await fetch(`${origin}/help/`)).ok) {
        return;
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The static server did not start.');
}

/** Compressed bytes of each script the page loads, until the network is idle. */
async function scriptBytes(browser, path) {
  const page = await browser.newPage();
  // Data saver turns off Docusaurus' prefetching of linked pages, so only
  // the page's own scripts count.
  await page.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, 'connection', {
      get: () => ({saveData: true}),
    }),
  );
  const sizes = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') {
      sizes.push(gzipSync(await response.body(), {level: 9}).length);
    }
  });
  await page.goto(`${origin}${path}`, {waitUntil: 'networkidle'});
  await page.close();
  return {
    count: sizes.length,
    bytes: sizes.reduce((sum, size) => sum + size, 0),
  };
}

const server = spawn(
  process.execPath,
  [
    'scripts/serve.mjs',
    '--dir',
    'build',
    '--base',
    '/help/',
    '--port',
    String(port),
  ],
  {stdio: 'ignore'},
);
try {
  await waitForServer();
  const browser = await chromium.launch({
    executablePath,
    args: ['--disable-gpu', '--disable-background-networking'],
  });
  const guide = await scriptBytes(browser, pages.guide);
  const api = await scriptBytes(browser, pages.api);
  await browser.close();
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  const extra = api.bytes - guide.bytes;
  console.log('| Page | Scripts | Compressed JavaScript (gzip -9) |');
  console.log('| --- | --- | --- |');
  console.log(
    `| Guide (${pages.guide}) | ${guide.count} | ${kb(guide.bytes)} |`,
  );
  console.log(
    `| API reference (${pages.api}) | ${api.count} | ${kb(api.bytes)} |`,
  );
  console.log(
    `\nThe API page adds ${kb(extra)} of JavaScript over the guide page (budget ${kb(apiBudgetBytes)}: ${extra <= apiBudgetBytes ? 'within' : 'OVER'}).`,
  );
} finally {
  server.kill();
}
