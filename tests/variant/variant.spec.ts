import {execFileSync} from 'node:child_process';
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import type {Request} from '@playwright/test';
import {expect, open, test} from '../support/fixtures';
import {
  readDeploymentFacts,
  searchIndexFile,
} from '../../src/model/deployment-facts.mjs';
import {checkBuild} from '../../deploy/lib/build.mjs';
import {startNginx} from '../../scripts/lib/nginx-site';
import {allOperations} from '../../src/model/operations';
import {loadRelease} from '../../src/plugins/openapi-reference/release-spec';
import {
  apiReleases,
  releaseDocsPath,
  releaseHeader,
} from '../../src/plugins/openapi-reference/releases';
import {sampleRequest} from '../../src/plugins/openapi-reference/samples';
import {
  apiOrigin,
  apiPathPrefix,
  specFolder,
} from '../../src/plugins/openapi-reference/latest-document';
import {
  answeredBy,
  startSandbox,
  type TestSandbox,
} from '../support/sandboxServer';
import {
  buildDir,
  sandboxPort,
  variantBuildDir,
  variantPort,
} from '../support/site';

/**
 * One build made the way a deployer makes it, with the plain `npm run build`
 * and only environment variables: another base path, Algolia DocSearch and
 * another sandbox for Try it (a local test server). Everything the
 * post-build step writes must follow from that build alone; the browser
 * tests read it as the deploy publishes it, behind the shipped nginx
 * configuration and the build's own policy.
 */

const variantBase = '/shop/help/';
const variantOrigin = `http://127.0.0.1:${variantPort}`;
const sandboxOrigin = `http://127.0.0.1:${sandboxPort}`;
const algoliaHosts = [
  'https://*.algolia.net',
  'https://*.algolianet.com',
  'https://*.algolia.io',
];
// A full build takes minutes when the machine is busy.
const buildTimeoutMs = 15 * 60_000;

let site: Awaited<ReturnType<typeof startNginx>>;
let sandbox: TestSandbox;

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
      SANDBOX_API_URL: `${sandboxOrigin}${apiPathPrefix}`,
    },
  });
  // As production serves it: the shipped nginx configuration, with the
  // build's own policy, so the browser holds Try it to connect-src.
  site = await startNginx(variantPort, variantBuildDir);
  sandbox = await startSandbox(sandboxPort);
});
test.afterAll(async () => {
  site?.stop();
  await sandbox?.close();
});

const read = (file: string) =>
  readFileSync(path.join(variantBuildDir, file), 'utf8');

/** The security headers the post-build step computed, by name. */
const securityHeaders = () =>
  new Map(JSON.parse(read('_security-headers.json')) as [string, string][]);

test('the build records its base path, search backend and sandbox', () => {
  expect(readDeploymentFacts(variantBuildDir)).toMatchObject({
    baseUrl: variantBase,
    search: 'algolia',
    sandbox: sandboxOrigin,
  });
});

