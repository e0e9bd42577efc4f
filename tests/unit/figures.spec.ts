import path from 'node:path';
import {expect, test} from '@playwright/test';
import {figureProblems} from '../../src/plugins/content-rules/figures';
import {loadAppLabels} from '../../src/model/labels';
import {loadProductNumbers} from '../../src/model/product-numbers';
import {loadWorld} from '../../src/plugins/openapi-reference/world';

/**
 * The build's check of the figures of the app's screens
 * (src/plugins/content-rules/figures.ts), on figures as AppFigure draws
 * them: a right one passes, and each kind of mistake planted in it is one
 * message naming the figure's component and page.
 */

const siteDir = path.join(__dirname, '..', '..');
const sources = {
  world: loadWorld(siteDir),
  labels: loadAppLabels(siteDir),
  numbers: loadProductNumbers(siteDir),
};
const page = '/help/docs/resources/resource-order';

/** An order's screen as AppFigure draws it, with `parts` swapped in. */
function figure(parts: Partial<Record<keyof typeof right, string>> = {}) {
  const {control, fact, caption, drawn} = {...right, ...parts};
  return `<article><figure data-figure="OrderFigure">
    <div><p><span>Screen: </span><span data-label="">Orders</span> → Order <span data-world="ord_5Yc1Hd6.number">10482</span></p>
    <ul aria-label="Tabs"><li><span data-label="">Items</span><span> (open)</span></li></ul>
    <div><span aria-hidden="true">1</span>${control}
      <p>Status ${fact} · ${drawn}</p>
      <p><span data-literal="the steps of the form">Step 2 of 3</span></p>
    </div></div>
    <figcaption><p>${caption}</p><ol><li><strong>Create dispatch</strong> opens the form.</li></ol></figcaption>
  </figure></article>`;
}

const right = {
  control: '<span><span data-label="">Create dispatch</span></span>',
  fact: '<span data-world="ord_5Yc1Hd6.status">completed</span>',
  caption:
    'Order <span data-world="ord_5Yc1Hd6.number">10482</span>, placed at <span data-world="ord_5Yc1Hd6.placed_at" data-world-format="time" data-world-zone="Europe/London">10:30</span>, once <span data-world="ord_5Yc1Hd6.status" data-world-at="2023-05-04T09:41:12Z">accepted</span>. Requests: <span data-number="rate_limit_per_minute">600 requests a minute</span>.',
  drawn: '<code><span data-world="ord_5Yc1Hd6">ord_5Yc1Hd6</span></code>',
};

test('a figure whose labels are declared and whose numbers are the world’s passes', () => {
  expect(figureProblems(figure(), page, sources)).toEqual([]);
});

const where =
  'src/components/OrderFigure/index.tsx (on /help/docs/resources/resource-order)';

const planted: [string, Parameters<typeof figure>[0], string][] = [
  [
    'an undeclared label on a control',
    {control: '<span><span data-label="">Create dispach</span></span>'},
    `${where}: the label "Create dispach" is not declared in src/data/app-labels.yaml; the nearest declared label is "Create dispatch".`,
  ],
  [
    'an undeclared bold label in the caption',
    {caption: 'Select <strong>Acept</strong>.'},
    `${where}: the bold label "Acept" is not declared in src/data/app-labels.yaml; the nearest declared label is "Accept".`,
  ],
  [
    'a world value that is not the world’s',
    {fact: '<span data-world="ord_5Yc1Hd6.status">accepted</span>'},
    `${where}: <Fact of="ord_5Yc1Hd6.status"> shows "accepted", but the sample world has "completed" at its now.`,
  ],
  [
    'a time in the wrong zone',
    {
      caption:
        '<span data-world="ord_5Yc1Hd6.placed_at" data-world-format="time">10:30</span>',
    },
    `${where}: <Fact of="ord_5Yc1Hd6.placed_at" format="time"> shows "10:30", but the sample world has "09:30" at its now.`,
  ],
  [
    'a fact the world lacks',
    {fact: '<span data-world="ord_5Yc1Hd6.colour">olive</span>'},
    `${where}: <Fact of="ord_5Yc1Hd6.colour"> names no fact of the sample world (openapi/world/world.yaml).`,
  ],
  [
    'an id of no world object',
    {drawn: '<code><span data-world="ord_0Zz0Zz0">ord_0Zz0Zz0</span></code>'},
    `${where}: <Fact of="ord_0Zz0Zz0"> names no fact of the sample world (openapi/world/world.yaml).`,
  ],
  [
    'a number typed by hand in the drawing',
    {drawn: 'Shopify locations: 3'},
    `${where}: "· Shopify locations: 3" types a number by hand.`,
  ],
  [
    'a number typed by hand in the caption',
    {caption: 'Stock is pushed every 5 minutes.'},
    `${where}: "Stock is pushed every 5 minutes." types a number by hand.`,
  ],
  [
    'a product number that is not the product’s',
    {
      caption:
        '<span data-number="rate_limit_per_minute">60 requests a minute</span>',
    },
    `${where}: <ProductNumber name="rate_limit_per_minute"> shows "60 requests a minute", but src/data/product-numbers.yaml declares "600 requests a minute".`,
  ],
  [
    'a product number written in words in the caption',
    {caption: 'Five wrong passwords lock the account for ten minutes.'},
    `${where}: "lock the account for ten minutes" contradicts the product's lockout_minutes`,
  ],
  [
    // A menu that shows a product number is checked as the number, not
    // as a label (an undeclared label would be a second message).
    'a product number in a menu that is not the product’s',
    {
      control:
        '<span><span data-label=""><span data-number="enrichment_quota_share_percent">75%</span></span></span>',
    },
    `${where}: <ProductNumber name="enrichment_quota_share_percent"> shows "75%", but src/data/product-numbers.yaml declares "80%".`,
  ],
  [
    'a literal without a reason',
    {drawn: '<span data-literal=" ">2</span>'},
    `${where}: a <Literal> without a reason`,
  ],
];

for (const [name, parts, message] of planted) {
  test(`${name} is one message naming the figure`, () => {
    const problems = figureProblems(figure(parts), page, sources);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(message);
  });
}
