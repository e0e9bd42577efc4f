import {loadWorld} from '../../src/plugins/openapi-reference/world';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {deref} from '../../src/model/refs';
import {
  type JsonValue,
  type OpenApiDocument,
  type Schema,
} from '../../src/model/openapi-types';
import type {ExampleCase} from './openapi';

/**
 * The rules an object's field descriptions state, declared on the schema as
 * `x-rules` and checked against every example that schema describes:
 *
 * - `ordered`: lists of timestamp fields; the ones that are set never go back
 *   in time along a list (`created_at` ≤ `updated_at` holds on every object
 *   without being declared);
 * - `counts`: a count field and the array whose length it is;
 * - `null-unless`: a field that is `null` unless `status` is one of these;
 * - `set-when`: a field that is set whenever `status` is one of these;
 * - `on`: the field those two read instead of `status` (a change's `action`).
 *
 * IDs are checked on every example too: each `*_id` or `*_ids` value names an
 * object of the sample data (`PRODUCT-DECISIONS.md`) or one an example shows.
 */
export interface ExampleRules {
  /** The field the status rules read; `status` unless named. */
  on?: string;
  ordered?: string[][];
  counts?: Record<string, string>;
  'null-unless'?: Record<string, string[]>;
  'set-when'?: Record<string, string[]>;
}

type JsonObject = Record<string, JsonValue>;

