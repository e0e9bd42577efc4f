import {cpSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import type {Table} from 'mdast';
import {spec} from '../support/openapi';
import {AuthoringError} from '../../src/model/authoringError';
import {
  box,
  lifecycleLayout,
  renderStateTable,
  stateTableHeader,
} from '../../src/plugins/openapi-reference/diagram';
import {
  guideLifecycleProblems,
  lifecycleProblems,
  lifecycleProperties,
  lifecyclesWithStates,
  stateAspects,
  stateText,
} from '../../src/model/lifecycles';
import {loadSpec} from '../../src/plugins/openapi-reference/spec';
import {readYaml} from '../../src/model/yaml';
import {type Lifecycle} from '../../src/model/openapi-types';

const siteDir = path.join(__dirname, '..', '..');

test('every x-lifecycle of the spec names only states of its enum', () => {
  const lifecycles = lifecycleProperties(spec.document);
  // One per object with a status, not only the ones a page draws.
  expect(lifecycles.map(({where}) => where)).toContain('Warehouse.status');
  expect(lifecycles.length).toBeGreaterThanOrEqual(19);
  expect(lifecycleProblems(spec.document, 'openapi')).toEqual([]);
});

test('a transition to a state outside the enum is reported', () => {
  const doctored = structuredClone(spec.document);
  const status = doctored.components.schemas.Warehouse!.properties!.status!;
  status['x-lifecycle']!.transitions.push({
    from: 'active',
    to: 'archived',
    trigger: 'A state the enum lacks.',
  });
  status['x-lifecycle']!.initial.push('draft');
  // The copy has no recorded lines: the message names the fallback file.
  expect(
    lifecycleProblems(doctored, 'openapi/resources/warehouse.yaml'),
  ).toEqual([
    'openapi/resources/warehouse.yaml: Warehouse.status\'s x-lifecycle names the initial state "draft", which is not in its enum. Add it to the enum or correct the name.',
    'openapi/resources/warehouse.yaml: Warehouse.status\'s x-lifecycle names the to state "archived", which is not in its enum. Add it to the enum or correct the name.',
  ]);
});

test.describe('state diagrams', () => {
  const lifecycles = [
    ...lifecycleProperties(spec.document).map(({where, lifecycle}) => ({
      name: where,
      lifecycle,
    })),
  ];

  test('no two states overlap, the first states are on top, and every arrow joins its two states', () => {
    for (const {name, lifecycle} of lifecycles) {
      const {placed, routes, width, height} = lifecycleLayout(lifecycle);
      const boxes = [...placed.values()];
      boxes.forEach((a, index) =>
        boxes.slice(index + 1).forEach((b) => {
          const apart =
            a.x + box.width <= b.x ||
            b.x + box.width <= a.x ||
            a.y + box.height <= b.y ||
            b.y + box.height <= a.y;
          expect(apart, `${name}: ${a.state} and ${b.state} overlap`).toBe(
            true,
          );
        }),
      );
      // A start state that no transition leads to opens the top row.
      const top = Math.min(...boxes.map(({y}) => y));
      lifecycle.initial
        .filter((state) => !lifecycle.transitions.some(({to}) => to === state))
        .forEach((state) =>
          expect(placed.get(state)!.y, `${name}: ${state} starts`).toBe(top),
        );
      // Each route begins on the edge of its from-box and ends on its to-box.
      const onEdge = (state: string, point: {x: number; y: number}) => {
        const {x, y} = placed.get(state)!;
        const slack = 1;
        return (
          point.x >= x - slack &&
          point.x <= x + box.width + slack &&
          point.y >= y - slack &&
          point.y <= y + box.height + slack
        );
      };
      for (const point of routes.flat()) {
        expect(
          point.x >= 0 && point.x <= width && point.y >= 0 && point.y <= height,
          `${name}: an arrow leaves the canvas at ${point.x}, ${point.y}`,
        ).toBe(true);
      }
      lifecycle.transitions.forEach(({from, to}, index) => {
        const points = routes[index]!;
        expect(onEdge(from, points[0]!), `${name}: ${from} → ${to}`).toBe(true);
        expect(onEdge(to, points.at(-1)!), `${name}: ${from} → ${to}`).toBe(
          true,
        );
      });
    }
  });
});

test.describe('behaviour by state', () => {
  test('every lifecycle a page explains declares every state of its enum, with a text per column', () => {
    const withStates = lifecycleProperties(spec.document).filter(({where}) =>
      lifecyclesWithStates.includes(where),
    );
    expect(withStates.map(({where}) => where).sort()).toEqual(
      [...lifecyclesWithStates].sort(),
    );
    for (const {where, schema, lifecycle} of withStates) {
      expect(Object.keys(lifecycle.states ?? {}), where).toEqual(
        schema.enum!.map(String),
      );
      for (const [state, entry] of Object.entries(lifecycle.states!)) {
        expect(Object.keys(entry).sort(), `${where} ${state}`).toEqual(
          [...stateAspects(lifecycle), 'actions'].sort(),
        );
      }
    }
    // The six lifecycles of the shop's rules keep the default columns.
    for (const name of lifecyclesWithStates.slice(0, 6)) {
      expect(
        withStates.find(({where}) => where === name)!.lifecycle.columns,
        name,
      ).toBeUndefined();
    }
  });

  /** A copy of the spec folder with one resource file edited. */
  function specWith(file: string, edit: (source: string) => string) {
    const dir = mkdtempSync(path.join(tmpdir(), 'states-'));
    cpSync(path.join(siteDir, 'openapi'), dir, {recursive: true});
    const target = path.join(dir, 'resources', file);
    writeFileSync(target, edit(readFileSync(target, 'utf8')));
    return {dir, target};
  }
  /** The 1-based line of the first line holding a text, after a line. */
  const lineOf = (file: string, text: string, after = 0) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .findIndex((line, index) => index >= after && line.includes(text)) + 1;

  test('a missing state, a misspelt one, a missing text and an unknown operation each stop the load at their line', () => {
    const {dir, target} = specWith('store.yaml', (source) =>
      source
        .replace(/^( +)error:\n\1 {2}meaning:/m, '$1eror:\n$1  meaning:')
        .replace(/^ +listings: 'Nothing from the Hub yet.'\n/m, '')
        .replace(
          "operation: 'POST /stores/{id}/disconnect'\n                  - label: Delete store",
          "operation: 'POST /stores/{id}/disconect'\n                  - label: Delete store",
        ),
    );
    const relative = path.relative(process.cwd(), target);
    let message = '';
    try {
      loadSpec(dir);
    } catch (error) {
      expect(error).toBeInstanceOf(AuthoringError);
      message = (error as Error).message;
    }
    const states = lineOf(target, '            states:');
    expect(message).toContain(
      `${relative}:${states}: Store.status's x-lifecycle states has no entry for "error".`,
    );
    expect(message).toContain(
      `${relative}:${lineOf(target, '              eror:', states)}: Store.status's x-lifecycle states names "eror", which is not in its enum; did you mean "error"?`,
    );
    expect(message).toContain(
      `${relative}:${lineOf(target, '              connecting:', states)}: Store.status state "connecting" has no listings (its "In the shop" column). Write it in a sentence.`,
    );
    expect(message).toContain(
      `: Store.status state "connecting": the action's operation "POST /stores/{id}/disconect" is not an operation of the document; did you mean "POST /stores/{id}/disconnect"?`,
    );
  });

  test('a lifecycle of the six without states stops the load', () => {
    const {dir, target} = specWith('transfer.yaml', (source) =>
      source.replace(/\n {12}states:\n[\s\S]*?(?=\n {8}reference:)/, ''),
    );
    expect(() => loadSpec(dir)).toThrow(
      `${path.relative(process.cwd(), target)}:${lineOf(target, 'x-lifecycle:')}: Transfer.status's x-lifecycle has no states.`,
    );
  });

  test('the state table shows each state, its texts and its actions with the app label and the operation', async () => {
    const {fromMarkdown} = await import('mdast-util-from-markdown');
    const parse = (markdown: string) => fromMarkdown(markdown).children;
    const status = spec.document.components.schemas.Store!.properties!.status!;
    const [table] = renderStateTable(
      parse,
      'store',
      'Store states',
      status['x-lifecycle']!,
      status.enum!.map(String),
    );
    const {toString} = await import('mdast-util-to-string');
    const rows = (table as Table).children.map((row) =>
      row.children.map((cell) => toString(cell)),
    );
    expect(rows[0]).toEqual(stateTableHeader(status['x-lifecycle']!));
    expect(rows[0]).toEqual([
      'State',
      'What it means',
      'In the shop',
      'Stock',
      'Orders',
      'What you can do',
    ]);
    expect(rows.map(([state]) => state)).toEqual([
      'State',
      'connecting',
      'connected',
      'disconnected',
      'error',
    ]);
    expect(rows[3]![5]).toBe(
      'Reconnect (POST /stores/{id}/reconnect), Delete store, Save (PATCH /stores/{id})',
    );
    expect(rows[3]![2]).toBe(
      status['x-lifecycle']!.states!.disconnected!.listings,
    );
  });

  test("a lifecycle's own columns head its table, and each row shows its states' texts for them", async () => {
    const {fromMarkdown} = await import('mdast-util-from-markdown');
    const {toString} = await import('mdast-util-to-string');
    const parse = (markdown: string) => fromMarkdown(markdown).children;
    const status = spec.document.components.schemas.User!.properties!.status!;
    const lifecycle = status['x-lifecycle']!;
    expect(lifecycle.columns).toEqual({
      meaning: 'What it means',
      access: 'Signing in',
    });
    const [table] = renderStateTable(
      parse,
      'user',
      'User states',
      lifecycle,
      status.enum!.map(String),
    );
    const rows = (table as Table).children.map((row) =>
      row.children.map((cell) => toString(cell)),
    );
    expect(rows[0]).toEqual([
      'State',
      'What it means',
      'Signing in',
      'What you can do',
    ]);
    const disabled = lifecycle.states!.disabled!;
    expect(rows[3]).toEqual([
      'disabled',
      toString(fromMarkdown(stateText(disabled, 'meaning'))),
      stateText(disabled, 'access'),
      'Reactivate (POST /users/{id}/enable), PATCH /users/{id}',
    ]);
    // A state with no action says so.
    const company =
      spec.document.components.schemas.Company!.properties!.status!;
    const [companyTable] = renderStateTable(
      parse,
      'company',
      'Company states',
      company['x-lifecycle']!,
      company.enum!.map(String),
    );
    const companyRows = (companyTable as Table).children.map((row) =>
      row.children.map((cell) => toString(cell)),
    );
    expect(companyRows[0]).toEqual([
      'State',
      'What it means',
      'What users can do',
      'Stores and the API',
      'What you can do',
    ]);
    expect(companyRows[2]!.at(-1)).toBe('Nothing');
  });

  test("a state without one of its lifecycle's column texts, a text no column names, and broken columns each stop the load at their line", () => {
    const {dir, target} = specWith('user.yaml', (source) =>
      source
        .replace(
          /^( +)access: 'They can sign in, and do what their role allows.'\n/m,
          '',
        )
        .replace(
          /^( +)access: 'They are signed out everywhere at once and cannot sign in.'\n/m,
          "$1sign_in: 'They are signed out everywhere at once and cannot sign in.'\n",
        ),
    );
    const relative = path.relative(process.cwd(), target);
    const states = lineOf(target, '            states:');
    expect(() => loadSpec(dir)).toThrow(AuthoringError);
    let message = '';
    try {
      loadSpec(dir);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain(
      `${relative}:${lineOf(target, '              active:', states)}: User.status state "active" has no access (its "Signing in" column). Write it in a sentence.`,
    );
    expect(message).toContain(
      `${relative}:${lineOf(target, '              disabled:', states)}: User.status state "disabled" has no access (its "Signing in" column). Write it in a sentence.`,
    );
    expect(message).toContain(
      `${relative}:${lineOf(target, '              disabled:', states)}: User.status state "disabled" has an unknown key "sign_in". A state has meaning, access, actions.`,
    );

    const columns = specWith('company.yaml', (source) =>
      source
        .replace(
          '              meaning: What it means\n              access: What users can do\n',
          '              access: What users can do\n              meaning: What it means\n',
        )
        .replace(
          '              stores: Stores and the API',
          "              stores: ''",
        ),
    );
    const columnsAt = `${path.relative(process.cwd(), columns.target)}:${lineOf(columns.target, '            columns:')}`;
    let columnsMessage = '';
    try {
      loadSpec(columns.dir);
    } catch (error) {
      expect(error).toBeInstanceOf(AuthoringError);
      columnsMessage = (error as Error).message;
    }
    expect(columnsMessage).toContain(
      `${columnsAt}: Company.status's x-lifecycle columns start with "access". Every state table starts with what the state means: put meaning first.`,
    );
    expect(columnsMessage).toContain(
      `${columnsAt}: Company.status's x-lifecycle column "stores" has no heading.`,
    );
  });
});

test('a guide-only lifecycle is checked too: its shape, and its states against the states it names', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'guide-'));
  const file = path.join(dir, 'guide-lifecycles.yaml');
  writeFileSync(
    file,
    [
      'enrichment:',
      '  initial: [queued]',
      '  transitions:',
      '    - from: queued',
      '      to: running',
      '      trigger: The queue picks the job.',
      '    - from: running',
      '      to: succeeded',
      '  states:',
      '    queud:',
      "      meaning: 'Waiting.'",
      "      listings: 'Unchanged.'",
      "      stock: 'Unchanged.'",
      "      orders: 'Unchanged.'",
      '      actions: []',
      '',
    ].join('\n'),
  );
  const relative = path.relative(process.cwd(), file);
  const guide = readYaml<Record<string, Lifecycle>>(file);
  expect(guideLifecycleProblems(guide, spec.document, file)).toEqual([
    `${relative}:7: a transition of enrichment needs from, to and trigger, each a text.`,
  ]);
  guide.enrichment!.transitions[1]!.trigger = 'The content is written.';
  expect(guideLifecycleProblems(guide, spec.document, file)).toEqual([
    `${relative}:9: enrichment's x-lifecycle states has no entry for "queued". Declare what queued means (meaning, listings, stock, orders) and its actions.`,
    `${relative}:9: enrichment's x-lifecycle states has no entry for "running". Declare what running means (meaning, listings, stock, orders) and its actions.`,
    `${relative}:9: enrichment's x-lifecycle states has no entry for "succeeded". Declare what succeeded means (meaning, listings, stock, orders) and its actions.`,
    `${relative}:10: enrichment's x-lifecycle states names "queud", which is not in its enum; did you mean "queued"? Name a state of: queued, running, succeeded.`,
  ]);
  // The real guide-only lifecycles pass.
  expect(
    guideLifecycleProblems(
      readYaml(path.join(siteDir, 'src/data/guide-lifecycles.yaml')),
      spec.document,
      'src/data/guide-lifecycles.yaml',
    ),
  ).toEqual([]);
});
