import {mkdtempSync, readFileSync, readdirSync, rmSync} from 'node:fs';
import {get} from 'node:http';
import {connect} from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';
import type {APIResponse, Page} from '@playwright/test';
import {expect, notFoundResourceError, open, test} from '../support/fixtures';
import {
  selfSignedCertificate,
  shippedConfig,
  startNginx,
} from '../../scripts/lib/nginx-site';
import {
  inlineSources,
  sha256,
} from '../../scripts/lib/content-security-policy.mjs';
import {
  buildDir,
  nginxPort,
  staleTabPort,
  tlsPort,
  tlsRedirectPort,
} from '../support/site';
import {makeNextRelease} from '../support/nextRelease';
import type {Manifest} from '../../src/theme/SearchBar/shardedIndex';

/**
 * The build served by a real nginx with the shipped configuration and
 * headers: status codes, headers, compression and the strict CSP. That no
 * page violates it is checked by the sweep, which loads every page once.
 */

const immutable = 'public, max-age=31536000, immutable';

function expectSecurityHeaders(response: APIResponse) {
  const headers = response.headers();
  const csp = headers['content-security-policy'] ?? '';
  const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? '';
  expect(scriptSrc).toMatch(/^'self'( 'sha256-[A-Za-z0-9+/]+=*')+$/);
  const styleSrc = /style-src ([^;]+)/.exec(csp)?.[1] ?? '';
  expect(styleSrc).toMatch(
    /^'self' 'unsafe-hashes'( 'sha256-[A-Za-z0-9+/]+=*')+$/,
  );
  expect(csp).not.toContain('unsafe-inline');
  for (const directive of [
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "img-src 'self' data:",
    "connect-src 'self' https://sandbox.api.example.com;",
  ]) {
    expect(csp).toContain(directive);
  }
  expect(headers['strict-transport-security']).toMatch(/max-age=\d+/);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toContain('camera=()');
  expect(headers['cross-origin-resource-policy']).toBe('same-origin');
}

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

  test('every search index and its pieces are cached for good, in every release', async ({
    page,
  }) => {
    // Each index folder the build holds: the root's and each older release's.
    const folders = readdirSync(buildDir, {
      recursive: true,
      withFileTypes: true,
    })
      .filter(
        (entry) =>
          entry.isDirectory() && /^search-index-[0-9a-f]+$/.test(entry.name),
      )
      .map((entry) =>
        path.relative(buildDir, path.join(entry.parentPath, entry.name)),
      );
    expect(folders.length).toBeGreaterThan(1);
    for (const folder of folders) {
      const manifest = JSON.parse(
        readFileSync(path.join(buildDir, folder, 'manifest.json'), 'utf8'),
      ) as Manifest;
      expect(manifest.shardStarts.length, folder).toBeGreaterThan(0);
      for (const file of [
        `${folder}.json`,
        `${folder}/manifest.json`,
        `${folder}/terms-0.json`,
        `${folder}/text-0.json`,
      ]) {
        const response = await get(page, `/help/${file}`, 'br');
        expect(response.status(), file).toBe(200);
        expect(response.headers()['cache-control'], file).toBe(immutable);
      }
    }
  });

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

  test('the CSP is the one the post-build step computed for this build', async ({
    page,
  }) => {
    const csp = (await get(page, '/help/')).headers()[
      'content-security-policy'
    ]!;
    const computed = new Map(
      JSON.parse(readFileSync('build/_security-headers.json', 'utf8')) as [
        string,
        string,
      ][],
    );
    expect(csp).toBe(computed.get('Content-Security-Policy'));
    expect(readFileSync('build/_headers', 'utf8')).toContain(
      `Content-Security-Policy: ${csp}`,
    );
    // The local-search build talks to no other host than the sandbox Try
    // it sends to.
    expect(csp).toContain(
      "connect-src 'self' https://sandbox.api.example.com;",
    );
  });

  test('the nginx headers are the ones the static hosts get', async ({
    page,
  }) => {
    const headers = (await get(page, '/help/')).headers();
    const computed = JSON.parse(
      readFileSync('build/_security-headers.json', 'utf8'),
    ) as [string, string][];
    for (const [name, value] of computed) {
      expect(headers[name.toLowerCase()], name).toBe(value);
    }
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
      '/help/_headers',
      '/help/_deployment.json',
      '/help/_security-headers.json',
      '/help/index.html.br',
      '/help/index.html.gz',
      '/release.json',
      '/policies.conf',
      '/current/help/',
    ]) {
      const response = await get(page, path);
      expect(response.status(), path).toBe(404);
      expect(await response.text(), path).toContain('Page Not Found');
    }
  });

  /** A raw HTTP exchange, for requests no client library sends. */
  function rawRequest(requestLine: string) {
    const {hostname, port} = new URL(site.origin);
    return new Promise<{status: number; headers: Map<string, string[]>}>(
      (resolve, reject) => {
        const socket = connect(Number(port), hostname, () =>
          socket.write(
            `${requestLine}\r\nHost: ${hostname}\r\nConnection: close\r\n\r\n`,
          ),
        );
        let data = '';
        socket.on('data', (chunk) => (data += chunk.toString('latin1')));
        socket.on('error', reject);
        socket.on('end', () => {
          const [head = ''] = data.split('\r\n\r\n');
          const [statusLine = '', ...lines] = head.split('\r\n');
          const headers = new Map<string, string[]>();
          for (const line of lines) {
            const name = line.slice(0, line.indexOf(':')).toLowerCase();
            const value = line.slice(line.indexOf(':') + 1).trim();
            headers.set(name, [...(headers.get(name) ?? []), value]);
          }
          resolve({status: Number(statusLine.split(' ')[1]), headers});
        });
      },
    );
  }

  const securityHeaderNames = [
    'content-security-policy',
    'strict-transport-security',
    'x-content-type-options',
    'referrer-policy',
    'permissions-policy',
    'cross-origin-resource-policy',
  ];

  test('every response for the host carries each security header once', async () => {
    const longPath = `/help/${'x'.repeat(20_000)}`;
    const range = 'Range: bytes=999999999-';
    for (const [request, status] of [
      ['GET / HTTP/1.1', 301],
      ['GET /help HTTP/1.1', 301],
      ['GET /help/ HTTP/1.1', 200],
      ['GET /help/no-such-page HTTP/1.1', 404],
      ['GET /help/assets/js/no-such-chunk.js HTTP/1.1', 404],
      ['GET /robots.txt HTTP/1.1', 404],
      // Ranges are off: the whole file, never a 416.
      [`GET /help/llms.txt HTTP/1.1\r\n${range}`, 200],
      [`GET ${longPath} HTTP/1.1`, 414],
      ['GET /help/%zz HTTP/1.1', 400],
      ['BREW /help/ HTTP/1.1', 405],
      ['GET /help/ HTTP/9.9', 505],
    ] as const) {
      const response = await rawRequest(request);
      const label = request.slice(0, 60);
      expect(response.status, label).toBe(status);
      for (const name of securityHeaderNames) {
        expect(
          response.headers.get(name) ?? [],
          `${label}: ${name}`,
        ).toHaveLength(1);
      }
      if (status === 301) {
        expect(response.headers.get('location'), label).toEqual(['/help/']);
      }
    }
  });

  test('the feeds’ stylesheets have an XSL type', async ({page}) => {
    for (const path of ['/help/blog/rss.xsl', '/help/blog/atom.xsl']) {
      const response = await get(page, path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()['content-type'], path).toMatch(/^text\/xsl/);
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

  test.describe('the feeds', () => {
    // The hashes of the style attributes the feeds' stylesheets write.
    const feedStyleHashes = ['rss', 'atom'].flatMap((feed) =>
      inlineSources(
        readFileSync(path.join(buildDir, 'blog', `${feed}.xsl`), 'utf8'),
      ).styleAttributes.map((style) => sha256(style).slice(1, -1)),
    );
    const escape = (text: string) => text.replace(/[+/=]/g, '\\$&');
    test.use({
      // Chromium adds its own banner (inline styles and a click handler) to
      // a page an XSL stylesheet made, as XSLT is on its way out; only a
      // refused style of the feeds' own fails the test.
      allowedConsoleErrors: [
        new RegExp(
          `^Applying inline style violates .*a hash \\('(?!${feedStyleHashes.map(escape).join('|')})|^Executing inline event handler violates|${notFoundResourceError.source}`,
        ),
      ],
    });
    test('render under the policy in both colour modes', async ({page}) => {
      expect(feedStyleHashes.length).toBeGreaterThan(0);
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({colorScheme});
        for (const feed of ['rss', 'atom']) {
          await page.goto(`${site.origin}/help/blog/${feed}.xml`);
          await expect(page.getByRole('heading', {level: 1})).toBeVisible();
          // The icon's colours are style attributes: refused, it is black.
          await expect(page.locator('svg rect')).toHaveCSS(
            'fill',
            'rgb(247, 132, 34)',
          );
        }
      }
    });
  });
});

