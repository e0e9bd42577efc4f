import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {apiCataloguePages, apiPages} from '../routes';
import {spec} from '../support/openapi';
import {allOperations} from '../../src/plugins/openapi-reference/spec';

/**
 * Checks the built HTML (npm test builds before it runs): every operation
 * and schema of the spec is on exactly one page, and each page holds exactly
 * its tag's operations.
 */

const buildDir = path.join(__dirname, '..', '..', 'build');

function builtPage(route: string): string {
  const file = path.join(
    buildDir,
    route.replace(/^\/help\//, ''),
    'index.html',
  );
  expect(existsSync(file), `${file} is built`).toBe(true);
  return readFileSync(file, 'utf8');
}

const attributeValues = (html: string, name: string) =>
  // The minified HTML drops the quotes around simple attribute values.
  [...html.matchAll(new RegExp(`${name}="?([^"\\s>]+)`, 'g'))].map(
    (match) => match[1]!,
  );

/** The link texts of the page's table of contents, as the server renders it. */
function tocEntries(html: string): string[] {
  const start = html.indexOf('theme-doc-toc-desktop');
  expect(start, 'a table of contents').toBeGreaterThan(-1);
  // The list holds no div: the first closing div ends it.
  const list = html.slice(start, html.indexOf('</div>', start));
  return [
    ...list.matchAll(/class="?table-of-contents__link[^>]*>(.*?)<\/a>/g),
  ].map((match) => match[1]!.replace(/<[^>]+>/g, ''));
}

// The catalogue pages (error codes, webhook events) belong to no tag.
const pages = [
  ...apiPages,
  ...apiCataloguePages.map((page) => ({...page, tag: ''})),
].map(({path: route, tag}) => {
  const html = builtPage(route);
  return {
    route,
    tag,
    toc: tocEntries(html),
    operations: attributeValues(html, 'data-operation-id'),
    schemas: new Set(attributeValues(html, 'data-schema')),
  };
});

const operations = allOperations(spec.document);

test('each API page holds exactly its tag’s operations, once each', () => {
  for (const page of pages) {
    const expected = operations
      .filter(({operation}) => operation.tags[0] === page.tag)
      .map(({operation}) => operation.operationId);
    expect([...page.operations].sort(), page.route).toEqual(
      [...expected].sort(),
    );
  }
});

test('each tag’s page lists every one of its operations in the table of contents', () => {
  for (const page of pages.filter(({tag}) => tag && tag !== 'introduction')) {
    const summaries = operations
      .filter(({operation}) => operation.tags[0] === page.tag)
      .map(({operation}) => operation.summary);
    expect(summaries.length, `operations tagged ${page.tag}`).toBeGreaterThan(0);
    for (const summary of summaries) {
      expect(page.toc, page.route).toContain(summary);
    }
  }
});

test('every operation appears on exactly one page', () => {
  for (const {operation} of operations) {
    const holders = pages.filter((page) =>
      page.operations.includes(operation.operationId),
    );
    expect(
      holders.map((page) => page.route),
      operation.operationId,
    ).toHaveLength(1);
  }
});

test('every schema appears on exactly one page', () => {
  for (const name of Object.keys(spec.document.components.schemas)) {
    const holders = pages.filter((page) => page.schemas.has(name));
    expect(
      holders.map((page) => page.route),
      name,
    ).toHaveLength(1);
  }
});
