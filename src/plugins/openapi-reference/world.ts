import {existsSync, readdirSync} from 'node:fs';
import path from 'node:path';
import * as z from 'zod';
import {AuthoringError} from '../../model/authoringError';
import {inWords} from '../../model/number-words';
import {months, zonedParts} from '../../model/dates';
import {allExampleCases, isBuilt} from './examples';
import {locationOf, readYaml, where} from '../../model/yaml';
import {readDataFile} from '../../model/dataFile';
import {
  type JsonValue,
  type LoadedSpec,
  type OpenApiDocument,
} from '../../model/openapi-types';
import {stateAt} from '../../lib/world/lists';
import {loadAppLabels} from '../../model/labels';
import {actorProblems} from '../../model/world-actors';
import {releaseProblems, typesAdded} from '../../model/world-releases';
import {loadProductNumbers} from '../../model/product-numbers';
import {releaseShipDays} from './release-days';
import {webhooksFileName} from './spec';
import {
  declaredMomentProblems,
  linkedLineProblem,
  sellingProblem,
  stateAt as storyStateAt,
  storyStepSchema,
  tellStory,
  type ObjectKinds,
  type Story,
} from '../../model/world-story';

/**
 * The sample world (openapi/world/world.yaml): the companies, people,
 * stores, products, orders and files every example and page shows, declared
 * once with their state at the world's now. The model's load checks every
 * example of each release's document against it, and pages state its facts
 * with `<World fact="…" />` (see remark.ts and docs/mdx.mdx).
 */

export const worldPath = 'openapi/world/world.yaml';

/** A value of JSON, as examples hold them. */
const jsonValue: z.ZodType<JsonValue> = z.lazy(() =>
  z.union([
    z.string(),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(jsonValue),
    z.record(z.string(), jsonValue),
  ]),
);

const fields = z.record(z.string(), jsonValue);
type Fields = z.infer<typeof fields>;

/** The time of a moment: UTC, to the second (quoted in the YAML). */
const utcTimeMessage =
  "a time is quoted, in UTC, to the second, such as '2023-05-04T16:00:00Z'";
const utcTime = z.iso.datetime({error: utcTimeMessage});

const worldObjectSchema = z.strictObject({
  /** Values that hold at every moment. */
  fixed: fields.optional(),
  /** Values that change, at the world's now. */
  now: fields.optional(),
  /** The same fields at other moments, each named by its `updated_at`. */
  earlier: z
    .array(
      fields.and(
        z.looseObject({
          updated_at: z.iso.datetime({
            error: (issue) =>
              issue.input === undefined
                ? 'name each earlier moment by the updated_at the object had then'
                : utcTimeMessage,
          }),
        }),
      ),
    )
    .optional(),
});

const worldSchema = z.strictObject({
  now: utcTime,
  /** Single facts that pages state and that belong to no one object. */
  facts: fields,
  objects: z.record(z.string(), worldObjectSchema),
  /** Fields of moments that are facts for pages, not fields of the API (`sendable`). */
  fact_fields: z.array(z.string()).optional(),
  /** What else a step may go through (its `via`): the platforms' and the Hub's own work, an email's link. */
  processes: z.array(z.string()),
  /** What happened, step by step: the story the moments are computed from. */
  happened: z.array(storyStepSchema),
});

export type WorldObject = z.infer<typeof worldObjectSchema>;

export type World = z.infer<typeof worldSchema> & {
  /** The file it was read from. */
  file: string;
  /** Every object's moments as the story computes them. */
  story: Story;
};

/**
 * A stock record's available figure is on hand minus allocated minus the
 * buffer, never below 0, and the units a transfer may take from it (a fact
 * for pages, `sendable`, where a page states it) are on hand minus
 * allocated: a world that says otherwise is wrong.
 */