const isObject = (value: JsonValue | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const defaultOrder = ['created_at', 'updated_at'];

/** The rules of one schema, with the default timestamp order added. */
export function rulesOf(schema: Schema): ExampleRules & {ordered: string[][]} {
  const rules = (schema as {'x-rules'?: ExampleRules})['x-rules'] ?? {};
  const properties = Object.keys(schema.properties ?? {});
  const ordered = [...(rules.ordered ?? [])];
  if (defaultOrder.every((field) => properties.includes(field))) {
    ordered.push(defaultOrder);
  }
  return {...rules, ordered};
}

/** How many rules a schema declares or gets by default. */
export function ruleCount(schema: Schema): number {
  const rules = rulesOf(schema);
  return (
    rules.ordered.length +
    Object.keys(rules.counts ?? {}).length +
    Object.keys(rules['null-unless'] ?? {}).length +
    Object.keys(rules['set-when'] ?? {}).length
  );
}

function checkObject(
  schema: Schema,
  value: JsonObject,
  where: string,
): string[] {
  const rules = rulesOf(schema);
  const problems: string[] = [];
  // Chains can share a pair, such as created_at and updated_at.
  const unique = new Set<string>();
  for (const chain of rules.ordered) {
    let previous: [string, number] | undefined;
    for (const field of chain) {
      const stamp = value[field];
      if (typeof stamp !== 'string') {
        continue;
      }
      const time = Date.parse(stamp);
      if (previous && time < previous[1]) {
        unique.add(`${where}: ${field} is before ${previous[0]}`);
      }
      previous = [field, time];
    }
  }
  problems.push(...unique);
  for (const [count, array] of Object.entries(rules.counts ?? {})) {
    const items = value[array];
    if (
      typeof value[count] === 'number' &&
      Array.isArray(items) &&
      value[count] !== items.length
    ) {
      problems.push(
        `${where}: ${count} is ${value[count]} but ${array} has ${items.length}`,
      );
    }
  }
  const status = String(value[rules.on ?? 'status']);
  for (const [field, statuses] of Object.entries(rules['null-unless'] ?? {})) {
    if (field in value && value[field] !== null && !statuses.includes(status)) {
      problems.push(`${where}: ${field} is set while status is ${status}`);
    }
  }
  for (const [field, statuses] of Object.entries(rules['set-when'] ?? {})) {
    if (field in value && value[field] === null && statuses.includes(status)) {
      problems.push(`${where}: ${field} is null while status is ${status}`);
    }
  }
  return problems;
}

/** Applies the rules of the schema and of every nested schema to an example. */
export function checkRules(
  document: OpenApiDocument,
  schema: Schema,
  value: JsonValue | undefined,
  where: string,
): string[] {
  if (value === undefined || value === null) {
    return [];
  }
  const resolved = deref(document, schema);
  const problems: string[] = [];
  for (const variant of [
    ...(resolved.oneOf ?? []),
    ...(resolved.anyOf ?? []),
    ...(resolved.allOf ?? []),
  ]) {
    problems.push(...checkRules(document, variant, value, where));
  }
  if (Array.isArray(value)) {
    if (resolved.items) {
      value.forEach((item, index) =>
        problems.push(
          ...checkRules(document, resolved.items!, item, `${where}[${index}]`),
        ),
      );
    }
    return problems;
  }
  if (!isObject(value)) {
    return problems;
  }
  if (resolved.properties) {
    problems.push(...checkObject(resolved, value, where));
    for (const [key, property] of Object.entries(resolved.properties)) {
      problems.push(
        ...checkRules(document, property, value[key], `${where}.${key}`),
      );
    }
  }
  return problems;
}

const idPattern = /^[a-z]{2,3}_[A-Za-z0-9]+$/;
const referenceKey = /(^|_)ids?$/;
/** Request IDs name requests, not objects. */
const notObjectKeys = new Set(['id', 'request_id']);

/**
 * The IDs of the sample data: the objects of the sample world
 * (openapi/world/world.yaml) and the other IDs `PRODUCT-DECISIONS.md` lists
 * (events, changes, requests).
 */
export function sampleDataIds(): Set<string> {
  const text = readFileSync(
    path.join(__dirname, '..', '..', 'PRODUCT-DECISIONS.md'),
    'utf8',
  );
  return new Set([
    ...Object.keys(sampleWorld().objects).flatMap((key) => key.split(':')),
    ...[...text.matchAll(/`([a-z]{2,3}_[A-Za-z0-9]+)`/g)].map(
      (match) => match[1]!,
    ),
  ]);
}

/** Every `id` an example shows, nested ones included. */
export function exampleIds(
  value: JsonValue | undefined,
  ids = new Set<string>(),
) {
  if (Array.isArray(value)) {
    value.forEach((item) => exampleIds(item, ids));
  } else if (isObject(value)) {
    if (typeof value.id === 'string' && idPattern.test(value.id)) {
      ids.add(value.id);
    }
    Object.values(value).forEach((item) => exampleIds(item, ids));
  }
  return ids;
}

/** The `*_id` and `*_ids` values of an example that name no known object. */
export function unknownReferences(
  value: JsonValue | undefined,
  known: Set<string>,
  where: string,
): string[] {
  if (Array.isArray(value)) {
    return value.flatMap((item, index) =>
      unknownReferences(item, known, `${where}[${index}]`),
    );
  }
  if (!isObject(value)) {
    return [];
  }
  return Object.entries(value).flatMap(([key, item]) => {
    const nested = unknownReferences(item, known, `${where}.${key}`);
    if (notObjectKeys.has(key) || !referenceKey.test(key)) {
      return nested;
    }
    const names = (Array.isArray(item) ? item : [item])
      .filter((name): name is string => typeof name === 'string')
      .flatMap((name) => name.split(':'))
      .filter((name) => idPattern.test(name) && !known.has(name));
    return [
      ...names.map((name) => `${where}.${key}: ${name} is no known object`),
      ...nested,
    ];
  });
}

/** The rule and reference problems of a set of examples. */
export function exampleRuleProblems(
  document: OpenApiDocument,
  cases: Omit<ExampleCase, 'writtenIn'>[],
  known: Set<string>,
): string[] {
  return cases.flatMap(({where, schema, value}) => [
    ...checkRules(document, schema, value, where),
    ...unknownReferences(value, known, where),
  ]);
}

/** The sample world, as the build reads it. */
export const sampleWorld = () => loadWorld(path.join(__dirname, '..', '..'));

/** The moment the sample world shows: its `now`. */
export function sampleNow(): string {
  return sampleWorld().now;
}

/**
 * Timestamps that name a plan or a deadline, not something that happened,
 * so they may lie after now: a price change's `effective_at`, a transfer's
 * `expected_at`, an error report's `expires_at`, a delivery's next retry.
 */
const plannedTimes = new Set([
  'effective_at',
  'expected_at',
  'expires_at',
  'next_attempt_at',
]);

/** An object example, named by its schema. */
export interface ObjectExample {
  name: string;
  value: JsonObject;
}

const prefixOf = (id: string) => id.split('_')[0]!;

/** "OrderItem" → "order_item". */
const snakeCase = (name: string) =>
  name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

/**
 * Whether a `*_ids` list holds objects of an example's kind: its IDs share
 * the example's prefix, or, while empty, its name is the kind's (an order's
 * `dispatch_ids` for a dispatch, `item_ids` for an order item).
 */
function listsKind(
  listKey: string,
  list: JsonValue[],
  name: string,
  id: string,
): boolean {
  if (!listKey.endsWith('_ids')) {
    return false;
  }
  if (list.length > 0) {
    return list.some(
      (item) => typeof item === 'string' && prefixOf(item) === prefixOf(id),
    );
  }
  const kind = listKey.slice(0, -'_ids'.length);
  const snake = snakeCase(name);
  return snake === kind || snake.endsWith(`_${kind}`);
}

/** Every `*_at` timestamp of a value, with where it is. */
function timestamps(
  value: JsonValue | undefined,
  where: string,
): [string, string, string][] {
  if (Array.isArray(value)) {
    return value.flatMap((item, index) =>
      timestamps(item, `${where}[${index}]`),
    );
  }
  if (!isObject(value)) {
    return [];
  }
  return Object.entries(value).flatMap(([key, item]) =>
    typeof item === 'string' && key.endsWith('_at')
      ? [[`${where}.${key}`, key, item] as [string, string, string]]
      : timestamps(item, `${where}.${key}`),
  );
}

/**
 * What keeps the object examples from being one world at one moment: a
 * timestamp after `now` (plans aside), or an object that points at another
 * object's example (`order_id`) while that example lists objects of its kind
 * (`item_ids`, `dispatch_ids`) without it.
 */
export function worldProblems(
  examples: ObjectExample[],
  now: string,
): string[] {
  const late = examples.flatMap(({name, value}) =>
    timestamps(value, name)
      .filter(
        ([, key, stamp]) =>
          !plannedTimes.has(key) && Date.parse(stamp) > Date.parse(now),
      )
      .map(([where, , stamp]) => `${where}: ${stamp} is after now (${now})`),
  );
  const byId = new Map(
    examples
      .filter(({value}) => typeof value.id === 'string')
      .map((example) => [example.value.id as string, example]),
  );
  const unlisted = examples.flatMap(({name, value}) => {
    const id = value.id;
    if (typeof id !== 'string') {
      return [];
    }
    return Object.entries(value).flatMap(([key, target]) => {
      const other = typeof target === 'string' ? byId.get(target) : undefined;
      if (!key.endsWith('_id') || !other) {
        return [];
      }
      return Object.entries(other.value)
        .filter(
          ([listKey, list]) =>
            Array.isArray(list) &&
            listsKind(listKey, list, name, id) &&
            !list.includes(id),
        )
        .map(
          ([listKey]) =>
            `${name}.${key} is ${other.value.id as string}, whose ${listKey} leaves out ${id}`,
        );
    });
  });
  return [...late, ...unlisted];
}

interface Transition {
  from: string | string[];
  to: string;
}

/**
 * The final states of each lifecycle (states no transition leaves), keyed
 * by the ID prefix of the schema's own example (`ord_`, `trf_`).
 */
export function finalStatesByPrefix(
  document: OpenApiDocument,
): Map<string, Set<string>> {
  const finals = new Map<string, Set<string>>();
  for (const schema of Object.values(document.components.schemas)) {
    const status = schema.properties?.status;
    const lifecycle = status?.['x-lifecycle'] as
      {transitions?: Transition[]} | undefined;
    const [example] = (schema.examples ?? []) as JsonValue[];
    const id = isObject(example) ? example.id : undefined;
    if (!lifecycle || !status?.enum || typeof id !== 'string') {
      continue;
    }
    const left = new Set(
      (lifecycle.transitions ?? []).flatMap(({from}) => [from].flat()),
    );
    finals.set(
      id.slice(0, id.indexOf('_') + 1),
      new Set(
        status.enum.filter(
          (state): state is string =>
            typeof state === 'string' && !left.has(state),
        ),
      ),
    );
  }
  return finals;
}

/**
 * Every example that shows an object in another state after an example has
 * shown it in a final state of its lifecycle: the examples of one object
 * tell one story, so a rejected order is never cancelled later.
 */
export function finalStateProblems(
  document: OpenApiDocument,
  cases: Omit<ExampleCase, 'writtenIn'>[],
): string[] {
  const finals = finalStatesByPrefix(document);
  const moments = new Map<
    string,
    {at: string; status: string; where: string}[]
  >();
  const visit = (value: JsonValue | undefined, where: string) => {
    if (Array.isArray(value)) {
      value.forEach((item) => visit(item, where));
    } else if (isObject(value)) {
      const {id, status, updated_at: at} = value;
      if (
        typeof id === 'string' &&
        typeof status === 'string' &&
        typeof at === 'string'
      ) {
        moments.set(id, [...(moments.get(id) ?? []), {at, status, where}]);
      }
      Object.values(value).forEach((item) => visit(item, where));
    }
  };
  cases.forEach(({value, where}) => visit(value, where));
  return [...moments].flatMap(([id, seen]) => {
    const final = finals.get(id.slice(0, id.indexOf('_') + 1));
    const ended = seen
      .filter(({status}) => final?.has(status))
      .sort((a, b) => a.at.localeCompare(b.at))[0];
    if (!ended) {
      return [];
    }
    return seen
      .filter(({at, status}) => at > ended.at && status !== ended.status)
      .map(
        (later) =>
          `${id} is ${ended.status}, a final state, at ${ended.at} (${ended.where}) but ${later.status} at ${later.at} (${later.where}); give one of the examples another object`,
      );
  });
}
