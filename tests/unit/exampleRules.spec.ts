// The build's check that examples tell one story
// (src/plugins/openapi-reference/rules/example-rules.ts): the real examples
// pass, and each kind of mistake planted in a copy is one message.
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {allExampleCases, spec} from '../support/openapi';
import {
  exampleIds,
  exampleRuleProblems,
  exampleStoryProblems,
  finalStateProblems,
  momentProblems,
  objectExamples,
  ruleCount,
  sampleDataIds,
} from '../../src/plugins/openapi-reference/rules/example-rules';
import {type JsonValue, type Schema} from '../../src/model/openapi-types';
import {loadWorld} from '../../src/plugins/openapi-reference/world';

const siteDir = path.join(__dirname, '..', '..');
const fallback = 'openapi/openapi.yaml';
const {document} = spec;
const world = loadWorld(siteDir);
const sampleIds = sampleDataIds(siteDir, world);
const cases = allExampleCases();

/** The sample data's IDs and every ID an example shows. */
const known = cases.reduce(
  (ids, {value}) => exampleIds(value, ids),
  new Set(sampleIds),
);

test('the real examples keep their rules, name known objects and tell one story', () => {
  const problems = exampleStoryProblems(spec, fallback, sampleIds, world);
  expect(problems, problems.join('\n')).toEqual([]);
  const rules = Object.values(document.components.schemas).reduce(
    (sum, schema) => sum + ruleCount(schema),
    0,
  );
  console.log(`${rules} rules checked on ${cases.length} examples`);
});

test('a doctored example breaks each kind of rule, at its line', () => {
  const written = document.components.schemas.Order!.examples![0]!;
  const order = structuredClone(written) as Record<string, JsonValue>;
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
  const orderSchema: Schema = {$ref: '#/components/schemas/Order'};
  const problems = exampleRuleProblems(
    document,
    [
      // Written where the real example is: the message names its line.
      {
        where: 'doctored order',
        schema: orderSchema,
        value: order,
        writtenIn: written as object,
      },
      {
        where: 'doctored batch',
        schema: {$ref: '#/components/schemas/BatchStock'},
        value: batch,
        writtenIn: {},
      },
    ],
    known,
    fallback,
  );
  const rule =
    ", against its schema's x-rules. Correct the example, or the x-rules if the rule changed.";
  expect(problems).toEqual([
    expect.stringMatching(
      new RegExp(
        `^openapi/resources/order\\.yaml:\\d+: doctored order: updated_at is before created_at${escape(rule)}$`,
      ),
    ),
    expect.stringMatching(
      /^openapi\/resources\/order\.yaml:\d+: doctored order: status_reason is set while status is accepted, against/,
    ),
    expect.stringMatching(
      /^openapi\/resources\/order\.yaml:\d+: doctored order\.store_id: str_0Zz0Zz0 is no known object\. Name an object of the sample world/,
    ),
    `${fallback}: doctored batch: line_count is ${String(batch.line_count)} but lines has ${(batch.lines as JsonValue[]).length}${rule}`,
  ]);
});

test('a doctored world is caught: a later timestamp, an unlisted dispatch', () => {
  const doctored = objectExamples(spec).map(({name, value}) => ({
    name,
    value: structuredClone(value),
  }));
  const example = (name: string) =>
    doctored.find((candidate) => candidate.name === name)!.value;
  example('Order').dispatch_ids = [];
  example('Transfer').sent_at = '2023-05-05T08:10:22Z';
  expect(momentProblems(doctored, world.now, fallback)).toEqual([
    `${fallback}: Transfer.sent_at is 2023-05-05T08:10:22Z, after the sample world's now (${world.now}). Date it at or before now, as the object examples show one moment.`,
    `${fallback}: Dispatch.order_id is ord_5Yc1Hd6, whose dispatch_ids leaves out dsp_6Vb1Qe7. Add dsp_6Vb1Qe7 to Order's dispatch_ids, or point Dispatch.order_id at another object.`,
  ]);
});

test('an object shown in a final state of its lifecycle is never shown in another state later', () => {
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
  expect(
    finalStateProblems(document, [rejected, cancelledLater], fallback),
  ).toEqual([
    expect.stringMatching(
      /^openapi\/[a-z/]+\.yaml:\d+: ord_8Nf2Jx7 is rejected, a final state, at 2023-05-05T11:52:40Z \(.+\) but cancelled at 2023-05-05T12:03:18Z \(a doctored cancel example\); give one of the examples another object\.$/,
    ),
  ]);
});

const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