function stockArithmetic(key: string, moment: Fields, file: string): string[] {
  const {on_hand: onHand, allocated, buffer, available, sendable} = moment;
  const problems: string[] = [];
  if (
    typeof onHand === 'number' &&
    typeof allocated === 'number' &&
    sendable !== undefined &&
    sendable !== Math.max(0, onHand - allocated)
  ) {
    problems.push(
      `${where(moment, file)}: ${key} has sendable ${String(sendable)}, but on hand ${onHand} − allocated ${allocated} is ${Math.max(0, onHand - allocated)}. Correct the figures.`,
    );
  }
  if (
    typeof onHand !== 'number' ||
    typeof allocated !== 'number' ||
    typeof buffer !== 'number' ||
    typeof available !== 'number'
  ) {
    return problems;
  }
  const expected = Math.max(0, onHand - allocated - buffer);
  return expected === available
    ? problems
    : [
        ...problems,
        `${where(moment, file)}: ${key} has available ${available}, but on hand ${onHand} − allocated ${allocated} − buffer ${buffer} is ${expected}. Correct the figures.`,
      ];
}

/** The resource files of the spec, whose kinds and lifecycles the story follows. */
const resourcesPath = 'openapi/resources';

/**
 * The kinds of objects of the spec's resource files as written (the latest
 * release's), by the prefix of their IDs (`ord`, from `^ord_[A-Za-z0-9]+$`),
 * each with its `status` lifecycle: the product's rules for the world's
 * story.
 */
export function resourceKinds(siteDir: string): ObjectKinds {
  const folder = path.join(siteDir, resourcesPath);
  if (!existsSync(folder)) {
    throw new AuthoringError('The sample world cannot be checked', [
      `${resourcesPath}: no such folder. The world's story follows the lifecycles of the spec's resources.`,
    ]);
  }
  return Object.fromEntries(
    readdirSync(folder)
      .filter((name) => name.endsWith('.yaml'))
      .flatMap((name) => {
        const resource = readYaml<
          Partial<OpenApiDocument> & {'x-object'?: string}
        >(path.join(folder, name));
        const object = resource['x-object'];
        const properties =
          object === undefined
            ? undefined
            : resource.components?.schemas?.[object]?.properties;
        const prefix = /^\^(\w+?)_/.exec(
          String(properties?.id?.pattern ?? ''),
        )?.[1];
        const lifecycle = properties?.status?.['x-lifecycle'];
        return object && prefix
          ? [[prefix, {name: object, ...(lifecycle ? {lifecycle} : {})}]]
          : [];
      }),
  );
}

/** The day each webhook event type was added (`x-added` in webhooks.yaml), by type. */
const webhookTypesAdded = (siteDir: string) =>
  typesAdded(
    readYaml<{webhooks?: Record<string, {post?: object}>}>(
      path.join(siteDir, 'openapi', webhooksFileName),
    ).webhooks,
  );

/** The operation IDs of the spec's resource files, which a story step's `via` may name. */
function resourceOperationIds(siteDir: string): Set<string> {
  const folder = path.join(siteDir, resourcesPath);
  return new Set(
    readdirSync(folder)
      .filter((name) => name.endsWith('.yaml'))
      .flatMap((name) =>
        Object.values(
          readYaml<Partial<OpenApiDocument>>(path.join(folder, name)).paths ??
            {},
        ).flatMap((item) =>
          Object.values(item ?? {}).flatMap((operation) =>
            typeof operation === 'object' &&
            operation !== null &&
            'operationId' in operation
              ? [String(operation.operationId)]
              : [],
          ),
        ),
      ),
  );
}

export function loadWorld(siteDir: string): World {
  const file = path.join(siteDir, worldPath);
  const world = readDataFile(
    siteDir,
    worldPath,
    worldSchema,
    'the sample world',
  );
  const problems = Object.entries(world.objects).flatMap(([key, object]) =>
    [object.now, ...(object.earlier ?? [])].flatMap((moment) =>
      moment ? stockArithmetic(key, moment, file) : [],
    ),
  );
  if (problems.length > 0) {
    throw new AuthoringError('The sample world is malformed', problems);
  }
  const story = tellStory(world, resourceKinds(siteDir), file);
  const storyProblems = [
    ...story.problems,
    ...actorProblems(
      world,
      story,
      {
        labels: loadAppLabels(siteDir).hub,
        operationIds: resourceOperationIds(siteDir),
        processes: new Set(world.processes),
        objects: new Set(Object.keys(world.objects)),
      },
      file,
    ),
    ...declaredMomentProblems(world, story, file),
    ...releaseProblems(
      world,
      story,
      {
        shipped: releaseShipDays(loadProductNumbers(siteDir)),
        added: webhookTypesAdded(siteDir),
      },
      file,
    ),
  ];
  if (storyProblems.length > 0) {
    throw new AuthoringError(
      "The sample world's story breaks the product's rules",
      storyProblems,
    );
  }
  return {...world, file, story};
}

