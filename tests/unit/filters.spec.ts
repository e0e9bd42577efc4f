// The build's check of each list's filter declaration
// (src/plugins/openapi-reference/rules/filters.ts): the latest document's
// lists pass, and each mistake planted in a copy is named.
import {expect, test} from '@playwright/test';
import {spec} from '../support/openapi';
import {filterFieldSchema, filterLists} from '../../src/model/filter-lists';
import {
  filterDeclarationProblems,
  filterExampleProblems,
} from '../../src/plugins/openapi-reference/rules/filters';
import {allOperations, filterParameterName} from '../../src/model/operations';

const {document} = spec;
const lists = filterLists(document);
/** A copy has no recorded lines: its messages name this file. */
const fallback = 'openapi/openapi.yaml';

test('every list declares its filter once, in x-filter, with real fields and an example that holds', () => {
  const problems = filterDeclarationProblems(document, fallback);
  expect(problems, problems.join('\n')).toEqual([]);
  const withFilter = allOperations(document).filter(({parameters}) =>
    parameters.some(({name}) => name === filterParameterName),
  );
  expect(withFilter.length).toBeGreaterThan(20);
  // The filter parameter's example is the declaration's.
  for (const {operation, parameters} of withFilter) {
    const filter = parameters.find(({name}) => name === filterParameterName);
    expect(filter?.example, operation.operationId).toBe(
      operation['x-filter']?.example,
    );
  }
});

test('a declared field the listed object lacks is named', () => {
  const doctored = structuredClone(document);
  doctored.paths['/orders']!.get!['x-filter']!.fields.push('colour');
  expect(filterDeclarationProblems(doctored, fallback)).toEqual([
    `${fallback}: listOrders's x-filter declares colour, which is no field of the listed object (nor a related field through a real ID field). Correct the name.`,
  ]);
});

test('a related filter name must match a real field through a real ID field', () => {
  const stock = lists.find(
    ({operation}) => operation.operationId === 'listStock',
  )!;
  const withRelated = (via: string, matches: string) =>
    filterFieldSchema(
      document,
      {
        ...stock,
        declaration: {
          ...stock.declaration,
          related: {warehouse: {via, matches}},
        },
      },
      'warehouse',
    );
  expect(withRelated('warehouse_id', 'Warehouse.code')?.type).toBe('string');
  expect(withRelated('warehouse', 'Warehouse.code')).toBeUndefined();
  expect(withRelated('warehouse_id', 'Warehouse.colour')).toBeUndefined();
  expect(withRelated('warehouse_id', 'Depot.code')).toBeUndefined();
});

test('a doctored filter example fails the check', () => {
  const orders = lists.find(
    ({operation}) => operation.operationId === 'listOrders',
  )!;
  const doctored = (example: string, fields = orders.declaration.fields) =>
    filterExampleProblems(
      document,
      {...orders, declaration: {example, fields}},
      fallback,
    );
  const at = `${fallback}: listOrders's x-filter example`;
  expect(doctored('totals.amount >= 10000')).toEqual([
    `${at} names totals.amount, which is not a field of the listed object.`,
  ]);
  expect(doctored('status = "shipped"')).toEqual([
    `${at}: status has no value "shipped".`,
  ]);
  expect(doctored('placed_at > "yesterday"')).toEqual([
    `${at}: placed_at does not take a text.`,
  ]);
  expect(doctored('status = = "pending"')).toEqual([
    expect.stringMatching(/^.+ example does not parse: /),
  ]);
  const notifications = lists.find(
    ({operation}) => operation.operationId === 'listNotifications',
  )!;
  expect(
    filterExampleProblems(
      document,
      {
        ...notifications,
        declaration: {
          ...notifications.declaration,
          example: 'events = "order.shipped"',
        },
      },
      fallback,
    ),
  ).toEqual([
    `${fallback}: listNotifications's x-filter example: events has no value "order.shipped".`,
  ]);
  expect(doctored('id = "ord_5Yc1Hd6"')).toEqual([
    `${at} names id, which is not in x-filter. Add it to the fields, or filter on one of them.`,
  ]);
});
