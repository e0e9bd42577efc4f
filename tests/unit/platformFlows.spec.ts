import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {platformFlowProblems} from '../../src/plugins/content-rules/platform-flows';
import {specPlatformFlowProblems} from '../../src/plugins/openapi-reference/rules/platform-flows';
import {readYaml} from '../../src/model/yaml';

/**
 * A sentence that gives a Shopify store's stock, prices or paid orders to
 * any store stops the build (src/model/platform-flows.ts, a page check and
 * a release check of the registries): one line at its file and line. The
 * plants are the kinds fresh reads found in rounds 14 to 20.
 */

const page = (file: string, lines: string[]) =>
  platformFlowProblems(
    file,
    ['---', 'title: Example', '---', '', ...lines].join('\n'),
  );

const planted: [string, string, string][] = [
  [
    'stock',
    'A completed batch changes on hand, and stores receive the new available stock.',
    'available stock',
  ],
  ['prices', 'Each store takes the price in its own currency.', 'prices'],
  [
    'paid orders',
    'Paid orders are pulled from a connected store every few minutes.',
    'paid orders',
  ],
  [
    'orders from every store',
    'The Orders screen lists orders from every store.',
    'paid orders',
  ],
  [
    'dispatches',
    'The Hub sends the dispatch to the shop as a fulfilment with tracking.',
    'dispatches',
  ],
  [
    'a note on the order',
    'Cancelling units tells the store, which refunds the customer.',
    'dispatches',
  ],
  [
    'publishing',
    'Retailers publish the products to their stores.',
    'publishing',
  ],
];

for (const [name, sentence, flow] of planted) {
  test(`a page giving ${name} to any store is one line at its line`, () => {
    expect(page('docs/example.md', ['Some words first.', sentence])).toEqual([
      expect.stringMatching(
        new RegExp(`^docs/example\\.md:6: ".+" gives ${flow} to any store\\.`),
      ),
    ]);
  });
}

test('sentences naming the platform, code, the Shopify section and deliberate lines pass', () => {
  const lines = [
    'Shopify stores receive the new available stock at the next push.',
    'BigCommerce and Visualsoft listings keep the prices the retailer sets there.',
    'The Hub pulls paid orders from a store’s Shopify connector.',
    'Fix the cause in the shop, such as a fulfilment someone made there.',
    '```bash',
    '# stores receive the new available stock',
    '```',
    'Stores receive the new stock. {/* deliberately wrong: the mistake this page explains */}',
  ];
  expect(page('docs/example.md', lines)).toEqual([]);
  expect(
    page('docs/shopify-connect/example.mdx', [
      'The store receives the new available stock.',
    ]),
  ).toEqual([]);
});

test("a state table's stock or orders column speaks of the store unnamed", () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'platform-flows-'));
  const file = path.join(folder, 'brandstore.yaml');
  writeFileSync(
    file,
    [
      'states:',
      '  active:',
      "    meaning: 'The store sells the brand.'",
      "    stock: 'The available stock is published, with the buffer held back.'",
      "    orders: 'Paid Shopify orders are pulled and routed.'",
      '    actions: []',
      'description: |',
      '  The available stock is published every 5 minutes. The Hub sends the dispatch to the shop as a',
      '  fulfilment.',
    ].join('\n'),
  );
  expect(specPlatformFlowProblems(readYaml(file))).toEqual([
    expect.stringMatching(
      /brandstore\.yaml:2: stock "The available stock is published, with the buffer held back\." gives available stock to any store\./,
    ),
    // A description's line breaks are spaces.
    expect.stringMatching(
      /brandstore\.yaml:1: description "The Hub sends the dispatch to the shop as a fulfilment\." gives dispatches to any store\./,
    ),
  ]);
});
