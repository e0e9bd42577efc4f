import {expect, test} from '@playwright/test';
import {allExampleCases, spec} from '../support/openapi';
import {
  exampleIds,
  exampleRuleProblems,
  finalStateProblems,
  ruleCount,
  sampleDataIds,
  sampleNow,
  unknownReferences,
  worldProblems,
  type ObjectExample,
} from '../support/exampleRules';
import {allOperations} from '../../src/model/operations';
import {type JsonValue} from '../../src/model/openapi-types';

const {document} = spec;
const cases = allExampleCases();

/** The sample data's IDs and every ID an example shows. */
const known = cases.reduce(
  (ids, {value}) => exampleIds(value, ids),
  sampleDataIds(),
);

test('every example keeps the rules its schema states, and names known objects', () => {
  const problems = exampleRuleProblems(document, cases, known);
  expect(problems, problems.join('\n')).toEqual([]);
  const rules = Object.values(document.components.schemas).reduce(
    (sum, schema) => sum + ruleCount(schema),
    0,
  );
  console.log(`${rules} rules checked on ${cases.length} examples`);
});

test('every path parameter example names a known object', () => {
  const unknown = allOperations(document).flatMap(({operation, parameters}) =>
    parameters
      .filter(
        (parameter) =>
          parameter.in === 'path' &&
          typeof parameter.example === 'string' &&
          /^[a-z]{2,3}_[A-Za-z0-9]+$/.test(parameter.example) &&
          !known.has(parameter.example),
      )
      .map(
        (parameter) =>
          `${operation.operationId}: ${parameter.name} ${String(parameter.example)}`,
      ),
  );
  expect(unknown, unknown.join('\n')).toEqual([]);
});

test('a doctored example breaks each kind of rule', () => {
  const order = structuredClone(
    document.components.schemas.Order!.examples![0],
  ) as Record<string, JsonValue>;
  Object.assign(order, {
    status: 'accepted',
    status_reason: 'Out of stock',
    updated_at: '2020-01-01T00:00:00Z',
    store_id: 'str_0Zz0Zz0',
  });
  const batch = structuredClone(
    document.components.schemas.BatchStock!.examples![0],
  ) as Record<string, JsonValue>;
  batch.line_count = (batch.lines as JsonValue[]).length + 1;
  const problems = exampleRuleProblems(
    document,
    [
      {
        where: 'doctored order',
        schema: {$ref: '#/components/schemas/Order'},
        value: order,
      },
      {
        where: 'doctored batch',
        schema: {$ref: '#/components/schemas/BatchStock'},
        value: batch,
      },
    ],
    known,
  );
  expect(problems).toEqual([
    'doctored order: updated_at is before created_at',
    'doctored order: status_reason is set while status is accepted',
    'doctored order.store_id: str_0Zz0Zz0 is no known object',
    `doctored batch: line_count is ${String(batch.line_count)} but lines has ${(batch.lines as JsonValue[]).length}`,
  ]);
});

/** The hand-written example of each resource's object ("The order object"). */
const objectExamples: ObjectExample[] = [...spec.resources.values()].flatMap(
  ({objectSchema}) => {
    const value = objectSchema
      ? document.components.schemas[objectSchema]!.examples?.[0]
      : undefined;
    return value && typeof value === 'object' && !Array.isArray(value)
      ? [{name: objectSchema!, value}]
      : [];
  },
);

test('the object examples are one world at one moment', () => {
  expect(objectExamples).toHaveLength(24);
  const world = objectExamples.reduce(
    (ids, {value}) => exampleIds(value, ids),
    sampleDataIds(),
  );
  const problems = [
    ...worldProblems(objectExamples, sampleNow()),
    ...objectExamples.flatMap(({name, value}) =>
      unknownReferences(value, world, name),
    ),
  ];
  expect(problems, problems.join('\n')).toEqual([]);
});

test('a doctored world is caught: a later timestamp, an unlisted dispatch', () => {
  const doctored = objectExamples.map(({name, value}) => ({
    name,
    value: structuredClone(value),
  }));
  const example = (name: string) =>
    doctored.find((candidate) => candidate.name === name)!.value;
  example('Order').dispatch_ids = [];
  example('Transfer').sent_at = '2023-05-05T08:10:22Z';
  expect(worldProblems(doctored, sampleNow())).toEqual([
    `Transfer.sent_at: 2023-05-05T08:10:22Z is after now (${sampleNow()})`,
    'Dispatch.order_id is ord_5Yc1Hd6, whose dispatch_ids leaves out dsp_6Vb1Qe7',
  ]);
});

test('an object shown in a final state of its lifecycle is never shown in another state later', () => {
  const problems = finalStateProblems(document, cases);
  expect(problems, problems.join('\n')).toEqual([]);
  // Broken once: order 10486, rejected at 11:52, shown cancelled at 12:03.
  const rejected = cases.find(({value}) => {
    const order = value as Record<string, JsonValue> | null;
    return order?.id === 'ord_8Nf2Jx7' && order.status === 'rejected';
  })!;
  const cancelledLater = {
    ...rejected,
    where: 'a doctored cancel example',
    value: {
      ...(rejected.value as Record<string, JsonValue>),
      status: 'cancelled',
      updated_at: '2023-05-05T12:03:18Z',
    },
  };
  expect(finalStateProblems(document, [rejected, cancelledLater])).toEqual([
    expect.stringMatching(
      /^ord_8Nf2Jx7 is rejected, a final state, at 2023-05-05T11:52:40Z \(.+\) but cancelled at 2023-05-05T12:03:18Z \(a doctored cancel example\); give one of the examples another object$/,
    ),
  ]);
});
