import {execFileSync} from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';

/** scripts/static-host.mjs: what Netlify, Cloudflare Pages and Pages publish. */

const script = path.join(__dirname, '..', '..', 'scripts', 'static-host.mjs');
let dir: string;

test.beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'ih-help-static-'));
});
test.afterEach(() => rmSync(dir, {recursive: true, force: true}));

function makeBuild(name: string, baseUrl: string, assets: string[]) {
  const build = path.join(dir, name);
  mkdirSync(path.join(build, 'assets', 'js'), {recursive: true});
  const files: Record<string, string> = {
    '_deployment.json': JSON.stringify({
      url: 'https://example.com',
      baseUrl,
      search: 'local',
      searchFolders: [''],
      sandbox: 'https://sandbox.example.com',
    }),
    '_security-headers.json': '[]',
    _headers: `${baseUrl}*\n  X-Content-Type-Options: nosniff\n`,
    'index.html': name,
    'index.html.br': 'compressed',
    '404.html': 'not found',
  };
  for (const asset of assets) {
    files[`assets/js/${asset}`] = asset;
  }
  for (const [file, content] of Object.entries(files)) {
    writeFileSync(path.join(build, file), content);
  }
  return build;
}

const publish = (build: string, ...args: string[]) =>
  execFileSync(process.execPath, [
    script,
    '--build',
    build,
    '--out',
    path.join(dir, 'out'),
    ...args,
  ]);

test('_headers sits at the root of what is published; the build’s own files do not', () => {
  publish(makeBuild('a', '/help/', ['a1.js']));
  const out = path.join(dir, 'out');
  expect(readdirSync(out).sort()).toEqual(['404.html', '_headers', 'help']);
  expect(readFileSync(path.join(out, '_headers'), 'utf8')).toMatch(
    /^\/help\/\*/,
  );
  expect(readdirSync(path.join(out, 'help')).sort()).toEqual([
    '404.html',
    'assets',
    'index.html',
  ]);
});

test('a Pages project site is laid out below its mount point', () => {
  publish(makeBuild('a', '/repo/help/', []), '--mount', '/repo/');
  expect(existsSync(path.join(dir, 'out', 'help', 'index.html'))).toBe(true);
});

test('earlier publishes’ hashed files are carried', () => {
  const store = path.join(dir, 'store');
  publish(makeBuild('a', '/help/', ['a1.js']), '--assets', store);
  publish(makeBuild('b', '/help/', ['b1.js']), '--assets', store);
  const assets = path.join(dir, 'out', 'help', 'assets', 'js');
  expect(readdirSync(assets).sort()).toEqual(['a1.js', 'b1.js']);
  for (const keepDays of ['0', 'abc']) {
    expect(() =>
      publish(
        makeBuild('c', '/help/', []),
        '--assets',
        store,
        '--keep-days',
        keepDays,
      ),
    ).toThrow();
  }
});
