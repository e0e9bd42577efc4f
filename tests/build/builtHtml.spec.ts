import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {bareAmpersands} from '../support/html';

/**
 * Checks every built HTML file (npm test builds before it runs) as a parser
 * other than a browser reads it: no `&name=` with a bare `&`, which such a
 * parser takes for the start of an entity (a sample URL such as
 * `?limit=1&order=desc` must be written `&amp;order=`).
 */

const buildDir = path.join(__dirname, '..', '..', 'build');

const htmlFiles = readdirSync(buildDir, {recursive: true, encoding: 'utf8'})
  .filter((file) => file.endsWith('.html'))
  .sort();

test('the build has HTML pages to check', () => {
  expect(htmlFiles.length).toBeGreaterThan(100);
});

test('no built page writes a bare & before a name and =', () => {
  const bare = htmlFiles.flatMap((file) =>
    bareAmpersands(readFileSync(path.join(buildDir, file), 'utf8')).map(
      (around) => `${file}: …${around}…`,
    ),
  );
  expect(bare, `bare & in built HTML:\n${bare.join('\n')}`).toEqual([]);
});
