import {expect, test} from '@playwright/test';
import {spec} from '../support/openapi';
import {
  listConditions,
  parseQuery,
  type ValueKind,
} from '../../src/components/QueryChecker/parser';
import {
  fieldSchema,
  filterFieldSchema,
  filterLists,
  type FilterList,
} from '../../src/model/filter-lists';
import {
  allOperations,
  filterNames,
  filterParameterName,
} from '../../src/model/operations';
import {deref} from '../../src/model/refs';
import {type Schema} from '../../src/model/openapi-types';

const {document} = spec;
const lists = filterLists(document);

/** The value kinds a field of this schema accepts. */
function acceptedKinds(schema: Schema): ValueKind[] {
  const types = [schema.type ?? []].flat();
  if (schema.format === 'date-time') {
    return ['date', 'date and time', 'relative date'];
  }
  if (types.includes('boolean')) {
    return ['boolean'];
  }
  if (types.includes('integer') || types.includes('number')) {
    return ['number'];
  }
  return ['text'];
}

/** What is wrong with a list's filter example: syntax, fields, values. */
function exampleProblems({operation, declaration, itemSchema}: FilterList) {
  const id = operation.operationId;
  const result = parseQuery(declaration.example);
  if (!result.ok) {
    return [`${id}: ${result.error.message}`];
  }
  const conditions = listConditions(result.expression);
  if (conditions.length === 0) {
    return [`${id}: the example has no condition`];
  }
  return conditions.flatMap(({field, values}) => {
    if (!filterNames(declaration).includes(field)) {
      return [
        fieldSchema(document, itemSchema, field)
          ? `${id}: ${field} is not in x-filter`
          : `${id}: ${field} is not a field of the listed object`,
      ];
    }
    const schema = filterFieldSchema(
      document,
      {declaration, itemSchema},
      field,
    );
    if (!schema) {
      return [`${id}: ${field} does not resolve to a field`];
    }
    const itemOrField = schema.items ? deref(document, schema.items) : schema;
    return values.flatMap((value) => {
      if (!acceptedKinds(itemOrField).includes(value.kind)) {
        return [`${id}: ${field} does not take a ${value.kind}`];
      }
      return itemOrField.enum && !itemOrField.enum.includes(value.meaning)
        ? [`${id}: ${field} has no value ${value.raw}`]
        : [];
    });
  });
}

test('every list with a filter parameter declares its filter once, in x-filter', () => {
  const withFilter = allOperations(document).filter(({parameters}) =>
    parameters.some(({name}) => name === filterParameterName),
  );
  expect(withFilter.length).toBeGreaterThan(20);
  expect(lists.map(({operation}) => operation.operationId)).toEqual(
    withFilter.map(({operation}) => operation.operationId),
  );
  for (const {operation, parameters} of withFilter) {
    const filter = parameters.find(({name}) => name === filterParameterName);
    expect(filter?.example, operation.operationId).toBe(
      operation['x-filter']?.example,
    );
  }
});

test('every declared filter field exists on the listed object, nested paths and related objects included', () => {
  const problems = lists.flatMap((list) =>
    filterNames(list.declaration)
      .filter((field) => !filterFieldSchema(document, list, field))
      .map((field) => `${list.operation.operationId}: ${field}`),
  );
  expect(problems, problems.join('\n')).toEqual([]);
});

test('every filter example parses and names only real fields with valid values', () => {
  const problems = lists.flatMap(exampleProblems);
  expect(problems, problems.join('\n')).toEqual([]);
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
    exampleProblems({...orders, declaration: {example, fields}});
  expect(doctored('totals.amount >= 10000')).toEqual([
    'listOrders: totals.amount is not a field of the listed object',
  ]);
  expect(doctored('status = "shipped"')).toEqual([
    'listOrders: status has no value "shipped"',
  ]);
  expect(doctored('placed_at > "yesterday"')).toEqual([
    'listOrders: placed_at does not take a text',
  ]);
  expect(doctored('status = = "pending"')).toHaveLength(1);
  const notifications = lists.find(
    ({operation}) => operation.operationId === 'listNotifications',
  )!;
  expect(
    exampleProblems({
      ...notifications,
      declaration: {
        ...notifications.declaration,
        example: 'events = "order.shipped"',
      },
    }),
  ).toEqual(['listNotifications: events has no value "order.shipped"']);
  expect(doctored('id = "ord_5Yc1Hd6"')).toEqual([
    'listOrders: id is not in x-filter',
  ]);
});
