import {readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {copyWorldSources} from '../support/siteCopy';
import {AuthoringError} from '../../src/model/authoringError';
import {stateAt, tellStory} from '../../src/model/world-story';
import {
  loadWorld,
  resourceKinds,
  worldPath,
  worldProblems,
} from '../../src/plugins/openapi-reference/world';
import {spec} from '../support/openapi';
import {worldMomentRuleProblems} from '../../src/plugins/openapi-reference/rules/example-rules';

/**
 * The sample world says what happened (issue 30): world.yaml's `happened`
 * is the story, and the product's rules (src/model/world-story.ts) compute
 * every object's state from it. A story that breaks a rule, planted in a
 * copy, stops the load with one line at the step's line; a declared moment
 * the story does not make stops it at the moment's line.
 */

const siteDir = path.join(__dirname, '..', '..');
const worldFile = path.join(siteDir, worldPath);
let copy: string;

test.beforeEach(() => {
  copy = copyWorldSources('world-story-');
});
test.afterEach(() => rmSync(copy, {recursive: true, force: true}));

/** The copy's world.yaml as it is now. */
const copied = () => readFileSync(path.join(copy, worldPath), 'utf8');

/** The line of the story step that holds the text at `index` (its `- {`). */
const stepLineAt = (text: string, index: number) =>
  text.slice(0, text.lastIndexOf('\n  - {', index) + 1).split('\n').length;

/** The line of the (first) story step at a time. */
const stepLine = (time: string) => {
  const text = copied();
  const index = text.search(new RegExp(`[\\s{]at: '${time}'`));
  expect(index, `a step at ${time}`).toBeGreaterThanOrEqual(0);
  return stepLineAt(text, index);
};

/** Replaces `from` (once) in the copy's world; the line of the story step that holds it. */
function plant(from: string, to: string): number {
  const target = path.join(copy, worldPath);
  const text = readFileSync(target, 'utf8');
  const at = text.indexOf(from);
  expect(at, `"${from}" in the world`).toBeGreaterThanOrEqual(0);
  expect(text.indexOf(from, at + 1), `"${from}" once`).toBe(-1);
  writeFileSync(target, text.replace(from, to));
  return stepLineAt(text, at);
}

/** A new step, one line, inserted before the (first) step at `before`; its line. */
function insertStep(before: string, step: string): number {
  const line = stepLine(before);
  const lines = copied().split('\n');
  lines.splice(line - 1, 0, `  - ${step}`);
  writeFileSync(path.join(copy, worldPath), lines.join('\n'));
  return line;
}

function problems(): string[] {
  try {
    loadWorld(copy);
  } catch (error) {
    if (error instanceof AuthoringError) {
      return [...error.problems];
    }
    throw error;
  }
  return [];
}

/** Where the copy's world.yaml is, as messages name it. */
const copyFile = () => path.relative(process.cwd(), path.join(copy, worldPath));

const at = (line: number) => `${copyFile()}:${line}: `;

test("the site's story breaks no rule and makes every declared moment", () => {
  expect(problems()).toEqual([]);
});

test('the story computes the stock, buffers and updated_at the pages show', () => {
  const world = loadWorld(siteDir);
  const story = tellStory(world, resourceKinds(siteDir), worldFile);
  expect(story.problems).toEqual([]);
  // Leeds DC at now: the batch's 24, order 10482's unit allocated and
  // dispatched, Priya Shah's count, and the transfer in transit to it.
  expect(stateAt(story, 'var_3Tn8Wq1:wh_1Rk5Ds3', world.now)?.state).toEqual({
    on_hand: 23,
    allocated: 2,
    buffer: 2,
    available: 19,
    incoming: 12,
    sendable: 21,
    updated_at: '2023-05-04T14:12:08Z',
  });
  // The shop floor's line takes the buffer of Northwind Shopify's brand
  // store, the highest of the stores its warehouse serves, and follows its
  // rise to 3 on 8 May.
  expect(
    stateAt(story, 'var_3Tn8Wq1:wh_6Jp2Mc8', world.now)?.state.buffer,
  ).toBe(2);
  expect(
    stateAt(story, 'var_3Tn8Wq1:wh_6Jp2Mc8', '2023-05-08T12:00:00Z')?.state
      .buffer,
  ).toBe(3);
  // Leeds DC's buffer, set by hand to 5 on 5 May, keeps its figure.
  expect(
    stateAt(story, 'var_3Tn8Wq1:wh_1Rk5Ds3', '2023-05-08T12:00:00Z')?.state
      .buffer,
  ).toBe(5);
  // Priya Shah's sign-in at 08:55:12 sets last_login_at and is no change:
  // her updated_at stays at her last change.
  expect(stateAt(story, 'usr_2Bv8Nx4', world.now)?.state).toMatchObject({
    last_login_at: '2023-05-04T08:55:12Z',
    updated_at: '2023-04-12T09:44:09Z',
  });
  // Every declared moment is one the story makes (the conversion lost
  // nothing): each earlier moment's updated_at is a moment of the story.
  for (const [key, object] of Object.entries(world.objects)) {
    const times = (story.moments.get(key) ?? []).map((moment) => moment.at);
    for (const moment of object.earlier ?? []) {
      expect(times, key).toContain(moment.updated_at);
    }
  }
});

test('an order without an active or paused brand store at its store is one line at its step', () => {
  plant(
    "store_id: str_4Hs8Vc2\n      brand_id: brd_4Fz9Lm2\n      placed_at: '2023-05-06T13:48:00Z'",
    "store_id: str_2Wd6Pk4\n      brand_id: brd_4Fz9Lm2\n      placed_at: '2023-05-06T13:48:00Z'",
  );
  const line = stepLine('2023-05-06T13:48:02Z');
  expect(problems()).toEqual([
    `${at(line)}ord_3Hv6Pq9 at 2023-05-06T13:48:02Z sells Alder & Finch (brd_4Fz9Lm2) at Northwind BigCommerce (str_2Wd6Pk4), which has no active or paused brand store for it then (bst_3Pk7Wd5 is not yet created). An order or sale line needs one: approve a brand store before it, or move the order.`,
  ]);
});

test('a Shopify order line of a variant not linked at the store then is one line at its step', () => {
  // The jacket's size M listed on Northwind BigCommerce instead: Northwind
  // Shopify's orders of it have no linked host variant.
  plant(
    'host_product_id: hpr_7Se2Vn4\n      store_id: str_7Qm3Xa9\n      sku: ALDF-HWJ-OLV-M',
    'host_product_id: hpr_7Se2Vn4\n      store_id: str_2Wd6Pk4\n      sku: ALDF-HWJ-OLV-M',
  );
  expect(problems()).toEqual(
    [
      ['oit_7Lp3Wd8', '2023-05-03T16:12:51Z'],
      ['oit_3Vw9Pn4', '2023-05-04T08:47:14Z'],
      ['oit_8Gm4Rt2', '2023-05-04T09:30:04Z'],
    ].map(
      ([line, time]) =>
        `${at(stepLineAt(copied(), copied().indexOf(`object: ${line},`)))}${line} at ${time} orders var_3Tn8Wq1 from str_7Qm3Xa9, where it is not linked then (no host variant). A Shopify order line arrives only for a linked variant: link it before, or move the order.`,
    ),
  );
});

test('a final state that changes is one line at its step', () => {
  const line = insertStep(
    '2023-05-06T07:10:00Z',
    "{at: '2023-05-05T12:00:00Z', by: usr_2Bv8Nx4, via: cancelOrder, object: ord_5Yc1Hd6, do: cancel}",
  );
  expect(problems()).toEqual([
    `${at(line)}ord_5Yc1Hd6 is completed, a final state of Order.status, so it never changes, but it goes to cancelled at 2023-05-05T12:00:00Z. Correct the story.`,
  ]);
});

test('a transition the lifecycle forbids is one line at its step', () => {
  const line = insertStep(
    '2023-05-08T11:02:19Z',
    "{at: '2023-05-08T10:20:00Z', by: usr_5Hc3Lp9, via: pauseBrandStore, object: bst_3Pk7Wd5, do: pause}",
  );
  expect(problems()).toEqual([
    `${at(line)}bst_3Pk7Wd5 goes from pending to paused at 2023-05-08T10:20:00Z, which BrandStore.status does not allow (from pending: active, ended). Correct the story, or name the states it passed through.`,
  ]);
});

test('a stock line whose buffer does not follow its brand store is one line at its step', () => {
  const line = plant(
    'set: {on_hand: 5, allocated: 0}',
    'set: {on_hand: 5, allocated: 0, buffer: 0}',
  );
  expect(problems()).toEqual([
    `${at(line)}var_3Tn8Wq1:wh_6Jp2Mc8 has buffer 0 at 2023-05-03T16:12:51Z, but its brand's brand stores at the Shopify stores its warehouse is mapped to set 2 (the highest). A stock line's buffer follows its brand store; set it by hand in a later step to keep another figure.`,
  ]);
});

test('a store with no mapped locations holds back no buffer: the shop floor brand store’s sets none', () => {
  for (const moment of ['2023-05-05T08:42:10Z', '2023-05-05T11:16:37Z']) {
    plant(
      `updated_at: '${moment}',\n          stock_buffer: 0,`,
      `updated_at: '${moment}',\n          stock_buffer: 5,`,
    );
  }
  plant(
    'object: bst_8Dw4Tj6,\n      do: create,\n      set:\n        {stock_buffer: 0,',
    'object: bst_8Dw4Tj6,\n      do: create,\n      set:\n        {stock_buffer: 5,',
  );
  expect(problems()).toEqual([]);
});

test('available that does not add up in a step is one line at its step', () => {
  const line = plant('set: {on_hand: 23}', 'set: {on_hand: 23, available: 20}');
  expect(problems()).toEqual([
    `${at(line)}var_3Tn8Wq1:wh_1Rk5Ds3 has available 20 at 2023-05-04T14:12:08Z, but on hand 23 − allocated 2 − buffer 2 is 19. Correct the figures, or leave them to the rules.`,
  ]);
});

test('a declared moment the story does not make is one line at the moment, naming the first difference', () => {
  const moment =
    "updated_at: '2023-05-04T09:41:12Z',\n          status: accepted,";
  const text = copied();
  // The moment's flow mapping opens on the line before its updated_at.
  const line = text.slice(0, text.indexOf(moment)).split('\n').length - 1;
  const step = stepLine('2023-05-04T09:41:12Z');
  plant(moment, moment.replace('accepted', 'rejected'));
  expect(problems()).toEqual([
    `${at(line)}ord_5Yc1Hd6's moment at 2023-05-04T09:41:12Z has status "rejected", but the story makes it "accepted" (${copyFile()}:${step}). Correct the moment, or the story.`,
  ]);
});

test("a stock line's declared buffer that its store's brand store does not set is one line per moment", () => {
  // Without the shop floor among Northwind Shopify's warehouses, no brand
  // store sets the shop floor line's buffer, so the rules make it 0.
  plant(
    'mapped_warehouses: [wh_1Rk5Ds3, wh_6Jp2Mc8]',
    'mapped_warehouses: [wh_1Rk5Ds3]',
  );
  // Both sizes' shop-floor lines: M's four moments and L's three.
  const found = problems();
  expect(found).toHaveLength(7);
  for (const problem of found) {
    expect(problem).toMatch(
      /world\.yaml:\d+: var_3Tn8Wq[12]:wh_6Jp2Mc8's (now|moment at \S+) has buffer 2, but the story makes it 0 \(/,
    );
  }
});

test("an updated_at that is not the object's last change is one line at its moment", () => {
  plant(
    "updated_at: '2023-05-04T14:12:08Z'",
    "updated_at: '2023-05-04T14:05:00Z'",
  );
  const count = stepLine('2023-05-04T14:12:08Z');
  expect(problems()).toEqual([
    expect.stringMatching(
      new RegExp(
        `world\\.yaml:\\d+: var_3Tn8Wq1:wh_1Rk5Ds3's now has updated_at "2023-05-04T14:05:00Z", but the story makes it "2023-05-04T14:12:08Z" \\(${copyFile().replace(/[.]/g, '\\.')}:${count}\\)`,
      ),
    ),
  ]);
});

test('a sign-in the declared moment lacks is one line at the moment', () => {
  const signIn = plant(
    "at: '2023-05-04T08:55:12Z',\n      by: usr_2Bv8Nx4,\n      via: Sign in",
    "at: '2023-05-04T08:57:40Z',\n      by: usr_2Bv8Nx4,\n      via: Sign in",
  );
  expect(problems()).toEqual([
    expect.stringMatching(
      new RegExp(
        `world\\.yaml:\\d+: usr_2Bv8Nx4's now has last_login_at "2023-05-04T08:55:12Z", but the story makes it "2023-05-04T08:57:40Z" \\(${copyFile().replace(/[.]/g, '\\.')}:${signIn}\\)`,
      ),
    ),
  ]);
});

test('an example order or sale at a store without a brand store for its brand then is one line at the example', () => {
  const world = loadWorld(siteDir);
  // Without the shop floor's brand store (approved on 5 May), its 6 May
  // order and till sales have none.
  const withoutShopFloor = {
    ...world,
    story: {
      ...world.story,
      moments: new Map(
        [...world.story.moments].filter(([key]) => key !== 'bst_8Dw4Tj6'),
      ),
    },
  };
  expect(worldProblems(spec, world, worldFile)).toEqual([]);
  const problems = worldProblems(spec, withoutShopFloor, worldFile);
  expect(problems).toContainEqual(
    expect.stringMatching(
      /^openapi\/resources\/sale\.yaml:\d+: sal_2Cr6Nb4, created 2023-05-06T18:00:03Z, sells brd_4Fz9Lm2 at str_4Hs8Vc2, which has no active or paused brand store for it then in the sample world \(bst_8Dw4Tj6 is not yet created\)\. Date it when one is, or use a store that has one\.$/,
    ),
  );
  problems.forEach((problem) =>
    expect(problem).toMatch(
      /^openapi\/(resources\/(sale|order)|webhooks)\.yaml:\d+: (sal|ord)_\w+, created [^,]+, sells brd_4Fz9Lm2 at str_4Hs8Vc2,/,
    ),
  );
});

test('an example Shopify order line of a variant not linked then is one line at the example', () => {
  const world = loadWorld(siteDir);
  // Without size M's host variant at Northwind Shopify, order 10482's line
  // of it has none.
  const withoutSizeM = {
    ...world,
    story: {
      ...world.story,
      moments: new Map(
        [...world.story.moments].filter(([key]) => key !== 'hvr_1Uc9Bk6'),
      ),
    },
  };
  const problems = worldProblems(spec, withoutSizeM, worldFile);
  expect(problems).toContainEqual(
    expect.stringMatching(
      /^openapi\/resources\/orderItem\.yaml:\d+: oit_8Gm4Rt2, created 2023-05-04T09:30:04Z, orders var_3Tn8Wq1 from str_7Qm3Xa9, where it is not linked then in the sample world \(hvr_1Uc9Bk6 is not yet created\)\. A Shopify order line arrives only for a linked variant: date it when it is, or use a variant that is\.$/,
    ),
  );
  problems.forEach((problem) =>
    expect(problem).toMatch(
      /: oit_\w+, created [^,]+, orders var_3Tn8Wq1 from str_7Qm3Xa9, where it is not linked then/,
    ),
  );
});

test('a step by someone who could not have done it is one line at the step', () => {
  // Daniel Hughes is only invited on 4 May; he cannot count stock.
  const count = plant(
    "by: usr_2Bv8Nx4,\n      via: Stock → Edit,\n      object: 'var_3Tn8Wq1:wh_1Rk5Ds3',\n      do: count,",
    "by: usr_4Kp7Wz2,\n      via: Stock → Edit,\n      object: 'var_3Tn8Wq1:wh_1Rk5Ds3',\n      do: count,",
  );
  // Tom Reid is Alder & Finch's: Northwind's subscription is not his to make.
  const subscription = plant(
    'by: usr_2Bv8Nx4,\n      via: Settings → Webhooks,\n      object: ntf_5Mv8Qd2,\n      do: create,',
    'by: usr_5Hc3Lp9,\n      via: Settings → Webhooks,\n      object: ntf_5Mv8Qd2,\n      do: create,',
  );
  expect(problems()).toEqual([
    `${at(subscription)}the step at 2023-04-12T09:58:12Z on ntf_5Mv8Qd2: usr_5Hc3Lp9 is of com_2Lp7Rv1, but ntf_5Mv8Qd2 is com_8HhT2kQ's. Correct the step.`,
    `${at(count)}the step at 2023-05-04T14:12:08Z on var_3Tn8Wq1:wh_1Rk5Ds3: usr_4Kp7Wz2 is "invited" at 2023-05-04T14:12:08Z, and only an active user acts. Correct the step.`,
  ]);
});

test("a step's via that names no screen label, operation or process is one line at the step", () => {
  const label = plant(
    'via: Files → Upload file,\n      object: fil_5Hy8Cd3,',
    'via: Files → Upload,\n      object: fil_5Hy8Cd3,',
  );
  const operation = plant('via: retryDispatch,', 'via: redoDispatch,');
  // A screen's button, named alone, that the app does not have.
  const process = plant('via: Match to variant,', 'via: Match to variants,');
  expect(problems()).toEqual([
    `${at(process)}the step at 2023-05-02T14:20:15Z on hvr_1Uc9Bk6: its via "Match to variants" is no screen label (src/data/app-labels.yaml), process of the world (processes in world.yaml) or object of the world. Correct the step.`,
    `${at(label)}the step at 2023-05-04T13:58:02Z on fil_5Hy8Cd3: its via "Files → Upload" has "Upload", which src/data/app-labels.yaml does not declare as a screen label. Correct the step.`,
    `${at(operation)}the step at 2023-05-04T15:10:00Z on dsp_4Ka8Yr2: its via "redoDispatch" is no operation ID of the spec. Correct the step.`,
  ]);
});

test("a store's connector acting through an operation is one line at the step", () => {
  // The 6 May resync is Priya Shah's Sync now, not the connector's.
  const line = plant(
    'by: usr_2Bv8Nx4,\n      via: resyncHostProduct,',
    'by: str_7Qm3Xa9,\n      via: resyncHostProduct,',
  );
  expect(problems()).toEqual([
    `${at(line)}the step at 2023-05-06T08:25:00Z on hpr_7Se2Vn4: str_7Qm3Xa9's connector works through a process (processes in world.yaml), but its via "resyncHostProduct" is an operation, which a person or an API key uses: the step is theirs. Correct the step.`,
  ]);
});

test("a child its parent leaves behind is one line at the parent's step", () => {
  // Unlinking the jacket's listing on 12 May unlinks size M with it.
  plant(
    'via: unlinkHostProduct,\n      object: hvr_1Uc9Bk6,\n      do: unlink,',
    'via: unlinkHostProduct,\n      object: hvr_1Uc9Bk6,\n      do: edit,',
  );
  const line = stepLine('2023-05-12T15:08:44Z');
  expect(problems()).toEqual([
    `${at(line)}hpr_7Se2Vn4 is unlinked at 2023-05-12T15:08:44Z, but hvr_1Uc9Bk6 is still "linked" then: unlinking a host product unlinks its host variants. Add the step that makes hvr_1Uc9Bk6 unlinked at 2023-05-12T15:08:44Z.`,
  ]);
});

test('a user disabled once who acts again without signing in is one line at the step', () => {
  // Priya Shah, disabled on the evening of 4 May and enabled the next
  // morning, signs in at 08:40:31 before her 08:42 brand store request.
  plant(
    "at: '2023-05-05T08:40:31Z',\n      by: usr_2Bv8Nx4,\n      via: Sign in,\n      object: usr_2Bv8Nx4,\n      do: sign_in,",
    "at: '2023-05-05T08:40:31Z',\n      by: usr_2Bv8Nx4,\n      via: Sign in,\n      object: usr_2Bv8Nx4,\n      do: edit,",
  );
  const line = stepLine('2023-05-05T08:42:10Z');
  expect(problems()).toEqual([
    `${at(line)}the step at 2023-05-05T08:42:10Z on bst_8Dw4Tj6: usr_2Bv8Nx4 was disabled at 2023-05-04T18:20:03Z, which signed them out, and has not signed in since (a sign_in step). Correct the step.`,
  ]);
});

test("a price change's replaced amount that is not its price's amount then is one line at the step", () => {
  // The summer sale sets 12900 instead; the change back on 1 September
  // says it replaced 11900.
  plant(
    'new_price: {amount: 11900, currency: GBP}',
    'new_price: {amount: 12900, currency: GBP}',
  );
  expect(problems()).toEqual([
    `${at(stepLine('2023-09-01T00:00:19Z'))}pch_6Kv3Ry8 has previous_amount 11900 at 2023-09-01T00:00:19Z, but prc_8Mv3Qa1's amount then is 12900. Correct the step, or the price's story.`,
  ]);
  const world = loadWorld(siteDir);
  expect(
    world.story.moments
      .get('prc_8Mv3Qa1')
      ?.map((moment) => moment.state.amount),
  ).toEqual([14900, 7150, 14900, 11900, 14900]);
});

test('an order completed while a dispatch has not reached the shop is one line', () => {
  // Shopify refuses order 10482's dispatch instead of accepting it.
  plant(
    "object: dsp_6Vb1Qe7,\n      do: deliver,\n      set: {sent_to_store_at: '2023-05-04T14:05:09Z'},",
    'object: dsp_6Vb1Qe7,\n      do: fail,\n      set: {failure_reason: Shopify refused the fulfilment.},',
  );
  const text = copied();
  const complete = stepLineAt(
    text,
    text.indexOf('object: ord_5Yc1Hd6,\n      do: complete'),
  );
  const found = problems();
  const progress = found.filter(
    (problem) => !/but the story makes it/.test(problem),
  );
  expect(progress).toEqual([
    `${at(complete)}ord_5Yc1Hd6 is "completed" at 2023-05-04T14:05:09Z, but its lines (oit_8Gm4Rt2 dispatched) and dispatches (dsp_6Vb1Qe7 failed) make it "dispatched". An order moves as its lines are dispatched and its dispatches reach the shop.`,
  ]);
  // The rest are the dispatch's declared moments, which the story now contradicts.
  expect(found.length - progress.length).toBeGreaterThan(0);
});

test('a member who connects a store or creates a key is one line at each step', () => {
  // Priya Shah is never promoted to admin: she connects Northwind Shopify
  // and creates the ERP's key.
  plant('set: {role: admin}', 'set: {role: member}');
  const connect = stepLine('2023-04-12T10:02:15Z');
  const key = stepLine('2023-05-02T15:12:40Z');
  const roles = problems().filter(
    (problem) => !/but the story makes it/.test(problem),
  );
  expect(roles).toEqual([
    `${at(connect)}the step at 2023-04-12T10:02:15Z on str_7Qm3Xa9: usr_2Bv8Nx4 is "member" at 2023-04-12T10:02:15Z, and only an owner or admin connects a store. Correct the step.`,
    `${at(key)}the step at 2023-05-02T15:12:40Z on api_key:erp-sync: usr_2Bv8Nx4 is "member" at 2023-05-02T15:12:40Z, and only an owner or admin creates an API key. Correct the step.`,
  ]);
});

test('a key or subscription on a release that had not shipped when it was made is one line at it', () => {
  plant(
    "api_release: '2023-01'\n      created_by: usr_5Hc3Lp9",
    "api_release: '2023-07'\n      created_by: usr_5Hc3Lp9",
  );
  expect(problems()).toEqual([
    expect.stringMatching(
      /:\d+: api_key:price-fix is made on 2023-05-15 on release 2023-07, which shipped on 2023-07-31\. Give it the release that was the latest then\.$/,
    ),
  ]);
});

test('a subscription that lists an event type before the type was added is one line at the step', () => {
  const line = plant(
    'sale.created,\n              transfer.created,',
    'sale.created,\n              batch_stock.completed,\n              transfer.created,',
  );
  expect(problems()).toEqual([
    `${at(line)}ntf_5Mv8Qd2 lists batch_stock.completed at 2023-04-12T09:58:12Z, but the type was added on 2023-05-04 (x-added in openapi/webhooks.yaml). Add it in a step on or after that day.`,
  ]);
});

test('a step on a deleted object is one line at its step', () => {
  // Tom Reid deleted the mistaken size L sale price at 11:05:41.
  const line = insertStep(
    '2023-05-04T13:50:12Z',
    "{at: '2023-05-04T11:30:00Z', by: usr_5Hc3Lp9, via: updatePrice, object: prc_8Mv3Qa3, do: edit, set: {amount: 12900}}",
  );
  expect(problems()).toEqual([
    `${at(line)}prc_8Mv3Qa3 was deleted at 2023-05-04T11:05:41Z, so nothing happens to it at 2023-05-04T11:30:00Z. Correct the story.`,
  ]);
});

test("a delete at another time than the object's deleted_at, or none, is one line", () => {
  const line = plant(
    "at: '2023-05-04T11:05:41Z',\n      by: usr_5Hc3Lp9,",
    "at: '2023-05-04T11:06:00Z',\n      by: usr_5Hc3Lp9,",
  );
  expect(problems()).toEqual([
    `${at(line)}prc_8Mv3Qa3 is deleted at 2023-05-04T11:06:00Z in the story, but its deleted_at is "2023-05-04T11:05:41Z". Declare deleted_at: '2023-05-04T11:06:00Z' in its fixed values.`,
  ]);
  // An edit in its place: the price is never deleted (and changes then).
  plant('      do: delete,\n', '      do: edit,\n');
  expect(problems()).toContainEqual(
    expect.stringMatching(
      /world\.yaml:\d+: prc_8Mv3Qa3 declares deleted_at 2023-05-04T11:05:41Z, but the story never deletes it\. Add its delete step \(do: delete\)\.$/,
    ),
  );
});

test('an order whose units are all cancelled, with nothing dispatched, is cancelled: one line while it stays accepted', () => {
  // Order 10481's one line, both units cancelled at picking on 5 May.
  const line = insertStep(
    '2023-05-06T07:10:00Z',
    "{at: '2023-05-05T12:00:00Z', by: usr_2Bv8Nx4, via: cancelOrderItem, object: oit_3Vw9Pn4, do: cancel, set: {quantity_cancelled: 2}}",
  );
  expect(problems()).toEqual([
    `${at(line)}ord_7Hd2Kx5 is "accepted" at 2023-05-05T12:00:00Z, but its lines (oit_3Vw9Pn4 cancelled) and dispatches (none) make it "cancelled". An order moves as its lines are dispatched and its dispatches reach the shop.`,
  ]);
});

test("a moment of the story that breaks its schema's x-rules is one line at its step", () => {
  const world = loadWorld(siteDir);
  expect(worldMomentRuleProblems(spec.document, world, worldFile)).toEqual([]);
  // Alder & Finch at Northwind Shopify, approved with an end date already set.
  const moments = world.story.moments.get('bst_6Nq2Rs8')!;
  const approved = moments.findIndex(({step}) => step.do === 'approve');
  const broken = new Map(world.story.moments).set('bst_6Nq2Rs8', [
    ...moments.slice(0, approved),
    {
      ...moments[approved]!,
      state: {...moments[approved]!.state, ended_at: '2023-04-13T09:20:05Z'},
    },
    ...moments.slice(approved + 1),
  ]);
  expect(
    worldMomentRuleProblems(
      spec.document,
      {...world, story: {...world.story, moments: broken}},
      worldFile,
    ),
  ).toEqual([
    expect.stringMatching(
      /world\.yaml:\d+: bst_6Nq2Rs8 at 2023-04-13T09:20:05Z: ended_at is set while status is active \(BrandStore's x-rules\)\. Correct the step, or the object's fixed values\.$/,
    ),
  ]);
});
