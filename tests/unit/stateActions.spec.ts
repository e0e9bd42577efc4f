import path from 'node:path';
import {expect, test} from '@playwright/test';
import {stateActionProblems} from '../../src/plugins/content-rules/state-actions';
import {loadWorld} from '../../src/plugins/openapi-reference/world';

/**
 * A sentence that offers an action beside a state of its kind that does
 * not offer it stops the build (src/plugins/content-rules/state-actions.ts,
 * a page check of the registry): one line at the page's file and line,
 * naming the states that offer it.
 */

const world = loadWorld(path.join(__dirname, '..', '..'));
const file = 'docs/example.md';
const problemsOf = (lines: string[]) =>
  stateActionProblems(
    file,
    ['---', 'title: Example', '---', '', ...lines].join('\n'),
    world.story.kinds,
  );

const planted: [string, string, string][] = [
  [
    'an action beside a final state',
    'Select **Pause** on an `ended` brand store.',
    '**Pause** acts on a BrandStore only in `active` (its x-lifecycle), but this sentence offers it beside `ended`',
  ],
  [
    'an action beside a state before the ones offering it',
    'To push the listing again, select **Sync now** on a `pending` host product.',
    '**Sync now** acts on a HostProduct only in `linked`, `error` (its x-lifecycle), but this sentence offers it beside `pending`',
  ],
];

for (const [name, sentence, message] of planted) {
  test(`${name} is one line at its line`, () => {
    expect(problemsOf(['Some words first.', sentence])).toEqual([
      expect.stringContaining(`${file}:6: ${message}`),
    ]);
  });
}

test('a state offering the action, one it leads to, one after that by itself, code and deliberate lines pass', () => {
  expect(
    problemsOf([
      'Select **Reconnect** on a `disconnected` store.',
      // Reconnect leads to connecting, and connecting to connected by itself.
      'The store returns to `connected` by itself once Shopify answers, or select **Reconnect**.',
      // Import leads to validating, then failed when the header is wrong.
      'The file is `failed` straight after **Import**.',
      // Cancel items on an order's last open units cancels the order.
      'The order becomes `cancelled` when **Cancel items** cancels its last open units.',
      '```text\nSelect **Pause** on an `ended` brand store.\n```',
      'Select **Pause** on an `ended` brand store. {/* deliberately wrong: to show the error */}',
      // Two steps, two sentences: each offers its action in its state.
      'If it is still `pending`, select **Accept**. Then select **Create dispatch**.',
    ]),
  ).toEqual([]);
});

test('two steps in one sentence read as one: the second action beside the first step’s state', () => {
  expect(
    problemsOf([
      'Open the order, select **Accept** if it is still `pending`, then **Create dispatch**.',
    ]),
  ).toEqual([
    expect.stringContaining(
      `${file}:5: **Create dispatch** acts on an Order only in \`accepted\`, \`partially_dispatched\``,
    ),
  ]);
});
