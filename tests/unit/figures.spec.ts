import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {figureProblems} from '../../src/plugins/content-rules/figures';
import {countedLiteralProblems} from '../../src/plugins/content-rules/figure-literals';
import {loadAppLabels} from '../../src/model/labels';
import {loadProductNumbers} from '../../src/model/product-numbers';
import {loadWorld, worldFact} from '../../src/plugins/openapi-reference/world';
import {spec} from '../support/openapi';

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
  spec,
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
  control:
    '<span><span data-label="" data-control="">Create dispatch</span></span>',
  fact: '<span data-world="ord_5Yc1Hd6.status" data-world-at="2023-05-04T09:41:12Z">accepted</span>',
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
    'a button the drawn states do not offer',
    {
      control: '<span><span data-label="" data-control="">Accept</span></span>',
    },
    `${where}: the control "Accept" acts on a Order only in "pending" (its x-lifecycle), but the figure draws it beside ord_5Yc1Hd6 is "accepted" at 2023-05-04T09:41:12Z.`,
  ],
  [
    'an undeclared bold label in the caption',
    {caption: 'Select <strong>Acept</strong>.'},
    `${where}: the bold label "Acept" is not declared in src/data/app-labels.yaml; the nearest declared label is "Accept".`,
  ],
  [
    'a fact drawn at now beside one of an earlier moment when it differed',
    {drawn: '<span data-world="ord_5Yc1Hd6.status">completed</span>'},
    `${where}: <Fact of="ord_5Yc1Hd6.status"> is read at now ("completed"), but the drawing also shows 2023-05-04T09:41:12Z, when it was "accepted" (openapi/world/world.yaml).`,
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
    // The order's line is drawn, so its quantity, at any moment, is a
    // <Fact>, however small.
    'a literal holding a value the world holds for a drawn object',
    {
      drawn:
        '<code><span data-world="oit_8Gm4Rt2">oit_8Gm4Rt2</span></code> × <span data-literal="the units the customer ordered">1</span>',
    },
    `${where}: <Literal why="the units the customer ordered"> shows "1", which the sample world holds as oit_8Gm4Rt2.quantity, oit_8Gm4Rt2.quantity_dispatched`,
  ],
  [
    'a literal holding a drawn object’s amount as the figure shows money',
    {
      drawn:
        '<code><span data-world="oit_8Gm4Rt2">oit_8Gm4Rt2</span></code> at <span data-literal="the price on the packing slip">£149.00</span>',
    },
    'Draw it with <Fact of="oit_8Gm4Rt2.unit_price.amount" format="money">',
  ],
  [
    // Three digits or more, not a year: any object's value, drawn or not.
    'a literal holding a value of an object the figure does not draw',
    {drawn: '<span data-literal="a made-up amount">6,950</span>'},
    `${where}: <Literal why="a made-up amount"> shows "6,950", which the sample world holds as prc_8Mv3Qa2.amount`,
  ],
  [
    // The order is drawn, and it was pending when it arrived: a chip typed
    // `pending` is a moment of it, checked only when drawn as one.
    'a state of a drawn object typed by hand',
    {drawn: '<span>pending</span>'},
    `${where}: "pending" is typed by hand, but it is the sample world's ord_5Yc1Hd6.status at 2023-05-04T09:30:04Z. Draw it with <Fact of="ord_5Yc1Hd6.status" at="2023-05-04T09:30:04Z">, at the moment the figure shows`,
  ],
  [
    'a state typed by hand in the caption',
    {
      caption:
        'Order <span data-world="ord_5Yc1Hd6.number">10482</span> was <code>accepted</code> at once.',
    },
    `${where}: "accepted" is typed by hand, but it is the sample world's ord_5Yc1Hd6.status at`,
  ],
  [
    'a setting typed by hand as a switch',
    {
      drawn:
        '<span data-world="usr_6Tq3Hm8.role">owner</span>, two-factor <span>On</span>',
    },
    `${where}: "On" is typed by hand, but it is the sample world's usr_6Tq3Hm8.two_factor_enabled`,
  ],
  [
    'a literal without a reason',
    {drawn: '<span data-literal=" ">2</span>'},
    `${where}: a <Literal> without a reason`,
  ],
  [
    'a caption in the words of a settled rule’s old wording, across elements',
    {
      caption:
        'The Locations tab, with a warehouse chosen for <em>each</em> Shopify location.',
    },
    // The figure is read as one text, its drawing before its caption.
    `says what a settled rule replaced. A Shopify location maps to one warehouse at most`,
  ],
];