/** The world's key of an object in an example: its ID, or `variant:warehouse` for a stock record. */
export function worldKey(value: {
  [key: string]: JsonValue;
}): string | undefined {
  if (typeof value.id === 'string') {
    return value.id;
  }
  if (
    typeof value.variant_id === 'string' &&
    typeof value.warehouse_id === 'string' &&
    'on_hand' in value
  ) {
    return `${value.variant_id}:${value.warehouse_id}`;
  }
  return undefined;
}

const same = (a: JsonValue | undefined, b: JsonValue | undefined) =>
  JSON.stringify(a) === JSON.stringify(b);

const show = (value: JsonValue | undefined) => JSON.stringify(value);

/** `file:line` of a part of the world, relative to the working folder. */
const worldLine = (world: World, part: unknown) => where(part, world.file);

/**
 * What the world says of one object of an example, as messages: the fixed
 * fields always; the fields at now when the example shows the object at now
 * (a schema's object example, or an example with now's `updated_at`); the
 * fields of an earlier moment when the example has its `updated_at`.
 */
function disagreements(
  world: World,
  key: string,
  object: WorldObject,
  value: {[key: string]: JsonValue},
  atNow: boolean,
): string[] {
  const compare = (fields: Fields, moment: string) =>
    Object.entries(fields)
      .filter(([field]) => field in value && !same(value[field], fields[field]))
      .map(
        ([field, expected]) =>
          `${key} field "${field}" is ${show(value[field])} in the example, but ${show(expected)} ${moment} in the world (${worldLine(world, fields)})`,
      );
  const problems = compare(object.fixed ?? {}, 'always');
  const updatedAt = value.updated_at;
  const named = (candidate: Fields | undefined) =>
    candidate !== undefined &&
    updatedAt !== undefined &&
    same(candidate.updated_at, updatedAt);
  // The moments with the example's updated_at: more than one when a change
  // leaves updated_at alone (a sign-in sets last_login_at); the example
  // shows one of them, and is measured against the first when it shows none.
  const earlier = (object.earlier ?? []).filter(named);
  const moments = [
    ...earlier.map((moment) => compare(moment, `at ${String(updatedAt)}`)),
    ...(earlier.length > 0 && object.now && named(object.now)
      ? [compare(object.now, `at now (${world.now})`)]
      : []),
  ];
  if (moments.length > 0) {
    problems.push(
      ...(moments.find((found) => found.length === 0) ?? moments[0]!),
    );
  } else if (object.now && (atNow || named(object.now))) {
    problems.push(...compare(object.now, `at now (${world.now})`));
  } else if (changedBeforeNow(world, object, updatedAt)) {
    problems.push(
      `${key} changed at ${String(updatedAt)} in the example, after its last change before now in the world (${String(object.now?.updated_at)}, ${worldLine(world, object.now)}), so the world's now would show that change; date the example after now (${world.now})`,
    );
  } else if (typeof updatedAt === 'string' && world.story.moments.has(key)) {
    // A moment the world does not declare is one its story computes: up to
    // now the story holds every change of an object it tells; after now,
    // only the changes pages rely on, so a write's answer dated then is
    // held to a moment only where the story has one.
    const told = world.story.moments.get(key)!;
    const moment = told.find((found) => found.at === updatedAt);
    if (!moment && instant(updatedAt) > instant(world.now)) {
      // But a state it shows is the story's then: a change of state after
      // now that the story lacks may break what it tells later (a user
      // disabled at 16:20 who acts at 18:05).
      const then = storyStateAt(world.story, key, updatedAt);
      if (
        then &&
        'status' in value &&
        'status' in then.state &&
        !same(value.status, then.state.status)
      ) {
        problems.push(
          `${key} is ${show(value.status)} at ${updatedAt} in the example, but the world's story has it ${show(then.state.status)} then (since ${then.at}, ${where(then.step, world.file)}): add the change to the story's steps, or date the example where the story has that state`,
        );
      }
      return problems;
    }
    problems.push(
      ...(moment
        ? compare(moment.state, `at ${updatedAt}`).map((problem) =>
            problem.replace(
              /\([^()]*\)$/,
              `(${where(moment.step, world.file)})`,
            ),
          )
        : [
            `${key} changed at ${updatedAt} in the example, but the world's story changes it at ${told.map((found) => found.at).join(', ')}: add the change to the story, or date the example at one of these`,
          ]),
    );
  }
  return problems;
}

