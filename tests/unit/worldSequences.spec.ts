import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {worldSequenceProblems} from '../../src/plugins/content-rules/world-sequences';
import {loadWorld} from '../../src/plugins/openapi-reference/world';

/**
 * A change a page shows is one change of the story (issue 30; a page check
 * of the registry, src/plugins/content-rules/world-sequences.ts): a step
 * that hides another stops with one line at its file and line.
 */

const siteDir = path.join(__dirname, '..', '..');
const world = loadWorld(siteDir);
const read = (page: string) => readFileSync(path.join(siteDir, page), 'utf8');

const leeds = 'var_3Tn8Wq1:wh_1Rk5Ds3';
const fact = (field: string, at: string) =>
  `<World fact="${leeds}.${field}" at="${at}" />`;

test('a change from before an earlier order to after a later one stops at its line', () => {
  // From the morning count straight to order 10482's allocation: order
  // 10481 allocated its two units in between.
  const source = [
    'Intro.',
    '',
    `Allocated went ${fact('allocated', '2023-05-04T07:00:41Z')} → ${fact('allocated', '2023-05-04T09:30:05Z')}.`,
  ].join('\n');
  expect(worldSequenceProblems('docs/example.md', source, world)).toEqual([
    `docs/example.md:3: the change shows ${leeds}.allocated from 2023-05-04T07:00:41Z (line 3) to 2023-05-04T09:30:05Z in one step, but the story of openapi/world/world.yaml changes it 2 times between them: at 2023-05-04T08:47:15Z (0 → 2), at 2023-05-04T09:30:05Z (2 → 3). Show each change as a step, or start from the last moment before it.`,
  ]);
});

test("a worked sequence's step that skips a change stops at the later step", () => {
  const page = 'docs/shopify-connect/order-stock.mdx';
  const source = read(page);
  const skipped = source
    .split('\n')
    .filter((line) => !line.includes('order 10481 is paid'))
    .join('\n');
  expect(skipped).not.toEqual(source);
  const later = skipped
    .split('\n')
    .findIndex((line) => line.includes('order 10482 is paid'));
  const problems = worldSequenceProblems(page, skipped, world);
  expect(problems).toHaveLength(2);
  expect(problems[0]).toMatch(
    new RegExp(
      `^${page}:${later + 1}: the worked sequence takes ${leeds}\\.allocated from 2023-05-04T07:00:41Z \\(line ${later}\\) to 2023-05-04T09:30:05Z in one step`,
    ),
  );
});

test('one change to now, a fact of another field, and a moment table pass', () => {
  const source = [
    // The dispatch is the one change of allocated from 09:30 to now.
    `${fact('allocated', '2023-05-04T09:30:05Z')} → <World fact="${leeds}.allocated" />`,
    // A count that changed nothing but updated_at is no step to show.
    `<World fact="${leeds}.updated_at" at="2023-05-04T14:05:00Z" /> → <World fact="${leeds}.updated_at" />`,
    '',
    '| Step | What happens |',
    '| ---- | ------------ |',
    `| 1 | ${fact('available', '2023-05-04T08:47:15Z')} available |`,
    `| 2 | ${fact('available', '2023-05-04T09:30:05Z')} available |`,
    `| 3 | <World fact="${leeds}.available" /> available |`,
  ].join('\n');
  expect(worldSequenceProblems('docs/example.md', source, world)).toEqual([]);
});

test("every page's changes and worked sequences hide no change", () => {
  const pages = ['docs', 'api', 'api_versioned_docs', 'blog'].flatMap(
    (folder) =>
      (readdirSync(path.join(siteDir, folder), {recursive: true}) as string[])
        .filter((entry) => /\.mdx?$/.test(entry))
        .map((entry) => path.join(folder, entry)),
  );
  expect(
    pages.flatMap((page) => worldSequenceProblems(page, read(page), world)),
  ).toEqual([]);
});
