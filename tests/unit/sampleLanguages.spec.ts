// The content rule that prose listing the request samples' languages lists
// the ones the reference writes (src/plugins/content-rules/sample-languages.ts):
// the real pages pass, and a short list is named at its line.
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {
  declaredLanguages,
  sampleLanguageProblems,
} from '../../src/plugins/content-rules/sample-languages';

const siteDir = path.join(__dirname, '..', '..');
const files = ['api', 'api_versioned_docs', 'docs', 'blog'].flatMap((folder) =>
  readdirSync(path.join(siteDir, folder), {recursive: true, encoding: 'utf8'})
    .filter((name) => /\.mdx?$/.test(name))
    .map((name) => path.posix.join(folder, name.split(path.sep).join('/'))),
);

test('every page names the sample languages the reference writes', () => {
  expect(files.length).toBeGreaterThan(50);
  const problems = files.flatMap((file) =>
    sampleLanguageProblems(
      file,
      readFileSync(path.join(siteDir, file), 'utf8'),
    ),
  );
  expect(problems, problems.join('\n')).toEqual([]);
  // The pages do name them.
  const naming = files.filter((file) =>
    readFileSync(path.join(siteDir, file), 'utf8').includes(declaredLanguages),
  );
  expect(naming.length).toBeGreaterThanOrEqual(2);
});

test('a page naming three of the eight languages fails', () => {
  expect(
    sampleLanguageProblems(
      'api/introduction.md',
      'one\nan example request in cURL, JavaScript and Python, an example response',
    ),
  ).toEqual([
    expect.stringMatching(
      /^api\/introduction\.md:2: "cURL, JavaScript and Python" should list/,
    ),
  ]);
});