const instant = (value: JsonValue | undefined) =>
  typeof value === 'string' ? Date.parse(value) : Number.NaN;

/**
 * Whether an example's `updated_at` falls between the object's last change
 * at now and the world's now: a change the world's now does not show. An
 * operation's example may show a later moment (a plan, or an action after
 * the day), or an earlier one the world lists, but not an unlisted change
 * of the day itself.
 */
function changedBeforeNow(
  world: World,
  object: WorldObject,
  updatedAt: JsonValue | undefined,
): boolean {
  const at = instant(updatedAt);
  const last = instant(object.now?.updated_at);
  return at > last && at <= instant(world.now);
}

/**
 * Every example of a release's document that disagrees with the world, one
 * message per object, at the file and line the object was written at.
 */
export function worldProblems(
  checked: LoadedSpec,
  world: World,
  fallbackFile: string,
): string[] {
  const problems: string[] = [];
  const visit = (value: JsonValue, atNow: boolean, writtenIn: object) => {
    if (value === null || typeof value !== 'object') {
      return;
    }
    if (Array.isArray(value)) {
      value.forEach((item) =>
        visit(item, false, locationOf(item) ? (item as object) : writtenIn),
      );
      return;
    }
    const key = worldKey(value);
    const object = key === undefined ? undefined : world.objects[key];
    const here = locationOf(value) ? value : writtenIn;
    if (key && object) {
      const found = disagreements(world, key, object, value, atNow);
      if (found.length > 0) {
        problems.push(
          `${where(here, fallbackFile)}: ${found.join('; ')}. Correct the example, or the world if the example is right.`,
        );
      }
    }
    for (const rule of [sellingProblem, linkedLineProblem]) {
      const broken = rule(world, world.story, value);
      if (broken) {
        problems.push(`${where(here, fallbackFile)}: ${broken}`);
      }
    }
    Object.values(value).forEach((child) => visit(child, false, here));
  };
  allExampleCases(checked)
    .filter((example) => !isBuilt(example))
    .forEach((example) => {
      // A schema's own example is its object at now ("The order object").
      const atNow = /^schema \w+ example \d+$/.test(example.where);
      visit(example.value, atNow, example.writtenIn);
    });
  return problems;
}

/**
 * How one object of an example differs from the world at now, as the
 * messages of `worldProblems` (a list example shows its objects at now).
 */
export function objectAtNowProblems(
  world: World,
  key: string,
  value: {[key: string]: JsonValue},
): string[] {
  const object = world.objects[key];
  return object ? disagreements(world, key, object, value, true) : [];
}

/**
 * What the world says of the objects of one sample (a page's JSON block):
 * one message per object that disagrees, naming its key and each field.
 */
export function worldObjectProblems(world: World, value: JsonValue): string[] {
  if (value === null || typeof value !== 'object') {
    return [];
  }
  if (Array.isArray(value)) {
    return value.flatMap((item) => worldObjectProblems(world, item));
  }
  const key = worldKey(value);
  const object = key === undefined ? undefined : world.objects[key];
  const own =
    key && object ? disagreements(world, key, object, value, false) : [];
  const broken = [sellingProblem, linkedLineProblem].flatMap(
    (rule) => rule(world, world.story, value) ?? [],
  );
  return [
    ...broken,
    ...(own.length > 0
      ? [
          `${own.join('; ')}. Correct the sample, or the world if the sample is right.`,
        ]
      : []),
    ...Object.values(value).flatMap((child) =>
      worldObjectProblems(world, child),
    ),
  ];
}

/**
 * A fact's value at now, or at another moment of the world (`at`, a time:
 * the object's latest moment at or before it), by its path:
 * `ord_5Yc1Hd6.status`, `facts.invalid_barcode`, `now`.
 */
