import {cpSync, mkdtempSync, symlinkSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

/** The checkout the tests run in. */
export const siteDir = path.join(__dirname, '..', '..');

/** What a copy leaves out: installed packages (linked instead) and outputs. */
const notCopied = new Set([
  '.git',
  '.docusaurus',
  'node_modules',
  'build',
  'build-variant',
  'build-next',
  'test-results',
  'playwright-report',
  '_site',
]);

/**
 * A copy of the site in a new temporary folder (its name starts with
 * `prefix`), with the checkout's installed packages linked, for a test to
 * edit and run Docusaurus on without touching the checkout.
 */
export function copySite(prefix: string): string {
  const copy = mkdtempSync(path.join(tmpdir(), prefix));
  cpSync(siteDir, copy, {
    recursive: true,
    filter: (source) =>
      !notCopied.has(path.relative(siteDir, source).split(path.sep)[0]!),
  });
  symlinkSync(
    path.join(siteDir, 'node_modules'),
    path.join(copy, 'node_modules'),
  );
  return copy;
}

/** What the sample world is read from (loadWorld): the world, the spec's resources and webhooks, its root (for the product numbers it points into) and the data files. */
const worldSources = [
  'openapi/world',
  'openapi/resources',
  'openapi/openapi.yaml',
  'openapi/webhooks.yaml',
  'src/data',
];

/** A new folder holding what the sample world is read from, for a test to plant a mistake in. */
export function copyWorldSources(prefix: string): string {
  const copy = mkdtempSync(path.join(tmpdir(), prefix));
  for (const source of worldSources) {
    cpSync(path.join(siteDir, source), path.join(copy, source), {
      recursive: true,
    });
  }
  return copy;
}
