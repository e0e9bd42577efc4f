import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {apiPageNames, olderReleasePages, routes} from '../routes';
import {basePath} from '../support/site';
import {sitemapPaths} from '../support/sitemap';
import {
  apiDocsFolder,
  apiVersionedDocsFolder,
  latestRelease,
  olderReleases,
  releaseDocsPath,
} from '../../src/plugins/openapi-reference/releases';
import {loadSpec} from '../../src/plugins/openapi-reference/spec';

/**
 * The route contract (tests/routes.ts, from the site specification), the
 * build's sitemap (which the browser sweep visits) and the spec's tags
 * agree both ways.
 */

const siteDir = path.join(__dirname, '..', '..');

/**
 * Every docs folder and the address its pages are under: the guides, the
 * API section (the latest release) and each older release's snapshot.
 */
const site = basePath.replace(/\/$/, '');
const docsFolders = [
  {dir: 'docs', base: `${site}/docs`},
  {dir: apiDocsFolder, base: `${site}${releaseDocsPath(latestRelease)}`},
  ...olderReleases.map((release) => ({
    dir: path.join(apiVersionedDocsFolder, `version-${release}`),
    base: `${site}${releaseDocsPath(release)}`,
  })),
];

/** The route of every docs page, from its file name or its `slug`. */
function docsRoutes(): string[] {
  return docsFolders.flatMap(({dir, base}) => {
    const folder = path.join(siteDir, dir);
    const files = readdirSync(folder, {recursive: true, encoding: 'utf8'})
      .filter((file) => /\.mdx?$/.test(file))
      .filter((file) => !path.basename(file).startsWith('_'));
    return files.map((file) => {
      const source = readFileSync(path.join(folder, file), 'utf8');
      const frontMatter = /^---\n([\s\S]*?)\n---/.exec(source)?.[1] ?? '';
      const slug = /^slug:\s*(\S+)\s*$/m.exec(frontMatter)?.[1];
      const route =
        slug ??
        `/${file.replace(/\.mdx?$/, '').replace(/(^|\/)index$/, '$1')}`;
      return `${base}${route.startsWith('/') ? route : `/${route}`}`;
    });
  });
}

test('every docs folder has pages', () => {
  for (const {dir, base} of docsFolders) {
    expect(
      docsRoutes().filter((route) => route.startsWith(`${base}/`)).length,
      dir,
    ).toBeGreaterThan(20);
  }
});

test('every route of the contract is in the sitemap', () => {
  const sitemap = new Set(sitemapPaths());
  expect(routes.map(({path}) => path).filter((p) => !sitemap.has(p))).toEqual(
    [],
  );
});

test('every page of the sitemap is in the contract or is a docs page', () => {
  const known = new Set([
    ...routes.map(({path}) => path),
    ...docsRoutes(),
    '/help/search',
  ]);
  expect(sitemapPaths().filter((p) => !known.has(p))).toEqual([]);
});

test('every docs page is in the sitemap', () => {
  const sitemap = new Set(sitemapPaths());
  expect(docsRoutes().filter((p) => !sitemap.has(p))).toEqual([]);
});

test('every older release has each API page of the contract', () => {
  const sitemap = new Set(sitemapPaths());
  for (const release of olderReleases) {
    const pages = olderReleasePages.filter((page) => page.release === release);
    expect(pages.length).toBe(apiPageNames.length + 2);
    expect(pages.map(({path}) => path).filter((p) => !sitemap.has(p))).toEqual(
      [],
    );
  }
});

test('the API pages of the contract are the spec’s tags and the introduction', () => {
  const spec = loadSpec(path.join(siteDir, 'openapi'));
  expect([...apiPageNames].sort()).toEqual(
    ['introduction', ...spec.document.tags.map(({name}) => name)].sort(),
  );
});
