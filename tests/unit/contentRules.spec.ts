import {expect, test} from '@playwright/test';
import {
  checkPage,
  countProseWords,
} from '../../src/plugins/content-rules/rules';

const words = (count: number) =>
  Array.from({length: count}, () => 'word').join(' ');

test('counts prose outside front matter, code fences, imports and table rules', () => {
  const source = [
    '---',
    'title: A page',
    '---',
    "import Tabs from '@theme/Tabs';",
    'One two three.',
    '```json',
    '{"not": "prose"}',
    '```',
    '| Column | Value |',
    '| --- | --- |',
  ].join('\n');
  // "One two three." and the header cells; not the pipes or the rule.
  expect(countProseWords(source)).toBe(5);
});

test('accepts a complete page', () => {
  const page = {
    file: 'docs/ok.md',
    frontMatter: {title: 'Title', description: 'Description'},
    source: words(300),
    minWords: 300,
  };
  expect(checkPage(page)).toEqual([]);
});

test('names the file of each problem', () => {
  const page = {
    file: 'docs/short.md',
    frontMatter: {title: 'Title', description: ' '},
    source: `${words(120)} TODO`,
    minWords: 300,
  };
  expect(checkPage(page)).toEqual([
    'docs/short.md: front matter needs a "description"',
    'docs/short.md: 121 words of prose, under the minimum of 300',
    'docs/short.md: placeholder text "TODO"',
  ]);
});
