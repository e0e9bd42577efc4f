import {mkdirSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import type {Root} from 'mdast';
import {spec} from '../support/openapi';
import * as figure from '../../src/components/StockHistoryFigure/data';
import apiReferenceRemarkPlugin from '../../src/plugins/openapi-reference/remark';
import type {JsonValue} from '../../src/model/openapi-types';
import {
  formatFact,
  loadWorld,
  worldFact,
  worldPath,
  worldProblems,
  type World,
} from '../../src/plugins/openapi-reference/world';

const siteDir = path.join(__dirname, '..', '..');
const world = loadWorld(siteDir);
const fallback = path.join(siteDir, 'openapi', 'openapi.yaml');

/** The world with one object's fields at now replaced. */
function worldWith(key: string, now: Record<string, JsonValue>): World {
  const changed = structuredClone(world);
  changed.objects[key] = {
    ...changed.objects[key],
    now: {...changed.objects[key]!.now, ...now},
  };
  return changed;
}

test('every example of the latest document agrees with the sample world', () => {
  const problems = worldProblems(spec, world, fallback);
  expect(problems, problems.join('\n')).toEqual([]);
});

test('a stock figure changed in the world fails every example of it, at its file and line', () => {
  const problems = worldProblems(
    spec,
    worldWith('var_3Tn8Wq1:wh_1Rk5Ds3', {on_hand: 30}),
    fallback,
  );
  expect(problems.length).toBeGreaterThan(0);
  problems.forEach((problem) =>
    expect(problem).toMatch(
      /^openapi\/resources\/stock\.yaml:\d+: var_3Tn8Wq1:wh_1Rk5Ds3 field "on_hand" is 23 in the example, but 30 at now/,
    ),
  );
});

test('an example of a change during the day that the world’s now does not show fails, at its line', () => {
  // Were the product's last change at 09:00, its 09:43:27 tag edit (the
  // product.updated event) would be a change that now (16:00) does not show.
  const problems = worldProblems(
    spec,
    worldWith('prd_9Kx2Vb7', {updated_at: '2023-05-04T09:00:00Z'}),
    fallback,
  );
  expect(problems.join('\n')).toMatch(
    /openapi\/webhooks\.yaml:\d+: prd_9Kx2Vb7 changed at 2023-05-04T09:43:27Z in the example, after its last change before now in the world \(2023-05-04T09:00:00Z, openapi\/world\/world\.yaml(:\d+)?\), so the world's now would show that change; date the example after now \(2023-05-04T16:00:00Z\)\. Correct the example/,
  );
  // An example before the object's last change is an earlier moment, not a missed change.
  expect(
    worldProblems(
      spec,
      worldWith('prd_9Kx2Vb7', {updated_at: '2023-05-04T15:59:00Z'}),
      fallback,
    ).join('\n'),
  ).not.toContain('changed at');
});

test('a timestamp changed in the world fails the examples of that moment', () => {
  const problems = worldProblems(
    spec,
    worldWith('ord_5Yc1Hd6', {updated_at: '2023-05-04T14:06:00Z'}),
    fallback,
  );
  expect(problems.join('\n')).toContain(
    'ord_5Yc1Hd6 field "updated_at" is "2023-05-04T14:05:09Z" in the example, but "2023-05-04T14:06:00Z" at now',
  );
  expect(problems.join('\n')).toMatch(/openapi\/resources\/order\.yaml:\d+/);
});

test('facts are found by path, through linked objects, and worded', () => {
  expect(worldFact(world, 'ord_5Yc1Hd6.status')).toBe('completed');
  expect(worldFact(world, 'fil_5Hy8Cd3.uploaded_by.name')).toBe('Tom Reid');
  expect(worldFact(world, 'facts.invalid_barcode')).toBe('5056789012341');
  expect(worldFact(world, 'ord_5Yc1Hd6.nothing')).toBeUndefined();
  expect(
    worldFact(world, 'var_3Tn8Wq1:wh_1Rk5Ds3.on_hand', '2023-05-04T09:30:05Z'),
  ).toBe(24);
  expect(worldFact(world, 'ord_5Yc1Hd6.status', '2023-05-04T09:41:12Z')).toBe(
    'accepted',
  );
  // `at` is any moment of the world: the object as it is then, and nothing
  // before its first moment.
  expect(worldFact(world, 'ord_5Yc1Hd6.status', '2023-05-04T10:00:00Z')).toBe(
    'accepted',
  );
  expect(
    worldFact(world, 'ord_5Yc1Hd6.status', '2023-05-04T09:00:00Z'),
  ).toBeUndefined();
  expect(formatFact(worldFact(world, 'com_8HhT2kQ.stores')!, 'count')).toBe(
    'four',
  );
  expect(formatFact('2023-05-04T14:05:09Z', 'time')).toBe('14:05');
  expect(formatFact('2023-05-04T14:05:09Z', 'date')).toBe('4 May 2023');
  // A list is read by place; a setting is worded as its switch.
  expect(worldFact(world, 'ntf_3Ja6Mr1.events.2')).toBe('stock.updated');
  expect(worldFact(world, 'ntf_3Ja6Mr1.events.3')).toBeUndefined();
  expect(worldFact(world, 'ntf_3Ja6Mr1.events.last')).toBeUndefined();
  expect(
    formatFact(worldFact(world, 'bst_3Pk7Wd5.auto_publish')!, 'switch'),
  ).toBe('Off');
  expect(() => formatFact('yes', 'switch')).toThrow('true or false');
});

/** A paragraph with one `<World>` element in it, as the MDX parser gives it. */
const pageWith = (fact: string, code = false): Root => ({
  type: 'root',
  children: [
    {
      type: 'paragraph',
      children: [
        {type: 'text', value: 'Order 10482 is '},
        {
          type: 'mdxJsxTextElement',
          name: 'World',
          attributes: [
            {type: 'mdxJsxAttribute', name: 'fact', value: fact},
            ...(code
              ? [{type: 'mdxJsxAttribute' as const, name: 'code', value: null}]
              : []),
          ],
          children: [],
          position: {
            start: {line: 7, column: 1},
            end: {line: 7, column: 30},
          },
        },
        {type: 'text', value: '.'},
      ],
    },
  ],
});

test('<World> in a sentence becomes the fact, and an unknown fact names the page and line', async () => {
  const transform = apiReferenceRemarkPlugin({siteDir});
  const page = pageWith('ord_5Yc1Hd6.status', true);
  await transform(page, {path: 'docs/example.mdx'});
  expect(page.children[0]).toEqual({
    type: 'paragraph',
    children: [
      {type: 'text', value: 'Order 10482 is '},
      {type: 'inlineCode', value: 'completed'},
      {type: 'text', value: '.'},
    ],
  });
  await expect(
    transform(pageWith('ord_5Yc1Hd6.colour'), {path: 'docs/example.mdx'}),
  ).rejects.toThrow(
    'docs/example.mdx:7: <World fact="ord_5Yc1Hd6.colour" /> names nothing in openapi/world/world.yaml',
  );
});

test('a world whose stock does not add up is refused, at its line', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'world-'));
  mkdirSync(path.join(folder, 'openapi', 'world'), {recursive: true});
  writeFileSync(
    path.join(folder, worldPath),
    readFileSync(path.join(siteDir, worldPath), 'utf8').replace(
      /(\n {6}on_hand: )23\n/,
      '$125\n',
    ),
  );
  expect(() => loadWorld(folder)).toThrow(
    /openapi\/world\/world\.yaml:\d+: var_3Tn8Wq1:wh_1Rk5Ds3 has available 19, but on hand 25 − allocated 2 − buffer 2 is 21\. Correct the figures\./,
  );
});

