import path from 'node:path';
import {expect, test} from '@playwright/test';
import {brokenLinks} from '../../src/plugins/content-rules/links';
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

test('names the file and line of each problem, and what to do', () => {
  const page = {
    file: 'docs/short.md',
    frontMatter: {title: 'Title', description: ' '},
    source: `${words(120)} TODO`,
    minWords: 300,
  };
  expect(checkPage(page)).toEqual([
    'docs/short.md:1: the front matter has no description. Add a line "description: …" between the --- lines at the top of the page.',
    'docs/short.md:1: 121 words of prose, under the minimum of 300. Finish the page: the task, its steps, an example and the edge cases.',
    'docs/short.md:1: placeholder text "TODO". Write the text it stands for.',
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
    'docs/resources/short.mdx:1: 350 words of prose, under the minimum of 400. Finish the page: the task, its steps, an example and the edge cases.',
  ]);
});

test.describe('links', () => {
  const site = {
    routes: new Set(['/help/docs/getting-started/login', '/help/blog']),
    baseUrl: '/help/',
    staticDirs: [path.join(__dirname, '..', '..', 'static')],
  };
  const page = (source: string) => ({
    file: 'docs/getting-started/change.md',
    absoluteFile: path.join(
      __dirname,
      '..',
      '..',
      'docs',
      'getting-started',
      'change.md',
    ),
    source,
  });

  test('a link to a page, a static file or a Markdown file that exists passes', async () => {
    expect(
      await brokenLinks(
        [
          page(
            '---\ntitle: T\n---\n[Sign in](/docs/getting-started/login#roles), [logo](/img/logo.svg), [tour](./quick-tour.md), [news](/blog/), [site](https://example.com/x)',
          ),
        ],
        site,
      ),
    ).toEqual([]);
  });

  test('a link to no page names its line and the nearest page', async () => {
    expect(
      await brokenLinks(
        [
          page(
            '---\ntitle: T\n---\n\nSee [Sign in](/docs/getting-started/logn).',
          ),
        ],
        site,
      ),
    ).toEqual([
      'docs/getting-started/change.md:5: the link /docs/getting-started/logn leads to no page. Did you mean /docs/getting-started/login?',
    ]);
  });

  test('a link to a Markdown file that does not exist names its line', async () => {
    expect(
      await brokenLinks([page('Intro\n\n[tour](./quick-tuor.md)')], site),
    ).toEqual([
      "docs/getting-started/change.md:3: the link ./quick-tuor.md names a Markdown file that does not exist. Correct the file's path, relative to this page.",
    ]);
  });
});