test.describe('with TLS on, as shipped', () => {
  test.describe.configure({mode: 'serial'});
  // The certificate is made here, for 127.0.0.1, and signed by itself.
  test.use({ignoreHTTPSErrors: true});
  let certificates: string;
  let tlsSite: Awaited<ReturnType<typeof startNginx>>;
  test.beforeAll(async () => {
    certificates = mkdtempSync(path.join(tmpdir(), 'ih-help-tls-'));
    tlsSite = await startNginx(tlsRedirectPort, buildDir, {
      port: tlsPort,
      ...selfSignedCertificate(certificates),
    });
  });
  test.afterAll(() => {
    tlsSite?.stop();
    rmSync(certificates, {recursive: true, force: true});
  });

  /** The host the shipped configuration serves (its server_name). */
  const serverName = /server_name ([^;\s]+);/.exec(
    readFileSync(shippedConfig, 'utf8'),
  )?.[1];

  /** What Mozilla's HTTP Observatory scores, none of it failing. */
  function expectObservatoryHeaders(response: APIResponse) {
    const headers = response.headers();
    // HSTS of at least six months.
    const maxAge = Number(
      /max-age=(\d+)/.exec(headers['strict-transport-security'] ?? '')?.[1],
    );
    expect(maxAge).toBeGreaterThanOrEqual(15_768_000);
    const csp = headers['content-security-policy'] ?? '';
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  }

  test('plain HTTP moves to the same address over HTTPS, with the headers', async ({
    request,
  }) => {
    for (const address of ['/', '/help/', '/help/docs/?q=1', '/nowhere']) {
      const response = await request.get(
        `http://127.0.0.1:${tlsRedirectPort}${address}`,
        {maxRedirects: 0},
      );
      expect(response.status(), address).toBe(301);
      expect(response.headers().location, address).toBe(
        `https://${serverName}${address}`,
      );
      expectObservatoryHeaders(response);
    }
  });

  test('the redirect names the configured host, whatever Host the request sends', async () => {
    for (const host of [
      'evil.example',
      '127.0.0.1',
      `${serverName}.evil.example`,
    ]) {
      const location = await new Promise<string | undefined>(
        (resolve, reject) => {
          get(
            {
              host: '127.0.0.1',
              port: tlsRedirectPort,
              path: '/help/docs/',
              headers: {Host: host},
            },
            (response) => {
              response.resume();
              resolve(response.headers.location);
            },
          ).on('error', reject);
        },
      );
      expect(location, host).toBe(`https://${serverName}/help/docs/`);
    }
  });

  test('HTTPS serves the site with every security header', async ({
    request,
  }) => {
    for (const address of ['/help/', '/help/docs/', '/help/no-such-page']) {
      const response = await request.get(`${tlsSite.origin}${address}`, {
        maxRedirects: 0,
      });
      expect(response.status(), address).toBe(
        address.includes('no-such') ? 404 : 200,
      );
      expectSecurityHeaders(response);
      expectObservatoryHeaders(response);
    }
  });
});

test.describe('a tab opened before a deploy', () => {
  test.describe.configure({mode: 'serial'});
  let staleSite: Awaited<ReturnType<typeof startNginx>>;
  test.beforeAll(async () => {
    makeNextRelease('build', 'build-next');
    staleSite = await startNginx(staleTabPort, 'build');
  });
  test.afterAll(() => staleSite.stop());

  async function navigateAfterDeploy(
    page: Page,
    deployNext: () => Promise<void>,
  ) {
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
    await deployNext();
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
    expect(
      await navigateAfterDeploy(page, () => staleSite.deploy('build-next')),
    ).toBe(true);
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
      const dayMs = 24 * 60 * 60 * 1000;
      await staleSite.deploy('build');
      // The tab stays open for longer than the assets are kept: the next
      // deploy retires the old build's assets, a later one drops them.
      const deployedLong = async () => {
        await staleSite.deploy('build-next', {now: Date.now() + dayMs});
        await staleSite.deploy('build-next', {now: Date.now() + 16 * dayMs});
      };
      expect(await navigateAfterDeploy(page, deployedLong)).toBe(false);
    });
  });
});
