import {execFileSync, spawn, type ChildProcess} from 'node:child_process';
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {expect, open, test} from '../support/fixtures';
import {
  readDeploymentFacts,
  searchIndexFile,
} from '../../src/model/deployment-facts.mjs';
import {checkBuild} from '../../deploy/lib/build.mjs';
import {buildDir, variantBuildDir, variantPort} from '../support/site';

/**
 * One build made the way a deployer makes it, with the plain `npm run build`
 * and only environment variables: another base path and Algolia DocSearch.
 * Everything the post-build step writes must follow from that build alone.
 */

const variantBase = '/shop/help/';
const algoliaHosts = [
  'https://*.algolia.net',
  'https://*.algolianet.com',
  'https://*.algolia.io',
];
// A full build takes minutes when the machine is busy.
const buildTimeoutMs = 15 * 60_000;

let server: ChildProcess;

test.describe.configure({mode: 'serial'});

test.beforeAll(async () => {
  test.setTimeout(buildTimeoutMs);
  execFileSync('npm', ['run', 'build', '--', '--out-dir', variantBuildDir], {
    stdio: 'inherit',
    env: {
      ...process.env,
      BASE_URL: variantBase,
      ALGOLIA_APP_ID: 'TESTAPP1D',
      ALGOLIA_API_KEY: 'public-search-only-key',
      ALGOLIA_INDEX_NAME: 'integration-hub-help',
    },
  });
  server = spawn(process.execPath, [
    path.join('scripts', 'serve.mjs'),
    '--dir',
    variantBuildDir,
    '--port',
    String(variantPort),
  ]);
  await new Promise<void>((resolve, reject) => {
    server.stdout!.once('data', () => resolve());
    server.once('exit', (code) =>
      reject(new Error(`serve.mjs exited ${code}`)),
    );
  });
});
test.afterAll(() => server?.kill());

const read = (file: string) =>
  readFileSync(path.join(variantBuildDir, file), 'utf8');

test('the build records its base path and search backend', () => {
  expect(readDeploymentFacts(variantBuildDir)).toMatchObject({
    baseUrl: variantBase,
    search: 'algolia',
  });
});

test('the CSP admits Algolia’s hosts', () => {
  const headers = JSON.parse(read('_security-headers.json')) as [
    string,
    string,
  ][];
  const csp = new Map(headers).get('Content-Security-Policy')!;
  const connectSrc = /connect-src ([^;]+)/.exec(csp)?.[1];
  expect(connectSrc).toBe(`'self' ${algoliaHosts.join(' ')}`);
});

test('the headers rules use the build’s base path', () => {
  const rules = read('_headers')
    .split('\n')
    .filter((line) => line.startsWith('/'));
  expect(rules.length).toBeGreaterThan(2);
  for (const rule of rules) {
    expect(rule).toMatch(new RegExp(`^${variantBase}`));
  }
});

test('llms.txt links the pages under the base path and leaves out the excluded ones', () => {
  const links = [...read('llms.txt').matchAll(/\]\(([^)]+)\)/g)].map(
    (match) => new URL(match[1]!).pathname,
  );
  expect(links.length).toBeGreaterThan(20);
  for (const link of links) {
    expect(link).toMatch(new RegExp(`^${variantBase}`));
    expect(link).not.toMatch(
      /\/(search|blog\/archive|blog\/authors\/|blog\/tags\/|blog\/page\/)/,
    );
  }
});

test('the deploy’s build check accepts it whole: its pages, chunks and no search index', async () => {
  await expect(checkBuild(variantBuildDir)).resolves.toMatchObject({
    facts: {baseUrl: variantBase, search: 'algolia'},
  });
});

test('ships no local index; the default build does', () => {
  const indexFiles = (dir: string) =>
    readdirSync(dir).filter((name) =>
      new RegExp(`^${searchIndexFile}$`).test(name),
    );
  expect(indexFiles(variantBuildDir)).toEqual([]);
  expect(indexFiles(buildDir)).toHaveLength(1);
});

test('renders the DocSearch button instead of the local search box', async ({
  page,
}) => {
  await open(
    page,
    `http://127.0.0.1:${variantPort}${variantBase}docs/getting-started/login`,
  );
  await expect(
    page
      .getByRole('button', {name: /search/i})
      .and(page.locator('.DocSearch-Button')),
  ).toBeVisible();
  await expect(
    page
      .getByRole('navigation', {name: 'Main'})
      .getByLabel('Search', {exact: true}),
  ).toHaveCount(0);
});
