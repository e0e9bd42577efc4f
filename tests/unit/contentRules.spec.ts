import {expect, test} from '@playwright/test';
import {
  checkPage,
  countProseWords,
  minWordsFor,
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

test('merchant guides need 400 words, other docs 300', () => {
  expect(minWordsFor('docs/resources/resource-order.mdx')).toBe(400);
  expect(minWordsFor('docs/enrichment/enrich-queue.mdx')).toBe(400);
  expect(minWordsFor('docs/shopify-connect/overview.mdx')).toBe(400);
  expect(minWordsFor('docs/troubleshooting/stock-not-updating.md')).toBe(400);
  expect(minWordsFor('docs/getting-started/login.md')).toBe(300);
  expect(minWordsFor('docs/api/orders/order.mdx')).toBe(300);
  const guide = {
    file: 'docs/resources/short.mdx',
    frontMatter: {title: 'Title', description: 'Description'},
    source: words(350),
    minWords: minWordsFor('docs/resources/short.mdx'),
  };
  expect(checkPage(guide)).toEqual([
    'docs/resources/short.mdx: 350 words of prose, under the minimum of 400',
  ]);
});
