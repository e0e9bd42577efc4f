// A page's `toc` export lists only the headings its table of contents shows.
import {evaluate} from '@mdx-js/mdx';
import {expect, test} from '@playwright/test';
import * as runtime from 'react/jsx-runtime';
import type {TOCItem} from '@docusaurus/mdx-loader';
import headings from '@docusaurus/mdx-loader/lib/remark/headings';
import toc from '@docusaurus/mdx-loader/lib/remark/toc';
import remarkTocLevels from '../../src/plugins/toc-levels';

/** Compiles a page with Docusaurus' heading and toc plugins, then this one, as the site does. */
async function tocOf(
  source: string,
  frontMatter: Record<string, unknown> = {},
): Promise<Pick<TOCItem, 'value' | 'level'>[]> {
  const page = await evaluate(
    {value: source, path: 'docs/example.mdx', data: {frontMatter}},
    {
      ...runtime,
      remarkPlugins: [
        [headings, {anchorsMaintainCase: false}],
        toc,
        remarkTocLevels(3),
      ],
    },
  );
  return (page.toc as TOCItem[]).map(({value, level}) => ({value, level}));
}

const page = [
  '## Create an order',
  '### POST /orders',
  '#### Parameters',
  '##### Deeper',
  '## List orders',
  '#### Example request',
].join('\n\n');

test('the h4s and deeper, which the table of contents never shows, are left out', async () => {
  expect(await tocOf(page)).toEqual([
    {value: 'Create an order', level: 2},
    {value: 'POST /orders', level: 3},
    {value: 'List orders', level: 2},
  ]);
});

test("a page's own toc_max_heading_level keeps the levels it shows", async () => {
  expect(
    (await tocOf(page, {toc_max_heading_level: 4})).map(({level}) => level),
  ).toEqual([2, 3, 4, 2, 4]);
});

test('a page whose headings are all deeper keeps them (its layout has a table of contents column)', async () => {
  expect(await tocOf('#### Only\n\n##### Deeper')).toEqual([
    {value: 'Only', level: 4},
    {value: 'Deeper', level: 5},
  ]);
});
