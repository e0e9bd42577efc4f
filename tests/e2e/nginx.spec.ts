import {readFileSync} from 'node:fs';
import type {APIResponse, Page} from '@playwright/test';
import {routes} from '../routes';
import {expect, open, test} from '../support/fixtures';
import {startNginx} from '../../scripts/lib/nginx-site';
import {nginxPort, staleTabPort} from '../support/site';
import {makeNextRelease} from '../support/nextRelease';

/**
 * The build served by a real nginx with the shipped configuration and
 * headers: status codes, headers, compression, and a strict CSP that no
 * page violates.
 */

const immutable = 'public, max-age=31536000, immutable';

let site: Awaited<ReturnType<typeof startNginx>>;

test.describe('served by nginx', () => {
  test.describe.configure({mode: 'serial'});
  test.beforeAll(async () => {
    site = await startNginx(nginxPort, 'build');
  });
  test.afterAll(() => site.stop());

  const get = (page: Page, path: string, encoding = 'identity') =>
    page.request.get(`${site.origin}${path}`, {
      headers: {'Accept-Encoding': encoding},
      maxRedirects: 0,
    });

  function expectSecurityHeaders(response: APIResponse) {
    const headers = response.headers();
    const csp = headers['content-security-policy'] ?? '';
    const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? '';
    expect(scriptSrc).toMatch(/^'self'( 'sha256-[A-Za-z0-9+/]+=*')+$/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    for (const directive of [
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
      "img-src 'self' data:",
      "connect-src 'self';",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy']).toContain('camera=()');
    expect(headers['cross-origin-resource-policy']).toBe('same-origin');
  }

  test('HTML, llms.txt, Markdown copies and the spec are revalidated; assets are immutable', async ({
    page,
  }) => {
    for (const path of [
      '/help/',
      '/help/docs/api/order',
      '/help/llms.txt',
      '/help/docs/api/order.md',
      '/help/openapi.yaml',
      '/help/openapi.json',
    ]) {
      const response = await get(page, path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()['cache-control'], path).toBe('no-cache');
      expectSecurityHeaders(response);
    }
    expect(
      (await get(page, '/help/docs/api/order.md')).headers()['content-type'],
    ).toMatch(/^text\/markdown/);
    const html = await (await get(page, '/help/')).text();
    const assets = [
      ...html.matchAll(/(?:src|href)="?(\/help\/assets\/[^" >]+)/g),
    ].map((match) => match[1]!);
    expect(assets.length).toBeGreaterThan(1);
    for (const asset of assets) {
      const response = await get(page, asset);
      expect(response.status(), asset).toBe(200);
      expect(response.headers()['cache-control'], asset).toBe(immutable);
      expectSecurityHeaders(response);
    }
  });

  test('the CSP hashes are the inline scripts of this build', async ({
    page,
  }) => {
    const csp = (await get(page, '/help/')).headers()[
      'content-security-policy'
    ]!;
    const shipped = readFileSync('build/_nginx.conf', 'utf8');
    expect(shipped).toContain(csp);
    const headersFile = readFileSync('build/_headers', 'utf8');
    expect(headersFile).toContain(`Content-Security-Policy: ${csp}`);
    // The DocSearch build opens connect-src to Algolia, and only it does.
    const docsearch = readFileSync('build-algolia/_nginx.conf', 'utf8');
    expect(docsearch).toMatch(/connect-src 'self' https:\/\/\*\.algolia\.net/);
    expect(csp).not.toContain('algolia');
  });

  test('brotli and gzip are negotiated, precompressed', async ({page}) => {
    const plain = await get(page, '/help/docs/api/order');
    for (const [encoding, expected] of [
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['br, gzip', 'br'],
      ['identity', undefined],
    ] as const) {
      const response = await get(page, '/help/docs/api/order', encoding);
      expect(response.headers()['content-encoding'], encoding).toBe(expected);
      expect(response.headers()['vary'] ?? '', encoding).toMatch(
        /Accept-Encoding/i,
      );
      expect(await response.text(), encoding).toBe(await plain.text());
    }
  });

  test('unknown paths answer 404 with the site’s not-found page', async ({
    page,
  }) => {
    for (const path of [
      '/help/no-such-page',
      '/help/docs/api/nope',
      '/help/_nginx.conf',
    ]) {
      const response = await get(page, path);
      expect(response.status(), path).toBe(404);
      expect(await response.text(), path).toContain('Page Not Found');
    }
  });

  test('/help/docs and /help/docs/ both serve the docs landing page', async ({
    page,
  }) => {
    for (const path of ['/help/docs', '/help/docs/']) {
      const response = await get(page, path);
      expect(response.status(), path).toBe(200);
      expect(await response.text(), path).toContain(
        'Integration Hub documentation',
      );
    }
  });

  test('every route answers 200 without a redirect', async ({page}) => {
    for (const {path} of routes) {
      const response = await get(page, path);
      expect(response.status(), path).toBe(200);
    }
  });

  for (const colourMode of ['light', 'dark'] as const) {
    test(`no page breaks the CSP in ${colourMode} mode, search included`, async ({
      page,
    }) => {
      test.setTimeout(300_000);
      await page.addInitScript(() => {
        const violations: string[] = [];
        Object.assign(window, {cspViolations: violations});
        document.addEventListener('securitypolicyviolation', (event) =>
          violations.push(`${event.violatedDirective} ${event.blockedURI}`),
        );
      });
      const violationsOf = () =>
        page.evaluate(
          () => (window as unknown as {cspViolations: string[]}).cspViolations,
        );
      for (const {path} of routes) {
        await open(
          page,
          `${site.origin}${path}?docusaurus-theme=${colourMode}`,
        );
        expect(await violationsOf(), path).toEqual([]);
      }
      const box = page
        .getByRole('navigation', {name: 'Main'})
        .getByLabel('Search', {exact: true});
      await box.fill('tracking_number');
      await expect(
        page.getByRole('listbox').getByRole('option').first(),
      ).toBeVisible();
      expect(await violationsOf(), 'search').toEqual([]);
    });
  }
});

test.describe('a tab opened before a deploy', () => {
  test.describe.configure({mode: 'serial'});
  let staleSite: Awaited<ReturnType<typeof startNginx>>;
  test.beforeAll(async () => {
    makeNextRelease('build', 'build-next');
    staleSite = await startNginx(staleTabPort, 'build');
  });
  test.afterAll(() => staleSite.stop());

  async function navigateAfterDeploy(page: Page, keepDays: number) {
    // No prefetching: the target page's chunks must be fetched after the
    // deploy, as they are for a reader who did not hover the link first.
    await page.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'connection', {
        get: () => ({saveData: true, effectiveType: '4g'}),
      }),
    );
    await open(page, `${staleSite.origin}/help/docs/getting-started/login`);
    // A marker that survives client-side navigation but not a reload.
    await page.evaluate(() =>
      Object.assign(window, {openedBeforeDeploy: true}),
    );
    staleSite.deploy('build-next', {keepDays});
    await page
      .getByRole('navigation', {name: 'Docs sidebar'})
      .getByRole('link', {name: 'Find your way around the app'})
      .click();
    await expect(page.getByRole('heading', {level: 1})).toHaveText(
      /find your way/i,
    );
    return page.evaluate(() => 'openedBeforeDeploy' in window);
  }

  test('navigates client-side to the new page with the old assets kept', async ({
    page,
  }) => {
    expect(await navigateAfterDeploy(page, 14)).toBe(true);
  });

  test.describe('without the old assets', () => {
    // The missing chunk (the not-found page, refused as a script) is logged
    // before the router reloads the page.
    test.use({
      // One pattern: test.use reads a second array item as its options.
      allowedConsoleErrors: [
        /Failed to load resource: .*404|Refused to execute script|ChunkLoadError|Loading chunk/,
      ],
    });

    test('the same navigation falls back to a full reload', async ({page}) => {
      staleSite.deploy('build', {keepDays: 0});
      expect(await navigateAfterDeploy(page, 0)).toBe(false);
    });
  });
});