export function worldFact(
  world: World,
  fact: string,
  at?: string,
): JsonValue | undefined {
  const [head, ...rest] = fact.split('.');
  let value: JsonValue | undefined;
  if (head === 'facts') {
    value = world.facts;
  } else if (head === 'now') {
    return world.now;
  } else {
    const object = world.objects[head ?? ''];
    // `at` names a moment of the world: the object as it is then, at its
    // latest moment at or before it, declared (its own `updated_at` names
    // that moment) or computed by the story.
    const valid = at !== undefined && !Number.isNaN(Date.parse(at));
    const moment =
      at === undefined
        ? object?.now
        : object && valid
          ? stateAt(object, Date.parse(at))
          : undefined;
    const told =
      object && valid
        ? storyStateAt(world.story, head!, at!)?.state
        : undefined;
    // An object with no moment at or before `at` (its fields never change,
    // or its first moment is later) still holds its fixed fields from
    // its creation.
    const created = object?.fixed?.created_at;
    const existed =
      valid &&
      typeof created === 'string' &&
      Date.parse(created) <= Date.parse(at!);
    value =
      object && (at === undefined || moment || told)
        ? {...object.fixed, ...object.now, ...moment, ...told}
        : object && existed
          ? {...object.fixed}
          : undefined;
  }
  for (const part of rest) {
    // A field that names another object of the world leads on to it:
    // `fil_5Hy8Cd3.uploaded_by.name`.
    const linked: WorldObject | undefined =
      typeof value === 'string' ? world.objects[value] : undefined;
    if (linked) {
      value = {...linked.fixed, ...linked.now};
    }
    // A list is read by place: `ntf_3Ja6Mr1.events.0`.
    value = Array.isArray(value)
      ? /^\d+$/.test(part)
        ? value[Number(part)]
        : undefined
      : value !== null && typeof value === 'object'
        ? value[part]
        : undefined;
  }
  return value;
}

/** How a page writes a fact: as it is, or a count, date, time or amount of it. */
export type FactFormat =
  'count' | 'number' | 'date' | 'time' | 'money' | 'switch';

/**
 * The hour and minute, or the day, of a moment in a time zone (the company's,
 * `Europe/London`, as the app shows times), or in UTC.
 */
function inZone(date: Date, zone: string) {
  const parts = zonedParts(date, zone);
  const twoDigits = (value: number) => String(value).padStart(2, '0');
  return {
    time: `${twoDigits(parts.hour)}:${twoDigits(parts.minute)}`,
    date: `${parts.day} ${months[parts.month - 1]} ${parts.year}`,
  };
}

export function formatFact(
  value: JsonValue,
  format?: string,
  zone = 'UTC',
): string {
  if (format === 'count') {
    if (!Array.isArray(value)) {
      throw new Error('format="count" needs a list');
    }
    return value.length === 0 ? 'no' : inWords(value.length);
  }
  if (format === 'money') {
    // The sample world's amounts are in minor units of its currency, GBP.
    if (typeof value !== 'number') {
      throw new Error('format="money" needs an amount in minor units');
    }
    return (value / 100).toLocaleString('en-GB', {
      style: 'currency',
      currency: 'GBP',
    });
  }
  if (format === 'number') {
    if (typeof value !== 'number') {
      throw new Error('format="number" needs a number');
    }
    return value.toLocaleString('en-GB');
  }
  if (format === 'switch') {
    // A setting the app shows as a switch: auto-publish On or Off.
    if (typeof value !== 'boolean') {
      throw new Error('format="switch" needs true or false');
    }
    return value ? 'On' : 'Off';
  }
  if (format === 'date' || format === 'time') {
    const date = typeof value === 'string' ? new Date(value) : undefined;
    if (!date || Number.isNaN(date.getTime())) {
      throw new Error(`format="${format}" needs a timestamp`);
    }
    try {
      return inZone(date, zone)[format];
    } catch {
      throw new Error(
        `zone="${zone}" is not a time zone (use an IANA name such as Europe/London)`,
      );
    }
  }
  if (format !== undefined) {
    throw new Error(
      `unknown format "${format}" (count, number, date, time, money or switch)`,
    );
  }
  if (value !== null && typeof value === 'object') {
    throw new Error(
      'the fact is a list or object; name one of its fields, or use format="count"',
    );
  }
  return String(value);
}