for (const [name, parts, message] of planted) {
  test(`${name} is one message naming the figure`, () => {
    const problems = figureProblems(figure(parts), page, sources);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(message);
  });
}

test('a word no drawn object holds, or states listed in a literal, passes', () => {
  // Order 10482 was pending, but never `failing`; the literal lists the
  // states any order can have, with its reason.
  const drawn =
    '<span>failing</span> <span data-literal="the states any order can have"><code>pending</code>, <code>accepted</code> or <code>dispatched</code></span>';
  expect(figureProblems(figure({drawn}), page, sources)).toEqual([]);
});

test('a literal of a year, or a small number of no drawn object, passes', () => {
  const drawn =
    '<span data-literal="the year of the form’s version">2023</span> <span data-literal="a made-up count">1</span>';
  expect(figureProblems(figure({drawn}), page, sources)).toEqual([]);
});

test('a literal of 0 beside a drawn object passes: it is a floor or an empty count', () => {
  // Order 10482's line had 0 cancelled; the 0 is the floor of available.
  const drawn =
    '<code><span data-world="oit_8Gm4Rt2">oit_8Gm4Rt2</span></code>, never below <span data-literal="available is never negative">0</span>';
  expect(figureProblems(figure({drawn}), page, sources)).toEqual([]);
});

test('a count of what the figure draws is left to its source’s rule', () => {
  const drawn =
    '<code><span data-world="oit_8Gm4Rt2">oit_8Gm4Rt2</span></code> (<span data-literal="the lines drawn below">1</span>)';
  expect(figureProblems(figure({drawn}), page, sources)).toEqual([]);
});

/** A component that draws a list and counts it, with `count` as the Literal's children. */
const counting = (count: string, why = '"the listings drawn below"') =>
  `const listings = ['Jacket', 'Gift card'];
export default function PlantFigure() {
  return <p><Literal why=${why}>${count}</Literal> listings
    {listings.map((name, index) => <span key={name}><Literal why="the listing's place among those drawn">{index + 1}</Literal> {name}</span>)}</p>;
}
`;
const plantFile = 'src/components/PlantFigure/index.tsx';

test('a count computed from the drawn list passes', () => {
  expect(
    countedLiteralProblems(plantFile, counting('{listings.length}')),
  ).toEqual([]);
});

for (const [name, count, why] of [
  ['a typed count of what the figure draws', '2', undefined],
  ['a count from a constant, not the drawn list', '{two}', undefined],
  ['a typed count whose why is a constant', '2', '{drawnListings}'],
] as const) {
  test(`${name} is one message at its line`, () => {
    const source = `const drawnListings = 'the listings drawn below';\nconst two = 2;\n${counting(count, why)}`;
    expect(countedLiteralProblems(plantFile, source)).toEqual([
      `${plantFile}:5: <Literal why="the listings drawn below"> types ${count}, but its why says it counts what the figure draws. Compute it from the list the figure draws, as {rows.length}, or, if it counts nothing drawn, say what it is.`,
    ]);
  });
}

test('every component counts what it draws from the drawn list', () => {
  const components = path.join(siteDir, 'src', 'components');
  const problems = readdirSync(components, {recursive: true, encoding: 'utf8'})
    .filter((entry) => entry.endsWith('.tsx'))
    .flatMap((entry) =>
      countedLiteralProblems(
        `src/components/${entry}`,
        readFileSync(path.join(components, entry), 'utf8'),
      ),
    );
  expect(problems).toEqual([]);
});

/** A screen of order rows, each row's status and controls given. */
const rows = (...cells: string[]) =>
  `<figure data-figure="OrderFigure"><ul aria-label="Orders">${cells
    .map((cell) => `<li>${cell}</li>`)
    .join('')}</ul></figure>`;
const orderAt = (at: string, shown: string) =>
  `<span data-world="ord_5Yc1Hd6.status" data-world-at="${at}">${shown}</span>`;
const button = (label: string) =>
  `<span><span data-label="" data-control="">${label}</span></span>`;
const placed = '2023-05-04T09:30:04Z';
const accepted = '2023-05-04T09:41:12Z';