test('a time or date is worded in a time zone when a page names one', () => {
  expect(formatFact('2023-05-04T09:30:00Z', 'time', 'Europe/London')).toBe(
    '10:30',
  );
  expect(formatFact('2023-05-04T23:30:00Z', 'date', 'Europe/London')).toBe(
    '5 May 2023',
  );
  expect(() =>
    formatFact('2023-05-04T09:30:00Z', 'time', 'Europe/Leeds'),
  ).toThrow('zone="Europe/Leeds" is not a time zone');
});

test('a world whose sendable units are not on hand minus allocated is refused, at its line', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'world-'));
  mkdirSync(path.join(folder, 'openapi', 'world'), {recursive: true});
  writeFileSync(
    path.join(folder, worldPath),
    readFileSync(path.join(siteDir, worldPath), 'utf8').replace(
      /(\n {6}sendable: )21\n/,
      '$122\n',
    ),
  );
  expect(() => loadWorld(folder)).toThrow(
    /openapi\/world\/world\.yaml:\d+: var_3Tn8Wq1:wh_1Rk5Ds3 has sendable 22, but on hand 23 − allocated 2 is 21\. Correct the figures\./,
  );
});

test('the stock history figure shows the world’s figures and changes', () => {
  const at = (moment: string | undefined, field: string) =>
    worldFact(world, `${figure.stockRecord}.${field}`, moment);
  const now = worldFact(world, 'now') as string;
  for (const {field, value} of figure.figures) {
    expect(value, field).toBe(at(figure.shownAt, field));
  }
  // History lists changes newest first: each one's `before` is the figure
  // at the moment it started from, the change after it in the list (the one
  // before it in time).
  figure.history.forEach((entry, index) => {
    const previous = figure.history[index + 1];
    if (previous) {
      expect(entry.from, `${entry.time} starts from`).toBe(previous.at);
    }
    for (const [field, before, after] of entry.fields) {
      expect(after, `${entry.time} ${field} after`).toBe(at(entry.at, field));
      expect(before, `${entry.time} ${field} before`).toBe(
        at(entry.from, field),
      );
    }
    expect(entry.time).toBe(
      `${formatFact(entry.at, 'date', 'Europe/London')}, ${formatFact(entry.at, 'time', 'Europe/London')}`,
    );
  });
  expect(new Date(figure.shownAt) > new Date(now)).toBe(true);
});

