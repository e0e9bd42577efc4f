import {mkdtempSync, readFileSync, readdirSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {spec} from '../support/openapi';
import {
  boldLabels,
  labelProblems,
  laterLabelsInPost,
  lifecycleLabelProblems,
  loadAppLabels,
} from '../../src/model/labels';
import {brokenLinks} from '../../src/plugins/content-rules/links';
import {readYaml} from '../../src/model/yaml';
import {type Lifecycle} from '../../src/model/openapi-types';
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

/** A description of the length the authors' guide asks for. */
const description =
  'Accept, dispatch or cancel an order from your stores, step by step, with an example.';

test('accepts a complete page', () => {
  const page = {
    file: 'docs/ok.md',
    frontMatter: {title: 'Title', description},
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

test('a description shorter or longer than one sentence of 80 to 160 characters is named at its line', () => {
  const page = (text: string) => ({
    file: 'docs/ok.md',
    frontMatter: {title: 'Title', description: text},
    source: `---\ntitle: Title\ndescription: ${text}\n---\n\n${words(300)}`,
    minWords: 300,
  });
  expect(checkPage(page(description))).toEqual([]);
  expect(checkPage(page('Orders.'))).toEqual([
    'docs/ok.md:3: the description has 7 characters; write one sentence of 80 to 160, as search results and link previews show it.',
  ]);
  const long = `${description} ${description}`;
  expect(checkPage(page(long))).toEqual([
    `docs/ok.md:3: the description has ${long.length} characters; write one sentence of 80 to 160, as search results and link previews show it.`,
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
    frontMatter: {title: 'Title', description},
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

test.describe('labels', () => {
  const siteDir = path.join(__dirname, '..', '..');
  const labels = loadAppLabels(siteDir);

  test('bold is a label unless it is a run-in heading, code or inside a fence', () => {
    const source = [
      '---',
      'title: T',
      '---',
      'Go to **Settings → API keys** and select **Create API key**.',
      '- **Retries**: a run-in heading, not a label.',
      '1. **Is it paid?** Another run-in heading.',
      '| **Already fulfilled** | a label in a table cell |',
      '```md',
      'Select **Anything** in a fence.',
      '```',
      'Inline code such as `**not bold**` is not prose.',
    ].join('\n');
    expect(boldLabels(source)).toEqual([
      {text: 'Settings → API keys', line: 4, column: 6},
      {text: 'Create API key', line: 4, column: 41},
      {text: 'Already fulfilled', line: 7, column: 2},
    ]);
  });

  test('an undeclared bold label names its file, line and the nearest declared label', () => {
    expect(
      labelProblems(
        'docs/resources/resource-brand.mdx',
        boldLabels('Intro\n\nSelect **Accpet**, then **Settings → API kyes**.'),
        labels.all,
      ),
    ).toEqual([
      `docs/resources/resource-brand.mdx:3: the bold label "Accpet" is not declared in src/data/app-labels.yaml; the nearest declared label is "Accept". Bold is for screen labels only: declare it under its screen (or under other: with the other system's exact spelling), or write emphasis in italics, _like this_.`,
      `docs/resources/resource-brand.mdx:3: the bold label "API kyes" is not declared in src/data/app-labels.yaml; the nearest declared label is "API keys". Bold is for screen labels only: declare it under its screen (or under other: with the other system's exact spelling), or write emphasis in italics, _like this_.`,
    ]);
  });

  test('a post that offers a label before the day it came is one line; on or after that day it passes', () => {
    const post =
      'Intro\n\nIn **Settings → API keys**, select **Change release**.';
    expect(
      laterLabelsInPost('blog/2023-06-12-hola.md', post, '2023-06-12', labels),
    ).toEqual([
      'blog/2023-06-12-hola.md:3: "Change release" came to the app on 2023-07-31 (src/data/app-labels.yaml, since), after 2023-06-12, the day this shows, so a post of that day cannot offer it. Name what the app had then, or say it is coming.',
    ]);
    expect(laterLabelsInPost('blog/x.md', post, '2023-07-31', labels)).toEqual(
      [],
    );
  });

  test("other systems' labels are declared as they spell them, and marked as theirs", () => {
    expect(labels.all.get('Fulfill online orders from this location')).toBe(
      'Shopify admin',
    );
    expect(labels.all.get('Cancel fulfillment')).toBe('Shopify admin');
    expect(labels.all.has('Fulfil online orders from this location')).toBe(
      false,
    );
    expect(labels.hub.has('Approve')).toBe(true);
    expect(labels.hub.has('Create dispatch')).toBe(true);
  });

  test('every page of the site uses declared labels only', () => {
    const files = ['docs', 'api', 'api_versioned_docs', 'blog'].flatMap(
      (folder) =>
        readdirSync(path.join(siteDir, folder), {
          recursive: true,
          encoding: 'utf8',
        })
          .filter((file) => /\.mdx?$/.test(file))
          .map((file) => `${folder}/${file.split(path.sep).join('/')}`),
    );
    expect(files.length).toBeGreaterThan(80);
    expect(
      files.flatMap((file) =>
        labelProblems(
          file,
          boldLabels(readFileSync(path.join(siteDir, file), 'utf8')),
          labels.all,
        ),
      ),
    ).toEqual([]);
  });

  test("a lifecycle's bold label and an action's label must be declared, at their line", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'labels-'));
    const file = path.join(dir, 'guide-lifecycles.yaml');
    writeFileSync(
      file,
      [
        'enrichment:',
        '  initial: [queued]',
        '  transitions:',
        '    - from: queued',
        '      to: skipped',
        '      trigger: A user cancelled the job with **Cancle**.',
        '  states:',
        '    queued:',
        "      meaning: 'Waiting.'",
        "      listings: 'Unchanged.'",
        "      stock: 'Unchanged.'",
        "      orders: 'Unchanged.'",
        '      actions:',
        '        - {label: Cancel job}',
        '',
      ].join('\n'),
    );
    const guide = readYaml<Record<string, Lifecycle>>(file);
    const relative = path.relative(process.cwd(), file);
    expect(
      lifecycleLabelProblems(
        {
          ...spec.document,
          components: {...spec.document.components, schemas: {}},
        },
        guide,
        labels,
        'openapi/openapi.yaml',
      ),
    ).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${escape(relative)}:4: the bold label "Cancle" is not declared in src/data/app-labels.yaml; the nearest declared label is "Cancel"\\.`,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          `^${escape(relative)}:14: the action's label "Cancel job" is not declared in src/data/app-labels.yaml; the nearest declared label is "Cancel"\\. An action's label is the Hub's own`,
        ),
      ),
    ]);
    // The spec's own lifecycles use declared labels only.
    expect(
      lifecycleLabelProblems(spec.document, {}, labels, 'openapi/openapi.yaml'),
    ).toEqual([]);
  });
});

const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