test('the CSP connects to the sandbox and Algolia’s hosts, and nothing else', () => {
  const csp = securityHeaders().get('Content-Security-Policy')!;
  const connectSrc = /connect-src ([^;]+)/.exec(csp)?.[1];
  expect(connectSrc).toBe(`'self' ${sandboxOrigin} ${algoliaHosts.join(' ')}`);
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
    facts: {baseUrl: variantBase, search: 'algolia', sandbox: sandboxOrigin},
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

test.describe('the policy in the browser', () => {
  // Chromium reports the request to the production API the policy refuses.
  test.use({
    allowedConsoleErrors: [new RegExp(apiOrigin.replaceAll('.', '\\.'))],
  });

  test('under its own policy a page may fetch the sandbox, and no other host', async ({
    page,
  }) => {
    await open(
      page,
      `${variantOrigin}${variantBase}docs/getting-started/login`,
    );
    const before = sandbox.requests.length;
    const answer = await page.evaluate(async (url) => {
      const response = await fetch(url, {headers: {'Hub-Version': 'any'}});
      return {status: response.status, body: await response.json()};
    }, `${sandbox.url}/ping`);
    expect(answer).toMatchObject({
      status: 200,
      body: {answered_by: answeredBy},
    });
    expect(sandbox.requests.slice(before)).toHaveLength(1);

    // The production API, where a live key works, is not open to the page:
    // the policy refuses the request before it leaves (a policy that let it
    // through would leave it to fail on the network, with no violation).
    const refused = await page.evaluate(async (url) => {
      const violation = new Promise<string>((resolve) => {
        document.addEventListener(
          'securitypolicyviolation',
          (event) => resolve(`${event.effectiveDirective} ${event.blockedURI}`),
          {once: true},
        );
        setTimeout(() => resolve('no violation'), 5_000);
      });
      const outcome = await fetch(url).then(
        () => 'fetched',
        () => 'failed',
      );
      return {outcome, violation: await violation};
    }, `${apiOrigin}${apiPathPrefix}/orders`);
    expect(refused.outcome).toBe('failed');
    expect(refused.violation).toMatch(
      new RegExp(`^connect-src ${apiOrigin.replaceAll('.', '\\.')}`),
    );
  });
});

/**
 * Try it sends to the sandbox the site was built with (SANDBOX_API_URL,
 * here the test sandbox): for each release, one operation of each method
 * the release has, from its page, with a test key the reader types. nginx
 * serves the pages with the build's own policy, so the browser holds the
 * requests to its connect-src.
 */
test.describe('Try it with the reader’s sandbox', () => {
  const siteDir = path.join(__dirname, '..', '..');

  /** The operation tried for each method: its page (the resource's slug) and id, in every release. */
  const tried: Record<string, {slug: string; operationId: string}> = {
    GET: {slug: 'price', operationId: 'listPrices'},
    POST: {slug: 'price', operationId: 'createPrice'},
    PUT: {slug: 'stock', operationId: 'setStock'},
    PATCH: {slug: 'price', operationId: 'updatePrice'},
    DELETE: {slug: 'price', operationId: 'deletePrice'},
  };

  /** A request the browser made, as text to search for a key. */
  const sentText = async (request: Request) =>
    JSON.stringify({
      url: request.url(),
      headers: await request.allHeaders().catch(() => request.headers()),
      body: request.postData(),
    });

  const sorted = (pairs: [string, string][]) =>
    [...pairs].sort(
      ([a, x], [b, y]) => a.localeCompare(b) || x.localeCompare(y),
    );

  for (const release of apiReleases) {
    test(`${release}: one operation of each method goes to the sandbox with the reader’s key, which goes nowhere else and is not stored`, async ({
      page,
    }) => {
      test.setTimeout(180_000);
      const spec = await loadRelease(path.join(siteDir, specFolder), release);
      const operations = allOperations(spec.document);
      // The table above covers every method the release has.
      expect(
        [...new Set(operations.map(({method}) => method.toUpperCase()))].sort(),
      ).toEqual(Object.keys(tried).sort());

      const sent: {origin: string; text: Promise<string>}[] = [];
      page.context().on('request', (request) =>
        sent.push({
          origin: new URL(request.url()).origin,
          text: sentText(request),
        }),
      );
      const keys: string[] = [];

      for (const [method, {slug, operationId}] of Object.entries(tried)) {
        const entry = operations.find(
          ({operation}) => operation.operationId === operationId,
        );
        expect(entry?.method.toUpperCase(), operationId).toBe(method);
        const {summary} = entry!.operation;
        await test.step(`${method}: ${summary}`, async () => {
          const sample = sampleRequest(spec.document, entry!);
          const address = new URL(sample.url);
          const key = `ih_test_variant${release.replace('-', '')}${method.toLowerCase()}`;
          keys.push(key);
          const before = sandbox.requests.length;

          await open(
            page,
            `${variantOrigin}${variantBase.replace(/\/$/, '')}${releaseDocsPath(release)}/${slug}`,
          );
          await page
            .getByRole('button', {name: `Try it: ${summary}`, exact: true})
            .click();
          const form = page.getByRole('form', {
            name: `Request: ${summary}`,
            exact: true,
          });
          await form
            .getByRole('radio', {name: 'Your sandbox', exact: true})
            .check();
          await form.getByLabel('API key', {exact: true}).fill(key);
          await form.getByRole('button', {name: 'Send', exact: true}).click();

          // The reader sees the sandbox's answer.
          const response = page
            .getByRole('region', {name: 'Response', exact: true})
            .filter({hasText: answeredBy});
          await expect(response).toBeVisible();
          await expect(response).toContainText(
            String(method === 'POST' ? 201 : 200),
          );

          // The sandbox received the request the form was filled with: the
          // key typed, the release's Hub-Version and the sample's body.
          const arrived = sandbox.requests.slice(before);
          expect(arrived).toHaveLength(1);
          const [got] = arrived;
          expect(got!.method).toBe(method);
          expect(got!.path).toBe(address.pathname);
          expect(sorted(got!.query)).toEqual(sorted([...address.searchParams]));
          expect(got!.headers.authorization).toBe(`Bearer ${key}`);
          expect(got!.headers[releaseHeader.toLowerCase()]).toBe(release);
          expect(got!.body).toEqual(sample.body ?? null);

          // Nothing keeps the key: no storage, no cookie.
          const stored = await page.evaluate(() =>
            JSON.stringify([
              Object.entries(localStorage),
              Object.entries(sessionStorage),
              document.cookie,
            ]),
          );
          expect(stored).not.toContain(key);
          expect(JSON.stringify(await page.context().cookies())).not.toContain(
            key,
          );
        });
      }

      // No request took a key anywhere but to the sandbox, and the sandbox
      // got each key once, with its own request.
      const requests = await Promise.all(
        sent.map(async ({origin, text}) => ({origin, text: await text})),
      );
      for (const key of keys) {
        const carrying = requests.filter(({text}) => text.includes(key));
        expect(carrying.map(({origin}) => origin)).toEqual([sandboxOrigin]);
      }
      expect(
        sandbox.preflights.filter(({headers}) =>
          keys.some((key) => JSON.stringify(headers).includes(key)),
        ),
      ).toEqual([]);
    });
  }
});