test('a control goes with the status drawn in its own row', () => {
  expect(
    figureProblems(
      rows(
        `${orderAt(placed, 'pending')} ${button('Accept')}`,
        `${orderAt(accepted, 'accepted')} ${button('Create dispatch')}`,
      ),
      page,
      sources,
    ),
  ).toEqual([]);
  expect(
    figureProblems(
      rows(
        `${orderAt(placed, 'pending')} ${button('Create dispatch')}`,
        `${orderAt(accepted, 'accepted')} ${button('Accept')}`,
      ),
      page,
      sources,
    ),
  ).toEqual([
    `${where}: the control "Create dispatch" acts on a Order only in "accepted", "partially_dispatched" (its x-lifecycle), but the figure draws it beside ord_5Yc1Hd6 is "pending" at ${placed}. Draw the control where the state offers it, or the state that offers it; if the app offers it here, add it to that state's actions.`,
    `${where}: the control "Accept" acts on a Order only in "pending" (its x-lifecycle), but the figure draws it beside ord_5Yc1Hd6 is "accepted" at ${accepted}. Draw the control where the state offers it, or the state that offers it; if the app offers it here, add it to that state's actions.`,
  ]);
});

test('a control that creates an object is offered beside any state', () => {
  const brandStore =
    '<span data-world="bst_6Nq2Rs8.status">active</span> <span><span data-label="" data-control="">Propose brand store</span></span>';
  expect(
    figureProblems(
      `<figure data-figure="BrandStoresFigure"><p>${brandStore}</p></figure>`,
      page,
      sources,
    ),
  ).toEqual([]);
});

/** A stock screen filtered with `query`, drawing Leeds DC's record of size M. */
function stockScreen(query: string) {
  const record = 'var_3Tn8Wq1:wh_1Rk5Ds3';
  const at = '2023-05-05T10:15:00Z';
  const onHand = String(worldFact(sources.world, `${record}.on_hand`, at));
  return `<figure data-figure="StockHistoryFigure"><p><code data-query="/stock" data-query-at="${at}">${query}</code></p><ul><li><span data-world="${record}.on_hand" data-world-at="${at}">${onHand}</span></li></ul></figure>`;
}

test('a filtered grid that draws the world’s answer to its query passes', () => {
  expect(
    figureProblems(
      stockScreen('sku = "ALDF-HWJ-OLV-M" AND warehouse = "LDS"'),
      page,
      sources,
    ),
  ).toEqual([]);
});

test('a filtered grid that leaves out an object its query answers is one line', () => {
  const problems = figureProblems(
    stockScreen('sku = "ALDF-HWJ-OLV-M"'),
    page,
    sources,
  );
  expect(problems).toHaveLength(1);
  expect(problems[0]).toMatch(
    /^src\/components\/StockHistoryFigure\/index\.tsx \(on \/help\/docs\/resources\/resource-order\): <Query list="\/stock" at="2023-05-05T10:15:00Z">sku = "ALDF-HWJ-OLV-M"<\/Query> answers var_3Tn8Wq1:wh_\w+, var_3Tn8Wq1:wh_\w+ at 2023-05-05T10:15:00Z, but the figure draws var_3Tn8Wq1:wh_1Rk5Ds3 \(it leaves out var_3Tn8Wq1:wh_\w+\)\. Draw the answer, or the query that answers what is drawn\.$/,
  );
});

test('a label that came after the moment a figure draws is one line; in its caption, or in a figure of no moment, it passes', () => {
  const keysScreen = (drawn: string, caption = '') =>
    `<figure data-figure="ApiKeysFigure"><p><span data-world="api_key:erp-sync.name">ERP sync</span> ${drawn}</p><figcaption><p>${caption}</p></figcaption></figure>`;
  expect(
    figureProblems(keysScreen(button('Change release')), page, sources),
  ).toEqual([
    `src/components/ApiKeysFigure/index.tsx (on /help/docs/resources/resource-order): "Change release" came to the app on 2023-07-31 (src/data/app-labels.yaml, since), after 2023-05-04, the day this shows, so the screen drawn then shows no "Change release". Leave it out of the drawing (the caption may say when it comes), or draw a later moment.`,
  ]);
  expect(
    figureProblems(
      keysScreen(
        '',
        '<strong>Change release</strong> comes with the next API release.',
      ),
      page,
      sources,
    ),
  ).toEqual([]);
  expect(
    figureProblems(
      `<figure data-figure="ApiKeysFigure"><p>${button('Change release')}</p></figure>`,
      page,
      sources,
    ),
  ).toEqual([]);
});

test('a fact at now that held the same value at the moment drawn, or one told in the caption, passes', () => {
  const later =
    'Shopify emails the tracking once it is <span data-world="ord_5Yc1Hd6.status">completed</span>.';
  expect(
    figureProblems(
      figure({
        drawn:
          '<span data-world="ord_5Yc1Hd6.placed_at">2023-05-04T09:30:00Z</span>',
        caption: later,
      }),
      page,
      sources,
    ),
  ).toEqual([]);
});
