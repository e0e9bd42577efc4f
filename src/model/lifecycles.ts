// The lifecycles of status fields (x-lifecycle) and guides: their state columns, and the checks of their states.
import type {
  Lifecycle,
  LifecycleState,
  OpenApiDocument,
  Schema,
} from './openapi-types';
import * as z from 'zod';
import {readDataFile} from './dataFile';
import {nearest, typoDistance} from './nearest';
import {operationNames} from './operations';
import {where} from './yaml';

const stateActionSchema = z
  .strictObject({
    label: z.string().optional(),
    operation: z
      .string()
      .regex(/^(GET|POST|PUT|PATCH|DELETE) \//, 'an operation is METHOD /path')
      .optional(),
  })
  .refine(
    (action) => action.label !== undefined || action.operation !== undefined,
    'an action names its app label, its operation, or both',
  );

/**
 * A lifecycle as a data file writes it (the guides' own, in
 * src/data/guide-lifecycles.yaml): its states' texts are strings, one per
 * aspect, beside their actions.
 */
const lifecycleSchema = z.strictObject({
  initial: z.array(z.string()).min(1),
  transitions: z.array(
    z.strictObject({from: z.string(), to: z.string(), trigger: z.string()}),
  ),
  columns: z.record(z.string(), z.string()).optional(),
  states: z
    .record(
      z.string(),
      z.object({actions: z.array(stateActionSchema)}).catchall(z.string()),
    )
    .optional(),
});

/** The lifecycles that exist only in the guides (the API has no such resource). */
export const guideLifecyclesPath = 'src/data/guide-lifecycles.yaml';

export function loadGuideLifecycles(
  siteDir: string,
): Record<string, Lifecycle> {
  return readDataFile(
    siteDir,
    guideLifecyclesPath,
    z.record(z.string(), lifecycleSchema),
    "the guides' lifecycles",
  );
}

/**
 * The columns of a lifecycle that declares none: what the state means, what
 * the shop's listings show, what happens to stock (available, allocated,
 * published) and to orders, dispatches and sales.
 */
export const defaultStateColumns: Readonly<Record<string, string>> = {
  meaning: 'What it means',
  listings: 'In the shop',
  stock: 'Stock',
  orders: 'Orders',
};

/** The aspect every lifecycle's columns start with. */
export const firstStateAspect = 'meaning';

/** A lifecycle's columns: the aspects its states describe, with headings. */
export const stateColumns = (
  lifecycle: Lifecycle,
): Readonly<Record<string, string>> => lifecycle.columns ?? defaultStateColumns;

/** The aspects a lifecycle's states describe, in the order of its table. */
export const stateAspects = (lifecycle: Lifecycle): string[] =>
  Object.keys(stateColumns(lifecycle));

/** One state's text for an aspect, or '' when it has none. */
export const stateText = (state: LifecycleState, aspect: string): string => {
  const value = state[aspect];
  return typeof value === 'string' ? value : '';
};

/** An aspect's name: a word in lower camel case, such as `access`. */
const aspectName = /^[a-z][A-Za-z]*$/;

/**
 * The problems of a lifecycle's `columns`, at their line: not a map of
 * aspect to heading, an aspect that is not a word (or is `actions`), an
 * empty heading, or a first aspect other than `meaning`.
 */
function columnProblems(
  name: string,
  lifecycle: Lifecycle,
  fallbackFile: string,
): string[] {
  const {columns} = lifecycle;
  if (columns === undefined) {
    return [];
  }
  const at = where(columns, where(lifecycle, fallbackFile));
  const shape = `Write them as {${firstStateAspect}: What it means, access: Signing in}: each aspect a word, with its column heading.`;
  if (
    columns === null ||
    typeof columns !== 'object' ||
    Array.isArray(columns) ||
    Object.keys(columns).length === 0
  ) {
    return [
      `${at}: ${name}'s x-lifecycle columns must map each aspect its states describe to its column heading. ${shape}`,
    ];
  }
  const aspects = Object.keys(columns);
  return [
    ...(aspects[0] === firstStateAspect
      ? []
      : [
          `${at}: ${name}'s x-lifecycle columns start with "${aspects[0]}". Every state table starts with what the state means: put ${firstStateAspect} first.`,
        ]),
    ...aspects
      .filter((aspect) => !aspectName.test(aspect) || aspect === 'actions')
      .map(
        (aspect) =>
          `${at}: ${name}'s x-lifecycle columns name "${aspect}", which cannot be an aspect${aspect === 'actions' ? ' (the actions are always the last column)' : ''}. ${shape}`,
      ),
    ...aspects
      .filter((aspect) => {
        const heading: unknown = columns[aspect];
        return typeof heading !== 'string' || heading.trim() === '';
      })
      .map(
        (aspect) =>
          `${at}: ${name}'s x-lifecycle column "${aspect}" has no heading. ${shape}`,
      ),
  ];
}

/**
 * The lifecycles whose every state must declare its behaviour: the
 * resources whose states a page explains, each with its state table.
 */
export const lifecyclesWithStates = [
  'Store.status',
  'BrandStore.status',
  'Order.status',
  'Dispatch.status',
  'File.status',
  'Transfer.status',
  'Brand.status',
  'Product.status',
  'Variant.status',
  'Image.status',
  'PriceChange.status',
  'HostProduct.status',
  'HostVariant.status',
  'BatchStock.status',
  'User.status',
  'Company.status',
];

/**
 * The problems of a lifecycle's `states`, one message each at its file and
 * line: a state of the enum without an entry (when `required`), an entry for
 * no state, a missing or empty text, and an action that names no operation
 * of the document.
 */
export function stateProblems(
  name: string,
  lifecycle: Lifecycle,
  enumStates: string[],
  operations: Set<string>,
  fallbackFile: string,
  required: boolean,
): string[] {
  const at = where(lifecycle, fallbackFile);
  const columnsBroken = columnProblems(name, lifecycle, fallbackFile);
  if (columnsBroken.length > 0) {
    return columnsBroken;
  }
  const aspects = stateAspects(lifecycle);
  const {states} = lifecycle;
  if (states === undefined) {
    return required
      ? [
          `${at}: ${name}'s x-lifecycle has no states. Declare, under states, what each of ${enumStates.join(', ')} means (${aspects.join(', ')}) and its actions.`,
        ]
      : [];
  }
  if (states === null || typeof states !== 'object' || Array.isArray(states)) {
    return [
      `${at}: ${name}'s x-lifecycle states must map each state to its behaviour.`,
    ];
  }
  const statesAt = where(states, at);
  const problems: string[] = [
    ...enumStates
      .filter((state) => !(state in states))
      .map(
        (state) =>
          `${statesAt}: ${name}'s x-lifecycle states has no entry for "${state}". Declare what ${state} means (${aspects.join(', ')}) and its actions.`,
      ),
  ];
  for (const [state, entry] of Object.entries(states)) {
    const entryAt = where(entry, statesAt);
    if (!enumStates.includes(state)) {
      const guess = nearest(state, enumStates, {
        maxDistance: typoDistance(state),
      });
      problems.push(
        `${entryAt}: ${name}'s x-lifecycle states names "${state}", which is not in its enum${guess ? `; did you mean "${guess}"?` : '.'} Name a state of: ${enumStates.join(', ')}.`,
      );
      continue;
    }
    if (entry === null || typeof entry !== 'object') {
      problems.push(
        `${entryAt}: ${name} state "${state}" must be a map of ${[...aspects, 'actions'].join(', ')}.`,
      );
      continue;
    }
    for (const aspect of aspects) {
      if (stateText(entry, aspect).trim() === '') {
        problems.push(
          `${entryAt}: ${name} state "${state}" has no ${aspect} (its "${stateColumns(lifecycle)[aspect]}" column). Write it in a sentence.`,
        );
      }
    }
    const unknownKeys = Object.keys(entry).filter(
      (key) => !aspects.includes(key) && key !== 'actions',
    );
    unknownKeys.forEach((key) =>
      problems.push(
        `${entryAt}: ${name} state "${state}" has an unknown key "${key}". A state has ${[...aspects, 'actions'].join(', ')}${lifecycle.columns ? '' : ', unless its lifecycle declares other columns'}.`,
      ),
    );
    const actions: unknown = entry.actions;
    if (!Array.isArray(actions)) {
      problems.push(
        `${entryAt}: ${name} state "${state}" has no actions list. List what a user can do, as {label: Reconnect, operation: 'POST /stores/{id}/reconnect'}, or [] for nothing.`,
      );
      continue;
    }
    const actionsAt = where(actions, entryAt);
    actions.forEach((action: unknown) => {
      const at = where(action, actionsAt);
      const {label, operation} = (action ?? {}) as Record<string, unknown>;
      if (
        action === null ||
        typeof action !== 'object' ||
        Object.keys(action).some(
          (key) => !['label', 'operation'].includes(key),
        ) ||
        (label === undefined && operation === undefined) ||
        (label !== undefined && typeof label !== 'string') ||
        (operation !== undefined && typeof operation !== 'string')
      ) {
        problems.push(
          `${at}: ${name} state "${state}" has an action that is not {label, operation}. Write it as {label: Reconnect, operation: 'POST /stores/{id}/reconnect'}; either may be left out.`,
        );
        return;
      }
      if (typeof operation === 'string' && !operations.has(operation)) {
        const guess = nearest(operation, operations, {
          maxDistance: typoDistance(operation),
        });
        problems.push(
          `${at}: ${name} state "${state}": the action's operation "${operation}" is not an operation of the document${guess ? `; did you mean "${guess}"?` : '.'} Write it as METHOD /path, as 'POST /stores/{id}/reconnect'.`,
        );
      }
    });
  }
  return problems;
}

/**
 * The problems of the guide-only lifecycles (src/data/guide-lifecycles.yaml),
 * which no enum checks: each needs `initial` and `transitions` of states
 * named as strings, and its `states`, if any, one entry per state it names.
 */
export function guideLifecycleProblems(
  lifecycles: Readonly<Record<string, Lifecycle>>,
  document: OpenApiDocument,
  file: string,
): string[] {
  const operations = operationNames(document);
  return Object.entries(lifecycles ?? {}).flatMap(([name, lifecycle]) => {
    const at = where(lifecycle, file);
    const isText = (value: unknown) =>
      typeof value === 'string' && value.trim() !== '';
    if (
      lifecycle === null ||
      typeof lifecycle !== 'object' ||
      !Array.isArray(lifecycle.initial) ||
      !lifecycle.initial.every(isText) ||
      !Array.isArray(lifecycle.transitions)
    ) {
      return [
        `${at}: the lifecycle ${name} needs initial (a list of states) and transitions (a list of {from, to, trigger}).`,
      ];
    }
    const broken = lifecycle.transitions.filter(
      (transition) =>
        !isText(transition?.from) ||
        !isText(transition?.to) ||
        !isText(transition?.trigger),
    );
    if (broken.length > 0) {
      return broken.map(
        (transition) =>
          `${where(transition, at)}: a transition of ${name} needs from, to and trigger, each a text.`,
      );
    }
    const named = [
      ...new Set([
        ...lifecycle.initial,
        ...lifecycle.transitions.flatMap(({from, to}) => [from, to]),
      ]),
    ];
    return stateProblems(name, lifecycle, named, operations, file, false);
  });
}

/** A property whose `x-lifecycle` describes its enum's states. */
export interface LifecycleProperty {
  /** Where it is, such as `Order.status`. */
  where: string;
  schema: Schema;
  lifecycle: Lifecycle;
}

/** Every property of the spec's schemas that carries an `x-lifecycle`. */
export function lifecycleProperties(
  document: OpenApiDocument,
): LifecycleProperty[] {
  const found: LifecycleProperty[] = [];
  const visit = (schema: Schema, where: string) => {
    if (schema['x-lifecycle']) {
      found.push({where, schema, lifecycle: schema['x-lifecycle']});
    }
    Object.entries(schema.properties ?? {}).forEach(([key, property]) =>
      visit(property, `${where}.${key}`),
    );
    if (schema.items) {
      visit(schema.items, `${where}[]`);
    }
  };
  Object.entries(document.components.schemas).forEach(([name, schema]) =>
    visit(schema, name),
  );
  return found;
}

/** The states a lifecycle names that its property's enum lacks, one message each. */
export function lifecycleProblems(
  document: OpenApiDocument,
  fallbackFile: string,
): string[] {
  const operations = operationNames(document);
  return lifecycleProperties(document).flatMap(
    ({where: name, schema, lifecycle}) => {
      const at = where(schema['x-lifecycle'], fallbackFile);
      if (!schema.enum) {
        return [
          `${at}: ${name} has an x-lifecycle but no enum. Give the property an enum of its states.`,
        ];
      }
      const states = new Set(schema.enum.map(String));
      const named = [
        ...lifecycle.initial.map((state) => ['initial', state]),
        ...lifecycle.transitions.flatMap(({from, to}) => [
          ['from', from],
          ['to', to],
        ]),
      ];
      return named
        .filter(([, state]) => !states.has(state!))
        .map(
          ([role, state]) =>
            `${at}: ${name}'s x-lifecycle names the ${role} state "${state}", which is not in its enum. Add it to the enum or correct the name.`,
        )
        .concat(
          stateProblems(
            name,
            lifecycle,
            schema.enum.map(String),
            operations,
            fallbackFile,
            lifecyclesWithStates.includes(name),
          ),
        );
    },
  );
}

/** The `METHOD /path` operations a lifecycle text names in backticks. */
export const namedOperations = (text: string): string[] =>
  [...text.matchAll(/`((?:GET|POST|PUT|PATCH|DELETE) \/[^`]*)`/g)].map(
    (match) => match[1]!,
  );

/** The states in which each operation works, by the lifecycle: its state table's actions, else its transitions. */
export function allowedStates(lifecycle: Lifecycle): Map<string, string[]> {
  const allowed = new Map<string, string[]>();
  const allow = (operation: string, state: string) => {
    const states = allowed.get(operation) ?? [];
    if (!states.includes(state)) {
      allowed.set(operation, [...states, state]);
    }
  };
  if (lifecycle.states) {
    for (const [state, {actions}] of Object.entries(lifecycle.states)) {
      actions.forEach(({operation}) => operation && allow(operation, state));
    }
  } else {
    for (const {from, trigger} of lifecycle.transitions) {
      namedOperations(trigger).forEach((operation) => allow(operation, from));
    }
  }
  return allowed;
}

/** A lifecycle with a state table. */
export type StatedLifecycle = Lifecycle & {
  states: Record<string, LifecycleState>;
};

export const hasStates = (lifecycle: Lifecycle): lifecycle is StatedLifecycle =>
  lifecycle.states !== undefined;

/** The operation creating an object of a kind: `POST /brand-stores` for BrandStore. */
const creating = (kind: string) =>
  `POST /${kind.replace(/(?<=[a-z])(?=[A-Z])/g, '-').toLowerCase()}s`;

/**
 * The states of a kind's lifecycle offering `label` as an action on the
 * object (not one creating another of its kind).
 */
export const statesOffering = (
  kind: string,
  states: Record<string, LifecycleState>,
  label: string,
): string[] =>
  Object.entries(states)
    .filter(([, {actions}]) =>
      actions.some(
        (action) =>
          action.label === label && action.operation !== creating(kind),
      ),
    )
    .map(([state]) => state);

/** A trigger someone acts for: it names an operation (`` `POST /…` ``) or a label (**Pause**). */
const byHand = (trigger: string) =>
  namedOperations(trigger).length > 0 || /\*\*[^*]+\*\*/.test(trigger);

/**
 * The states an action leads to: the targets of the transitions its
 * operation or its label triggers (from a state offering it), or, for an
 * action that moves no state of its own, the states offering it; and the
 * states that follow from those by themselves, by transitions no operation
 * or label triggers (**Import** on a file leads to `validating`, then to
 * `completed` or `failed`).
 */
export function statesReached(
  lifecycle: StatedLifecycle,
  label: string,
): string[] {
  const offering = Object.entries(lifecycle.states).filter(([, {actions}]) =>
    actions.some((action) => action.label === label),
  );
  const operations = offering.flatMap(([, {actions}]) =>
    actions.flatMap((action) =>
      action.label === label && action.operation ? [action.operation] : [],
    ),
  );
  const triggered = lifecycle.transitions
    .filter(
      ({from, trigger}) =>
        offering.some(([state]) => state === from) &&
        (operations.some((operation) =>
          namedOperations(trigger).includes(operation),
        ) ||
          trigger.includes(`**${label}**`) ||
          trigger.includes(`→ ${label}`)),
    )
    .map(({to}) => to);
  const reached = new Set(
    triggered.length > 0 ? triggered : offering.map(([state]) => state),
  );
  // Then what follows by itself: a transition no operation or label triggers.
  for (const state of reached) {
    for (const {from, to, trigger} of lifecycle.transitions) {
      if (from === state && !byHand(trigger)) {
        reached.add(to);
      }
    }
  }
  return [...reached];
}
