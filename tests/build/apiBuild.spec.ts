import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {apiCataloguePages, apiPages} from '../routes';
import {elementsOf, type HtmlElement} from '../support/html';
import {spec} from '../support/openapi';
import {basePath} from '../support/site';
import {allOperations} from '../../src/model/operations';

/**
 * Checks the built HTML (npm test builds before it runs): every operation
 * and schema of the spec is on exactly one page, and each page holds exactly
 * its tag's operations.
 */

const buildDir = path.join(__dirname, '..', '..', 'build');

function builtPage(route: string): string {
  const file = path.join(
    buildDir,
    route.slice(basePath.length),
    'index.html',
  );
  expect(existsSync(file), `${file} is built`).toBe(true);
  return readFileSync(file, 'utf8');
}

const attributeValues = (elements: HtmlElement[], name: string) =>
  elements.flatMap((element) => element.attribute(name) ?? []);

/** The link texts of the page's table of contents, as the server renders it. */
function tocEntries(elements: HtmlElement[]): string[] {
  const toc = elements.find((element) =>
    element.hasClass('theme-doc-toc-desktop'),
  );
  expect(toc, 'a table of contents').toBeDefined();
  return toc!
    .descendants()
    .filter((element) => element.hasClass('table-of-contents__link'))
    .map((element) => element.text());
}

// The catalogue pages (error codes, webhook events) belong to no tag.
const pages = [
  ...apiPages,
  ...apiCataloguePages.map((page) => ({...page, tag: ''})),
].map(({path: route, tag}) => {
  const elements = elementsOf(builtPage(route));
  return {
    route,
    tag,
    toc: tocEntries(elements),
    operations: attributeValues(elements, 'data-operation-id'),
    schemas: new Set(attributeValues(elements, 'data-schema')),
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