test("an example at a moment before now that the world's story never had fails, at its line", () => {
  const changed = structuredClone(spec);
  const file = changed.document.paths['/files/{id}/import']!.post!.responses[
    '202'
  ] as unknown as {
    content: {
      'application/json': {
        examples: {validating: {value: Record<string, JsonValue>}};
      };
    };
  };
  const validating = file.content['application/json'].examples.validating.value;
  // Tom Reid selected Import at 13:58:40, not 20 seconds earlier.
  validating.updated_at = '2023-05-04T13:58:20Z';
  expect(worldProblems(changed, world, fallback).join('\n')).toMatch(
    /fil_5Hy8Cd3 changed at 2023-05-04T13:58:20Z in the example, but the world's story changes it at 2023-05-04T13:58:02Z, 2023-05-04T13:58:40Z, 2023-05-04T13:59:31Z: add the change to the story, or date the example at one of these/,
  );
  // At the story's moment, the example's fields are the story's state then.
  validating.updated_at = '2023-05-04T13:58:40Z';
  validating.status = 'importing';
  expect(worldProblems(changed, world, fallback).join('\n')).toMatch(
    /fil_5Hy8Cd3 field "status" is "importing" in the example, but "validating" at 2023-05-04T13:58:40Z in the world \(openapi\/world\/world\.yaml:\d+\)/,
  );
});

test("an example after now in a state the world's story does not have then fails, naming the story's moment", () => {
  const changed = structuredClone(spec);
  const disable = changed.document.paths['/users/{id}/disable']!.post!
    .responses['200'] as unknown as {
    content: {
      'application/json': {
        examples: {disabled: {value: Record<string, JsonValue>}};
      };
    };
  };
  const disabled = disable.content['application/json'].examples.disabled.value;
  // Priya Shah acts at 18:05:41 (the story's subscription update): disabled
  // at 18:00, she could not have.
  disabled.updated_at = '2023-05-04T18:00:00Z';
  expect(worldProblems(changed, world, fallback).join('\n')).toMatch(
    /usr_2Bv8Nx4 is "disabled" at 2023-05-04T18:00:00Z in the example, but the world's story has it "active" then \(since [^,]+, openapi\/world\/world\.yaml:\d+\): add the change to the story's steps, or date the example where the story has that state\./,
  );
  // In the state the story has then, a moment it does not tell passes.
  disabled.status = 'active';
  expect(worldProblems(changed, world, fallback)).toEqual([]);
});
