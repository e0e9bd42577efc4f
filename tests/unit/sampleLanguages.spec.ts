// Prose that lists the request samples' languages lists the ones the
// reference writes (sampleLanguages), in the picker's order.
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {sampleLanguages} from '../../src/plugins/openapi-reference/theme/language';

const siteDir = path.join(__dirname, '..', '..');
const folders = ['api', 'api_versioned_docs', 'docs', 'blog'];

function pages(dir: string): string[] {
  return readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      return pages(file);
    }
    return /\.mdx?$/.test(entry.name) ? [file] : [];
  });
}

const labels = sampleLanguages.map(({label}) => label);
/** The list as prose writes it: "cURL, JavaScript, … and Java". */
const declared = `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
/** A list of language names that starts with cURL: "cURL, JavaScript and Python". */
const listed = /\bcURL(?:, [A-Z][\w.#+]*)*,? and [A-Z][\w.#+]*/g;

/** Every list of languages on a page that is not the declared one, as `file:line: list`. */
function languageListProblems(file: string, text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, index) =>
      [...line.matchAll(listed)]
        .filter(([found]) => found !== declared)
        .map(
          ([found]) =>
            `${path.relative(siteDir, file)}:${index + 1}: "${found}" should list the sample languages as the reference writes them: "${declared}" (src/plugins/openapi-reference/theme/language.ts).`,
        ),
    );
}

test('every page names the sample languages the reference writes', () => {
  const files = folders.flatMap((folder) => pages(path.join(siteDir, folder)));
  expect(files.length).toBeGreaterThan(50);
  const problems = files.flatMap((file) =>
    languageListProblems(file, readFileSync(file, 'utf8')),
  );
  expect(problems, problems.join('\n')).toEqual([]);
  // The pages do name them.
  const naming = files.filter((file) =>
    readFileSync(file, 'utf8').includes(declared),
  );
  expect(naming.length).toBeGreaterThanOrEqual(2);
});

test('a page naming three of the eight languages fails', () => {
  expect(
    languageListProblems(
      path.join(siteDir, 'api', 'introduction.md'),
      'one\nan example request in cURL, JavaScript and Python, an example response',
    ),
  ).toEqual([
    expect.stringMatching(
      /^api\/introduction\.md:2: "cURL, JavaScript and Python" should list/,
    ),
  ]);
});
