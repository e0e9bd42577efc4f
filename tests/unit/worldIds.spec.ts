import path from 'node:path';
import {expect, test} from '@playwright/test';
import {worldIdProblems} from '../../src/plugins/content-rules/world-ids';
import {loadWorld} from '../../src/plugins/openapi-reference/world';

/**
 * An ID a page types that no object of the sample world has stops the
 * build (src/plugins/content-rules/world-ids.ts, a page check of the
 * registry): one line at its file and line.
 */

const world = loadWorld(path.join(__dirname, '..', '..'));
const file = 'docs/example.md';
const problemsOf = (lines: string[]) =>
  worldIdProblems(
    file,
    ['---', 'title: Example', '---', '', ...lines].join('\n'),
    world,
  );

test('a made-up ID in a sentence is one line at its line', () => {
  expect(
    problemsOf([
      'Order 10482 is `ord_5Yc1Hd6`.',
      'Cancel the change `pch_9Zz9Zz9` while it is scheduled.',
    ]),
  ).toEqual([
    expect.stringMatching(
      /^docs\/example\.md:6: pch_9Zz9Zz9 is no object of the sample world/,
    ),
  ]);
});

test('a made-up ID in a sample is one line, once per line', () => {
  expect(
    problemsOf([
      '```bash',
      'curl -X POST "https://api.example.com/v1/orders/ord_1Ab2Cd3/accept" # ord_1Ab2Cd3',
      '```',
    ]),
  ).toEqual([
    expect.stringMatching(/^docs\/example\.md:6: ord_1Ab2Cd3 is no object/),
  ]);
});

test("the world's objects, its imagined ones, feed cursors and deliberate lines pass", () => {
  expect(
    problemsOf([
      'The file `fil_6Tq4Bn8` is imagined; the jacket is `prd_9Kx2Vb7`.',
      'Read the feed after `chg_01H0ZK7M9T5QV2`; the field `price_list` and `api_version` are no IDs.',
      'Try `ord_0Zz0Zz0`, which does not exist. {/* deliberately wrong: an ID no order has */}',
    ]),
  ).toEqual([]);
});
