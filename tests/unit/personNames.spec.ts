import path from 'node:path';
import {expect, test} from '@playwright/test';
import {spec} from '../support/openapi';
import {loadWorld} from '../../src/plugins/openapi-reference/world';
import {personNameProblems} from '../../src/plugins/openapi-reference/rules/person-names';
import {allExampleCases} from '../../src/plugins/openapi-reference/examples';
import type {JsonValue} from '../../src/model/openapi-types';

/**
 * The API model's check that a customer of the examples bears no name of
 * another person (src/plugins/openapi-reference/rules/person-names.ts).
 */

const siteDir = path.join(__dirname, '..', '..');
const world = loadWorld(siteDir);
const fallbackFile = path.join(siteDir, 'openapi', 'openapi.yaml');

/** The latest document with its first customer renamed `name`. */
function withFirstCustomer(name: string) {
  const changed = structuredClone(spec);
  const customers: {name: string}[] = [];
  const find = (value: JsonValue) => {
    if (value && typeof value === 'object') {
      if (!Array.isArray(value) && value.customer) {
        customers.push(value.customer as {name: string});
      }
      Object.values(value).forEach(find);
    }
  };
  allExampleCases(changed).forEach((example) => find(example.value));
  expect(customers.length).toBeGreaterThan(0);
  customers[0]!.name = name;
  return changed;
}

test('the customers of the examples bear names of their own', () => {
  expect(personNameProblems(siteDir, world, [{spec, fallbackFile}])).toEqual(
    [],
  );
});

for (const [name, whose] of [
  ['Samuel Okafor', "the blog's author samuel (blog/authors.yml)"],
  ['Priya Shah', "the world's user usr_2Bv8Nx4"],
]) {
  test(`a customer named as ${whose} is one line`, () => {
    expect(
      personNameProblems(siteDir, world, [
        {spec: withFirstCustomer(name), fallbackFile},
      ]),
    ).toEqual([
      expect.stringContaining(
        `the customer "${name}" bears the name of ${whose}. A name names one person: give the customer a name of their own.`,
      ),
    ]);
  });
}
