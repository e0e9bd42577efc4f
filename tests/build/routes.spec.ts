import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {apiPageNames, routes} from '../routes';
import {sitemapPaths} from '../support/sitemap';
import {loadSpec} from '../../src/plugins/openapi-reference/spec';

/**
 * The route contract (tests/routes.ts, from the site specification), the
 * build's sitemap (which the browser sweep visits) and the spec's tags
 * agree both ways.
 */

const siteDir = path.join(__dirname, '..', '..');
const docsDir = path.join(siteDir, 'docs');

/** The route of every docs page, from its file name or its `slug`. */
function docsRoutes(): string[] {
  const files = readdirSync(docsDir, {recursive: true, encoding: 'utf8'})
    .filter((file) => /\.mdx?$/.test(file))
    .filter((file) => !path.basename(file).startsWith('_'));
  return files.map((file) => {
    const source = readFileSync(path.join(docsDir, file), 'utf8');
    const frontMatter = /^---\n([\s\S]*?)\n---/.exec(source)?.[1] ?? '';
    const slug = /^slug:\s*(\S+)\s*$/m.exec(frontMatter)?.[1];
    const route =
      slug ??
      `/${file.replace(/\.mdx?$/, '').replace(/(^|\/)index$/, '$1')}`;
    return `/help/docs${route.startsWith('/') ? route : `/${route}`}`;
  });
}

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

test('the API pages of the contract are the spec’s tags and the introduction', () => {
  const spec = loadSpec(path.join(siteDir, 'openapi'));
  expect([...apiPageNames].sort()).toEqual(
    ['introduction', ...spec.document.tags.map(({name}) => name)].sort(),
  );
});
