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
 * plants are the kinds fresh reads found in rounds 14 to 20. So does one
 * that gives stock or prices to Shopify stores in general without saying
 * which of them it reaches, the kind rounds 31 to 35 found.
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
  [
    'what a store sees of stock',
    'Units held back from the available stock the store sees.',
    'available stock',
  ],
  [
    'the price a store shows',
    'The price this store shows for the variant.',
    'prices',
  ],
  ['a product title', 'The title this store shows.', 'product content'],
  [
    'a listing’s overrides',
    'Values this store shows instead of the brand’s.',
    'overrides',
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
    'The Shopify stores that list the variant receive the new available stock at their mapped locations at the next push.',
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

const unlimited: [string, string, string][] = [
  [
    'stock to Shopify stores',
    'Reactivating it makes it active again, and Shopify stores receive its real available stock.',
    'available stock',
  ],
  [
    'stock to every Shopify store, in the Shopify section too',
    'The Hub publishes the available stock to every Shopify store within 5 minutes.',
    'available stock',
  ],
  [
    'available as what the Hub publishes to Shopify stores',
    '**Available**: what the Hub publishes to Shopify stores, every 5 minutes.',
    'available stock',
  ],
  [
    'prices to connected Shopify stores',
    'Connected Shopify stores receive the new price at their next sync.',
    'prices',
  ],
  [
    'prices shown by Shopify stores',
    'Shopify stores show the current price until then.',
    'prices',
  ],
  [
    'stock to the stores that list it, at any location',
    'The Hub publishes 0 available for it to every Shopify store that lists it.',
    'available stock',
  ],
  [
    'stock to every mapped location, listed or not',
    'Every Shopify location mapped to a warehouse receives its _available_ stock.',
    'available stock',
  ],
  [
    'prices to linked Shopify listings',
    'Products and prices reach linked Shopify listings within 5 minutes.',
    'prices',
  ],
  [
    'a product title to Shopify stores',
    'The product title that Shopify stores show.',
    'product content',
  ],
];

for (const [name, sentence, flow] of unlimited) {
  test(`a page giving ${name} without saying which is one line at its line`, () => {
    for (const file of [
      'docs/example.md',
      'docs/shopify-connect/example.mdx',
    ]) {
      expect(page(file, ['Some words first.', sentence])).toEqual([
        // Quoted without its emphasis marks.
        expect.stringContaining(
          `${file}:6: "${sentence.replace(/[*_]/g, '').slice(0, 30)}`,
        ),
      ]);
      expect(page(file, ['Some words first.', sentence])[0]).toContain(
        `gives ${flow} to every Shopify store.`,
      );
    }
  });
}

test('the message names what the sentence leaves out', () => {
  expect(
    page('docs/example.md', [
      'The Hub publishes 0 available for it to every Shopify store that lists it.',
      'Every Shopify location mapped to a warehouse receives its available stock.',
    ]),
  ).toEqual([
    expect.stringMatching(/: name their locations mapped to its warehouse\.$/),
    expect.stringMatching(/: name the Shopify stores that list the variant\.$/),
  ]);
});

test('stock or prices given to the Shopify stores a sentence picks pass', () => {
  expect(
    page('docs/example.md', [
      'Reactivating it makes it active again, and the Shopify stores that list it receive its real available stock, at their locations mapped to its warehouse.',
      'Its stock records stay, but they publish no available stock to Shopify stores.',
      'If it is ended, the Shopify listings are archived and no longer receive stock.',
      'The title shown in the Shopify stores that list the product.',
      'Pause its brand store, one for each Shopify store that sells the brand: the Hub publishes 0 available to that store.',
      'A price change reaches the Shopify stores whose brand store uses its price list, in its currency.',
      'Its stock records stay, but no Shopify location is mapped to it, so they publish no available stock.',
      '| Brand store | Brand and store | Fulfilment, price list, stock buffer, auto-publish |',
    ]),
  ).toEqual([]);
});

test('a spec text giving stock to Shopify stores in general is one line at the text', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'platform-flows-'));
  const file = path.join(folder, 'product.yaml');
  writeFileSync(
    file,
    [
      'states:',
      '  active:',
      "    stock: 'The available stock of its variants is published to the Shopify stores among them.'",
      '    actions: []',
    ].join('\n'),
  );
  expect(specPlatformFlowProblems(readYaml(file))).toEqual([
    expect.stringMatching(
      /product\.yaml:2: stock "The available stock of its variants is published to the Shopify stores among the…" gives available stock to every Shopify store\./,
    ),
  ]);
});
