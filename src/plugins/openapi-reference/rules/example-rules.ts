import {readFileSync} from 'node:fs';
import path from 'node:path';
import {allExampleCases, type ExampleCase} from '../examples';
import {allOperations} from '../../../model/operations';
import {deref} from '../../../model/refs';
import {snakeCase} from '../../../model/snake-case';
import {where as whereIn} from '../../../model/yaml';
import {
  type JsonValue,
  type LoadedSpec,
  type OpenApiDocument,
  type Schema,
} from '../../../model/openapi-types';
import {worldPath as worldFile, type World} from '../world';
import {kindIn} from '../../../model/world-story';

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
  const on = rules.on ?? 'status';
  const status = String(value[on]);
  for (const [field, statuses] of Object.entries(rules['null-unless'] ?? {})) {
    if (field in value && value[field] !== null && !statuses.includes(status)) {
      problems.push(`${where}: ${field} is set while ${on} is ${status}`);
    }
  }
  for (const [field, statuses] of Object.entries(rules['set-when'] ?? {})) {
    if (field in value && value[field] === null && statuses.includes(status)) {
      problems.push(`${where}: ${field} is null while ${on} is ${status}`);
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

/** The file that lists the sample data's IDs the world does not hold. */
export const productDecisionsPath = 'PRODUCT-DECISIONS.md';

/**
 * The IDs of the sample data: the objects of the sample world
 * (openapi/world/world.yaml) and the other IDs `PRODUCT-DECISIONS.md` lists
 * (events, changes, requests).
 */
export function sampleDataIds(siteDir: string, world: World): Set<string> {
  const text = readFileSync(path.join(siteDir, productDecisionsPath), 'utf8');
  return new Set([
    ...Object.keys(world.objects).flatMap((key) => key.split(':')),
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

/**
 * The rule and reference problems of a set of examples, each at the file
 * and line the example was written at.
 */
export function exampleRuleProblems(
  document: OpenApiDocument,
  cases: ExampleCase[],
  known: Set<string>,
  fallbackFile: string,
): string[] {
  return cases.flatMap(({where, schema, value, writtenIn}) => {
    const at = whereIn(writtenIn, fallbackFile);
    return [
      ...checkRules(document, schema, value, where).map(
        (problem) =>
          `${at}: ${problem}, against its schema's x-rules. Correct the example, or the x-rules if the rule changed.`,
      ),
      ...unknownReferences(value, known, where).map(
        (problem) =>
          `${at}: ${problem}. Name an object of the sample world (${worldFile}), an ID ${productDecisionsPath} lists, or one another example shows.`,
      ),
    ];
  });
}

/** The example of a path parameter that looks like an ID and names no known object. */
export function pathParameterProblems(
  document: OpenApiDocument,
  known: Set<string>,
  fallbackFile: string,
): string[] {
  return allOperations(document).flatMap(({operation, parameters}) =>
    parameters
      .filter(
        (parameter) =>
          parameter.in === 'path' &&
          typeof parameter.example === 'string' &&
          idPattern.test(parameter.example) &&
          !known.has(parameter.example),
      )
      .map(
        (parameter) =>
          `${whereIn(parameter, fallbackFile)}: ${operation.operationId}'s ${parameter.name} example ${String(parameter.example)} is no known object. Name an object of the sample world (${worldFile}) or one an example shows.`,
      ),
  );
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
export function momentProblems(
  examples: ObjectExample[],
  now: string,
  fallbackFile: string,
): string[] {
  const late = examples.flatMap(({name, value}) =>
    timestamps(value, name)
      .filter(
        ([, key, stamp]) =>
          !plannedTimes.has(key) && Date.parse(stamp) > Date.parse(now),
      )
      .map(
        ([where, , stamp]) =>
          `${whereIn(value, fallbackFile)}: ${where} is ${stamp}, after the sample world's now (${now}). Date it at or before now, as the object examples show one moment.`,
      ),
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
            `${whereIn(value, fallbackFile)}: ${name}.${key} is ${other.value.id as string}, whose ${listKey} leaves out ${id}. Add ${id} to ${other.name}'s ${listKey}, or point ${name}.${key} at another object.`,
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
  cases: ExampleCase[],
  fallbackFile: string,
): string[] {
  const finals = finalStatesByPrefix(document);
  const moments = new Map<
    string,
    {at: string; status: string; where: string; writtenIn: object}[]
  >();
  const visit = (
    value: JsonValue | undefined,
    where: string,
    writtenIn: object,
  ) => {
    if (Array.isArray(value)) {
      value.forEach((item) => visit(item, where, writtenIn));
    } else if (isObject(value)) {
      const {id, status, updated_at: at} = value;
      if (
        typeof id === 'string' &&
        typeof status === 'string' &&
        typeof at === 'string'
      ) {
        moments.set(id, [
          ...(moments.get(id) ?? []),
          {at, status, where, writtenIn},
        ]);
      }
      Object.values(value).forEach((item) => visit(item, where, writtenIn));
    }
  };
  cases.forEach(({value, where, writtenIn}) => visit(value, where, writtenIn));
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
          `${whereIn(later.writtenIn, fallbackFile)}: ${id} is ${ended.status}, a final state, at ${ended.at} (${ended.where}) but ${later.status} at ${later.at} (${later.where}); give one of the examples another object.`,
      );
  });
}

/** The hand-written example of each resource's object ("The order object"). */
export function objectExamples(spec: LoadedSpec): ObjectExample[] {
  return [...spec.resources.values()].flatMap(({objectSchema}) => {
    const value = objectSchema
      ? spec.document.components.schemas[objectSchema]?.examples?.[0]
      : undefined;
    return isObject(value) ? [{name: objectSchema!, value}] : [];
  });
}

/**
 * Whether a release's examples tell one story: each keeps its schema's
 * `x-rules` and names known objects, each path parameter's example is a
 * known object, the object examples are one world at its now, and no object
 * leaves a final state. One message per mistake, at the example's line.
 */
export function exampleStoryProblems(
  spec: LoadedSpec,
  fallbackFile: string,
  sampleIds: ReadonlySet<string>,
  world: World,
): string[] {
  const cases = allExampleCases(spec);
  const known = cases.reduce(
    (ids, {value}) => exampleIds(value, ids),
    new Set(sampleIds),
  );
  const objects = objectExamples(spec);
  const shown = objects.reduce(
    (ids, {value}) => exampleIds(value, ids),
    new Set(sampleIds),
  );
  return [
    ...exampleRuleProblems(spec.document, cases, known, fallbackFile),
    ...pathParameterProblems(spec.document, known, fallbackFile),
    ...momentProblems(objects, world.now, fallbackFile),
    ...objects.flatMap(({name, value}) =>
      unknownReferences(value, shown, name).map(
        (problem) =>
          `${whereIn(value, fallbackFile)}: ${problem}, though the object examples show one world. Name an object of the sample world (${worldFile}) or one an object example shows.`,
      ),
    ),
    ...finalStateProblems(spec.document, cases, fallbackFile),
  ];
}

/**
 * The world's objects keep their schema's `x-rules` at every moment the
 * story computes, not only at the moments an example shows (issue 30: the
 * world held Northwind Shopify's currency from its creation, while the
 * Stores API says a Shopify store has none until it connects, and no
 * example showed the store while connecting). One line per moment that
 * breaks a rule, at the step that made it.
 */
export function worldMomentRuleProblems(
  document: OpenApiDocument,
  world: World,
  file: string,
): string[] {
  const problems = new Set<string>();
  for (const [key, moments] of world.story.moments) {
    const kind = kindIn(world.story.kinds, key);
    const schema = kind && document.components.schemas[kind.name];
    if (!schema) {
      continue;
    }
    const fixed = (world.objects[key]?.fixed ?? {}) as JsonObject;
    for (const {at, state, step} of moments) {
      for (const problem of checkObject(
        deref(document, schema),
        {...fixed, ...(state as JsonObject)},
        `${key} at ${at}`,
      )) {
        problems.add(
          `${whereIn(step, file)}: ${problem} (${kind.name}'s x-rules). Correct the step, or the object's fixed values.`,
        );
      }
    }
  }
  return [...problems];
}
