import {evaluate} from '@mdx-js/mdx';
import {expect, test} from '@playwright/test';
import {createElement, type ReactNode} from 'react';
import * as runtime from 'react/jsx-runtime';
import {renderToStaticMarkup} from 'react-dom/server';
import type {CodeBlockMetadata} from '@docusaurus/theme-common/internal';
import {lineHtml} from '../../src/lib/highlightedLines';
import {highlightLines} from '../../src/prism/highlight';
import remarkStaticCode from '../../src/plugins/static-code/remark';

type CodeProps = {highlighted?: string; children?: ReactNode};

/** Compiles a page as the site does, and the props its code blocks get. */
async function codeProps(source: string): Promise<CodeProps[]> {
  const props: CodeProps[] = [];
  const capture = (received: CodeProps) => {
    props.push(received);
    return null;
  };
  const {default: Page} = await evaluate(
    {value: source, path: 'docs/example.mdx'},
    {...runtime, remarkPlugins: [remarkStaticCode]},
  );
  renderToStaticMarkup(
    createElement(Page, {components: {code: capture, CodeBlock: capture}}),
  );
  return props;
}

const json = '{\n  "id": "ord_5Yc1Hd6"\n}';
const highlightedJson = [
  '{',
  '  <span class="token property">"id"</span>: <span class="token string">"ord_5Yc1Hd6"</span>',
  '}',
].join('\n');

test('a fenced block and a <CodeBlock> reach the theme highlighted, indentation and all', async () => {
  const [fenced, component] = await codeProps(
    [
      '```json title="order.json" {2}',
      json,
      '```',
      '',
      '<CodeBlock language="json">',
      // MDX takes up to two spaces off each later line of an expression, so
      // pages indent a template string's lines by two more (docs/mdx.mdx).
      `  {\`${json.replaceAll('\n', '\n  ')}\`}`,
      '</CodeBlock>',
    ].join('\n'),
  );
  expect(fenced!.highlighted).toBe(highlightedJson);
  expect(fenced!.children).toBe(`${json}\n`);
  expect(component!.highlighted).toBe(highlightedJson);
  expect(component!.children).toBe(json);
});

test('a <CodeBlock> whose code is not written in the page stops the build, saying where', async () => {
  await expect(
    codeProps(
      [
        'export const code = "{}";',
        '',
        '<CodeBlock language="json">',
        '  {code}',
        '</CodeBlock>',
      ].join('\n'),
    ),
  ).rejects.toThrow(
    /^A code block cannot be highlighted: docs\/example\.mdx:3: <CodeBlock> holds something other than its code in one template string\./,
  );
});

test('a token over several lines is closed and opened again on each line', () => {
  expect(highlightLines('/* one\n   two */ run();', 'javascript')).toEqual([
    '<span class="token comment">/* one</span>',
    '<span class="token comment">   two */</span> <span class="token function">run</span>();',
  ]);
});

test('lines a magic comment takes out are not shown, and the rest keep their HTML', () => {
  const codeInput = 'first\n// highlight-next-line\nsecond\nthird\n';
  const metadata = {
    codeInput,
    code: 'first\nsecond\nthird',
  } as CodeBlockMetadata;
  const written = ['<b>1</b>', '<i>comment</i>', '<b>2</b>', '<b>3</b>', ''];
  expect(lineHtml(metadata, written.join('\n'))).toEqual([
    '<b>1</b>',
    '<b>2</b>',
    '<b>3</b>',
  ]);
  // Code made in the browser shows as escaped text.
  expect(lineHtml({...metadata, code: 'a < b'}, undefined)).toEqual([
    'a &lt; b',
  ]);
});

test('a block with no language, or one the site has no grammar for, stops the build', async () => {
  await expect(
    codeProps(['# Keys', '', '```jsn', '{}', '```'].join('\n')),
  ).rejects.toThrow(
    'A code block names no language the site knows: docs/example.mdx:3: the language "jsn" has no grammar here.',
  );
  await expect(codeProps(['```', 'plain', '```'].join('\n'))).rejects.toThrow(
    'docs/example.mdx:1: the block names no language.',
  );
  // Plain text on purpose, and MDX, which Prism has no grammar for.
  const [text, mdx] = await codeProps(
    ['```text', 'a < b', '```', '', '```mdx', '<Limit />', '```'].join('\n'),
  );
  expect(text!.highlighted).toBe('a &lt; b');
  expect(mdx!.highlighted).toBe('&lt;Limit /&gt;');
});
