import path from 'node:path';
import {allExampleCases, isBuilt, validateExample} from './examples';
import {apiReleases} from './releases';
import type {JsonValue, LoadedSpec, Schema} from '../../model/openapi-types';
import {locationOf, where} from '../../model/yaml';
import {fieldsAt} from '../../lib/world/lists';
import {typesAdded} from '../../model/world-releases';
import {allOperations} from '../../model/operations';
import {
  storyDeliveries,
  type DeliveryAttempt,
} from '../../model/world-deliveries';
import {worldKey, type World, type WorldObject} from './world';

/**
 * Events follow from changes (issue 30): every webhook payload example,
 * change-feed entry and delivery of a release's document is held to the
 * sample world (openapi/world/world.yaml) and to the dates things shipped.
 *
 * - an event's type existed on its date: a webhook's `x-added` (in
 *   openapi/webhooks.yaml) is the day its type was added, to every release;
 * - it is sent to a subscription of the world that existed on its date and
 *   listed its type then (`events`, which may change over time);
 * - its `api_version` is a release that had shipped on its date (the
 *   product number `release_<release>_released`) and, once a subscription of
 *   the world with an `api_version` exists, that subscription's release;
 * - `changed_fields` are exactly the fields of the object that differ
 *   between the world's moment of the change and the moment before it;
 * - its `created_at` is the moment of the change: the object's `updated_at`
 *   (or `created_at`, for an object that is never updated);
 * - a subscription's `deliveries` are its newest attempts as the story
 *   makes them (src/model/world-deliveries.ts), at the example's moment:
 *   now for a read, the subscription's `updated_at` for a write's answer.
 */

type Fields = Record<string, JsonValue>;
type JsonObject = {[key: string]: JsonValue};

export interface EventDates {
  /** The day each release shipped, `YYYY-MM-DD`; a release without one always existed. */
  releaseShipped: Record<string, string | undefined>;
}

/** What the check saw, for the closing counts. */
export interface EventCounts {
  payloads: number;
  feedEntries: number;
  deliveries: number;
}

/** The day each release shipped, from the product numbers (`release_2023_07_released`). */
export function eventDates(
  numbers: readonly {name: string; value: number | string}[],
): EventDates {
  return {
    releaseShipped: Object.fromEntries(
      apiReleases.map((release) => [
        release,
        numbers
          .find(
            (number) =>
              number.name === `release_${release.replace('-', '_')}_released`,
          )
          ?.value.toString(),
      ]),
    ),
  };
}

const isObject = (value: JsonValue | undefined): value is JsonObject =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const show = (value: JsonValue | undefined) =>
  value === undefined ? 'absent' : JSON.stringify(value);

const same = (a: JsonValue | undefined, b: JsonValue | undefined) =>
  JSON.stringify(a) === JSON.stringify(b);

const list = (fields: readonly string[]) => `[${fields.join(', ')}]`;

const day = (moment: string) => moment.slice(0, 10);

/** Event types whose `changed_fields` list what changed; the others list none. */
const listsChanges = (type: string) =>
  type.endsWith('.updated') || type === 'price_change.applied';

/** The world's moments of an object, oldest first, each with its `updated_at`. */
function moments(object: WorldObject): Fields[] {
  return [...(object.earlier ?? []), ...(object.now ? [object.now] : [])]
    .filter((moment) => typeof moment.updated_at === 'string')
    .sort((a, b) => String(a.updated_at).localeCompare(String(b.updated_at)));
}

/**
 * The fields that differ between the world's moment at `at` and the one
 * before it, among `shown` (the fields the entry can name), or why the world
 * cannot say.
 */
function worldChange(
  world: World,
  key: string,
  at: string,
  shown: (field: string) => boolean,
): {changed: string[]; before: Fields; after: Fields} | string {
  const object = world.objects[key];
  if (!object) {
    return `cannot be checked: ${key} is not in the world; declare it and its moments in ${path.relative(process.cwd(), world.file)}`;
  }
  const all = moments(object);
  const index = all.findIndex((moment) => moment.updated_at === at);
  // A moment the world does not declare is one its story may tell.
  const told = world.story.moments.get(key) ?? [];
  const toldIndex = told.findIndex((moment) => moment.at === at);
  if (index < 0 && toldIndex > 0) {
    return fieldsChanged(
      world,
      told[toldIndex - 1]!.state,
      told[toldIndex]!.state,
      shown,
    );
  }
  if (index < 0) {
    return `cannot be checked: the world has no moment of ${key} at ${at}; declare it under ${key}'s earlier in ${path.relative(process.cwd(), world.file)}`;
  }
  if (index === 0) {
    return `cannot be checked: the world has no moment of ${key} before ${at}; declare the state it changed from under ${key}'s earlier in ${path.relative(process.cwd(), world.file)}`;
  }
  return fieldsChanged(world, all[index - 1]!, all[index]!, shown);
}

/** The fields a change made differ, among those an entry can name. */
function fieldsChanged(
  world: World,
  before: Fields,
  after: Fields,
  shown: (field: string) => boolean,
): {changed: string[]; before: Fields; after: Fields} {
  const factOnly = new Set(world.fact_fields ?? []);
  const changed = Object.keys(after).filter(
    (field) =>
      field !== 'updated_at' &&
      !factOnly.has(field) &&
      field in before &&
      shown(field) &&
      !same(before[field], after[field]),
  );
  return {changed, before, after};
}

/** The first difference between the fields an entry names and those that changed. */
function changedFieldsProblem(
  named: readonly string[],
  change: {changed: string[]; before: Fields; after: Fields},
  key: string,
  at: string,
  world: World,
): string | undefined {
  const missing = change.changed.find((field) => !named.includes(field));
  if (missing !== undefined) {
    return `leaves out ${missing}, which went from ${show(change.before[missing])} to ${show(change.after[missing])} at ${at} in the world (${where(change.after, world.file)})`;
  }
  const extra = named.find((field) => !change.changed.includes(field));
  if (extra !== undefined) {
    const was = change.before[extra];
    return extra in change.before && extra in change.after
      ? `names ${extra}, which stayed ${show(was)} at ${at} in the world (${where(change.after, world.file)})`
      : `names ${extra}, which the world does not record changing for ${key} at ${at}; declare it in both moments of ${path.relative(process.cwd(), world.file)}, or drop it`;
  }
  return undefined;
}

/**
 * The subscriptions of the world that have a release, with when they were
 * created and the event types they list at `at` (their `events` then; none
 * declared means every type).
 */
function subscriptions(world: World, at: string) {
  return Object.entries(world.objects)
    .filter(
      ([key, object]) =>
        /^ntf_[A-Za-z0-9]+$/.test(key) &&
        typeof object.fixed?.api_version === 'string' &&
        typeof object.fixed.created_at === 'string',
    )
    .map(([key, object]) => {
      const events = fieldsAt(object, Date.parse(at)).events;
      return {
        key,
        release: String(object.fixed!.api_version),
        created: String(object.fixed!.created_at),
        events: Array.isArray(events) ? events.map(String) : undefined,
      };
    });
}

/**
 * An event is sent to a subscription that existed at its time and listed
 * its type then; a test event goes to the one it tests.
 */
function subscriptionProblem(
  type: string,
  at: string,
  world: World,
): string | undefined {
  if (type === 'notification.test') {
    return undefined;
  }
  const all = subscriptions(world, at);
  if (
    all.length === 0 ||
    all.some(
      (subscription) =>
        subscription.created <= at &&
        (subscription.events === undefined ||
          subscription.events.includes(type)),
    )
  ) {
    return undefined;
  }
  return `${type} at ${at} is sent to no subscription of the world: none that existed then listed ${type} (${all.map((subscription) => `${subscription.key}: ${subscription.created > at ? `created ${subscription.created}` : list(subscription.events ?? [])}`).join('; ')})`;
}

function typeProblem(
  type: string,
  at: string,
  added: Map<string, string | undefined>,
): string | undefined {
  if (!added.has(type)) {
    return `${type} is not a webhook event type of this release`;
  }
  const since = added.get(type);
  return since !== undefined && day(at) < since
    ? `${type} is dated ${at}, before the type was added on ${since} (x-added in openapi/webhooks.yaml)`
    : undefined;
}

function releaseProblem(
  release: JsonValue | undefined,
  type: string,
  at: string,
  dates: EventDates,
  world: World,
): string | undefined {
  if (typeof release !== 'string' || !apiReleases.includes(release as never)) {
    return `${type} has api_version ${show(release)}, which is not a release (${apiReleases.join(', ')})`;
  }
  const shipped = dates.releaseShipped[release];
  if (shipped !== undefined && day(at) < shipped) {
    return `${type} at ${at} has api_version "${release}", which shipped on ${shipped}`;
  }
  // The subscriptions that existed then and list the type (or do not say).
  const subscribed = subscriptions(world, at).filter(
    (subscription) =>
      subscription.created <= at &&
      (subscription.events === undefined || subscription.events.includes(type)),
  );
  if (
    subscribed.length > 0 &&
    !subscribed.some((subscription) => subscription.release === release)
  ) {
    const names = subscribed
      .map((subscription) => `${subscription.key}'s "${subscription.release}"`)
      .join(' or ');
    return `${type} at ${at} has api_version "${release}", but the subscription it is sent to has ${names}`;
  }
  return undefined;
}

/** The moment an event's object shows: its `updated_at`, or `created_at` if it has none. */
function objectMoment(object: JsonObject): string | undefined {
  const at = object.updated_at ?? object.created_at;
  return typeof at === 'string' ? at : undefined;
}

function payloadProblems(
  event: JsonObject,
  world: World,
  dates: EventDates,
  added: Map<string, string | undefined>,
): string[] {
  const type = String(event.type);
  const at = String(event.created_at);
  const data = isObject(event.data) ? event.data : {};
  const object = isObject(data.object) ? data.object : {};
  const named = Array.isArray(data.changed_fields)
    ? data.changed_fields.map(String)
    : undefined;
  const problems: string[] = [];
  const typeWrong = typeProblem(type, at, added);
  if (typeWrong) {
    problems.push(typeWrong);
  }
  const releaseWrong = releaseProblem(
    event.api_version,
    type,
    at,
    dates,
    world,
  );
  if (releaseWrong) {
    problems.push(releaseWrong);
  }
  // A type that did not exist then is its own mistake, not a subscription's.
  const unsent = typeWrong ? undefined : subscriptionProblem(type, at, world);
  if (unsent) {
    problems.push(unsent);
  }
  // A delete and a test event are not changes of the object they carry
  // (a delete is held to its step below).
  const isChange = !type.endsWith('.deleted') && type !== 'notification.test';
  const changedAt = objectMoment(object);
  if (isChange && changedAt !== undefined && changedAt !== at) {
    problems.push(
      `${type} has created_at ${at}, but the change it reports happened at ${changedAt} (the object's ${'updated_at' in object ? 'updated_at' : 'created_at'}); an event's created_at is the moment of the change`,
    );
  }
  const key = worldKey(object);
  // A delete is the story's own step: dated when the story deletes the object.
  if (type.endsWith('.deleted')) {
    const deletedAt =
      key === undefined ? undefined : world.story.deleted.get(key);
    if (deletedAt === undefined) {
      problems.push(
        `${type} deletes ${key ?? 'an object without an ID'}, which the story never deletes; add its delete step (do: delete) to the world`,
      );
    } else if (deletedAt !== at) {
      problems.push(
        `${type} has created_at ${at}, but the story deletes ${key} at ${deletedAt}; an event's created_at is the moment of the change`,
      );
    }
  }
  if (named !== undefined && !listsChanges(type)) {
    if (named.length > 0) {
      problems.push(
        `${type} changed_fields ${list(named)} should be empty: only .updated events and price_change.applied list changed fields`,
      );
    }
  } else if (named !== undefined && (key === undefined || !changedAt)) {
    problems.push(
      `${type} changed_fields ${list(named)} cannot be checked: its object has no ID and updated_at the world could know it by`,
    );
  } else if (named !== undefined && key !== undefined && changedAt) {
    const change = worldChange(
      world,
      key,
      changedAt,
      (field) => field in object,
    );
    const wrong =
      typeof change === 'string'
        ? change
        : changedFieldsProblem(named, change, key, changedAt, world);
    if (wrong) {
      problems.push(`${type} changed_fields ${list(named)} ${wrong}`);
    }
  }
  return problems;
}

function feedEntryProblems(entry: JsonObject, world: World): string[] {
  const at = String(entry.occurred_at);
  const key = String(entry.resource_id);
  const named = Array.isArray(entry.changed_fields)
    ? entry.changed_fields.map(String)
    : [];
  // A created or deleted record's entry has no moment before or after.
  if (entry.action !== 'updated') {
    return [];
  }
  const change = worldChange(world, key, at, () => true);
  const wrong =
    typeof change === 'string'
      ? change
      : changedFieldsProblem(named, change, key, at, world);
  if (wrong) {
    return [
      `change ${String(entry.id)} changed_fields ${list(named)} ${wrong}`,
    ];
  }
  if (typeof change !== 'string') {
    const before = isObject(entry.before) ? entry.before : {};
    const after = isObject(entry.after) ? entry.after : {};
    const off = named.find(
      (field) =>
        !same(before[field], change.before[field]) ||
        !same(after[field], change.after[field]),
    );
    if (off !== undefined) {
      return [
        `change ${String(entry.id)} has ${off} ${show(before[off])} → ${show(after[off])}, but the world has ${show(change.before[off])} → ${show(change.after[off])} at ${at} (${where(change.after, world.file)})`,
      ];
    }
  }
  return [];
}

/**
 * The subscription the world says a delivery was made to (its deliveries
 * are keyed `subscription:event:attempt`) did not list the event's type
 * when it was attempted.
 */
function deliverySubscriptionProblem(
  delivery: JsonObject,
  world: World,
): string | undefined {
  const type = String(delivery.event_type);
  const at = String(delivery.attempted_at);
  if (type === 'notification.test') {
    // A test goes to the subscription tested, whatever it lists.
    return undefined;
  }
  const key = Object.keys(world.objects).find((candidate) =>
    candidate.endsWith(
      `:${String(delivery.event_id)}:${String(delivery.attempt)}`,
    ),
  );
  const subscription = key && world.objects[key.split(':')[0]];
  if (!subscription) {
    return undefined;
  }
  const events = fieldsAt(subscription, Date.parse(at)).events;
  if (!Array.isArray(events) || events.map(String).includes(type)) {
    return undefined;
  }
  return `delivery of ${String(delivery.event_id)} (${type}) at ${at} was made to ${key.split(':')[0]}, which then listed ${list(events.map(String))}`;
}

function deliveryProblems(
  delivery: JsonObject,
  added: Map<string, string | undefined>,
  events: Map<string, JsonObject>,
  world: World,
): string[] {
  const type = String(delivery.event_type);
  const at = String(delivery.attempted_at);
  const problems: string[] = [];
  const typeWrong = typeProblem(type, at, added);
  if (typeWrong) {
    problems.push(`delivery of ${String(delivery.event_id)}: ${typeWrong}`);
  }
  const unsubscribed = typeWrong
    ? undefined
    : deliverySubscriptionProblem(delivery, world);
  if (unsubscribed) {
    problems.push(unsubscribed);
  }
  const event = events.get(String(delivery.event_id));
  if (event && event.type !== type) {
    problems.push(
      `delivery of ${String(delivery.event_id)} has event_type ${type}, but that event is ${String(event.type)}`,
    );
  } else if (event && at < String(event.created_at)) {
    problems.push(
      `delivery of ${String(delivery.event_id)} was attempted at ${at}, before the event happened (${String(event.created_at)})`,
    );
  }
  return problems;
}

const isPayload = (value: JsonObject) =>
  typeof value.type === 'string' &&
  typeof value.api_version === 'string' &&
  /^evt_/.test(String(value.id)) &&
  isObject(value.data);

const isFeedEntry = (value: JsonObject) =>
  /^chg_/.test(String(value.id)) &&
  typeof value.resource_id === 'string' &&
  typeof value.occurred_at === 'string';

const isDelivery = (value: JsonObject) =>
  typeof value.event_id === 'string' &&
  typeof value.event_type === 'string' &&
  typeof value.attempted_at === 'string';

/**
 * The event payloads and change-feed entries of one sample (a page's JSON
 * block) that do not follow from a change of the world, checked against the
 * page's release; one message each, without file and line.
 */
export function eventSampleProblems(
  value: JsonValue,
  world: World,
  checked: LoadedSpec,
  dates: EventDates,
): string[] {
  const added = typesAdded(checked.document.webhooks);
  const visit = (item: JsonValue): string[] => {
    if (item === null || typeof item !== 'object') {
      return [];
    }
    if (Array.isArray(item)) {
      return item.flatMap(visit);
    }
    const own = isPayload(item)
      ? payloadProblems(item, world, dates, added)
      : isFeedEntry(item)
        ? feedEntryProblems(item, world)
        : [];
    return [
      ...own.map((problem) => `${problem}.`),
      ...Object.values(item).flatMap(visit),
    ];
  };
  return visit(value);
}

/** An attempt as a delivery row shows it, to compare and to name. */
const attemptText = (row: {
  event_type?: JsonValue;
  attempt?: JsonValue;
  attempted_at?: JsonValue;
  outcome?: JsonValue;
}) =>
  `${String(row.event_type)} attempt ${String(row.attempt)} at ${String(row.attempted_at)}, ${String(row.outcome)}`;

const expectedRow = (attempt: DeliveryAttempt) => ({
  event_type: attempt.event.type,
  attempt: attempt.attempt,
  attempted_at: attempt.attemptedAt,
  outcome: attempt.declared?.outcome ?? 'succeeded',
});

/**
 * The subscriptions that examples show with their `deliveries`, each held to
 * the story's attempts: the newest (as many as the schema's `maxItems`),
 * newest first, with each event's ID the one its payload example or the
 * world's declared attempt gives, and no ID standing for two events.
 */
function deliveryLogProblems(
  checked: LoadedSpec,
  world: World,
  added: Map<string, string | undefined>,
  payloads: JsonObject[],
  fallbackFile: string,
): string[] {
  const {attempts, problems} = storyDeliveries(
    world.story,
    world,
    added,
    (key) => where(world.objects[key]?.fixed ?? {}, world.file),
  );
  const shown = (
    checked.document.components.schemas.Notification?.properties?.deliveries as
      Schema | undefined
  )?.maxItems;
  const methods = new Map(
    allOperations(checked.document).map(({method, operation}) => [
      `operation ${operation.operationId},`,
      method,
    ]),
  );
  const idOf = (attempt: DeliveryAttempt) =>
    attempt.eventId ??
    payloads.find(
      (payload) =>
        payload.type === attempt.event.type &&
        payload.created_at === attempt.event.at &&
        isObject(payload.data) &&
        isObject(payload.data.object) &&
        worldKey(payload.data.object) === attempt.event.object,
    )?.id;
  /** Each event ID the logs use, with the event it stands for. */
  const eventOfId = new Map<string, string>();
  const logs = allExampleCases(checked)
    .filter((example) => !isBuilt(example))
    .flatMap((example) => {
      const found: {
        log: JsonObject;
        here: object;
        at: string;
        event?: string;
      }[] = [];
      const method = methods.get(example.where.split(' response')[0] ?? '');
      const visit = (value: JsonValue, writtenIn: object, event?: string) => {
        if (value === null || typeof value !== 'object') {
          return;
        }
        const here = locationOf(value) ? value : writtenIn;
        if (Array.isArray(value)) {
          value.forEach((item) => visit(item, here, event));
          return;
        }
        // An event's object is as it was when the event was made.
        const made = isPayload(value) ? String(value.created_at) : event;
        if (/^ntf_/.test(String(value.id)) && Array.isArray(value.deliveries)) {
          found.push({
            log: value,
            here,
            at:
              made ??
              (method && method !== 'get'
                ? String(value.updated_at)
                : world.now),
            event: made,
          });
        }
        Object.values(value).forEach((child) => visit(child, here, made));
      };
      visit(example.value, example.writtenIn);
      return found;
    });
  /** Logs already found wrong: one shared by several examples (a YAML alias) is one mistake. */
  const wrong = new Set<JsonValue>();
  for (const {log, here, at, event} of logs) {
    if (wrong.has(log.deliveries)) {
      continue;
    }
    const subscription = String(log.id);
    const expected = (attempts.get(subscription) ?? [])
      .filter((attempt) =>
        event ? attempt.attemptedAt < at : attempt.attemptedAt <= at,
      )
      .reverse()
      .slice(0, shown);
    const rows = (log.deliveries as JsonValue[]).filter(isObject);
    if (
      rows.some((row) =>
        typeProblem(String(row.event_type), String(row.attempted_at), added),
      )
    ) {
      // Its delivery of a type that did not exist then is the one line.
      continue;
    }
    const place = where(here, fallbackFile);
    const mismatch = expected.findIndex((attempt, index) => {
      const row = rows[index];
      return !row || attemptText(row) !== attemptText(expectedRow(attempt));
    });
    if (mismatch >= 0) {
      const attempt = expected[mismatch]!;
      const row = rows[mismatch];
      wrong.add(log.deliveries);
      problems.push(
        `${place}: ${subscription}'s deliveries at ${at} differ from the world's at row ${mismatch + 1}: ${row ? `the example has ${attemptText(row)}` : 'the example stops'}, the world's attempt is ${attemptText(expectedRow(attempt))} (${attempt.event.type} of ${attempt.event.object} at ${attempt.event.at}). The deliveries are the newest attempts of the story's events to the subscription, one second apart.`,
      );
      continue;
    }
    if (rows.length > expected.length) {
      wrong.add(log.deliveries);
      problems.push(
        `${place}: ${subscription}'s deliveries at ${at} have ${rows.length} rows, but the world has ${expected.length} attempts by then (row ${expected.length + 1}: ${attemptText(rows[expected.length]!)}).`,
      );
      continue;
    }
    expected.forEach((attempt, index) => {
      const given = String(rows[index]!.event_id);
      const id = idOf(attempt);
      const event = `${attempt.event.type} of ${attempt.event.object} at ${attempt.event.at}`;
      const before = eventOfId.get(given);
      if (id !== undefined && id !== given) {
        problems.push(
          `${place}: ${subscription}'s delivery row ${index + 1} gives ${event} the ID ${given}, but that event is ${String(id)}.`,
        );
      } else if (before !== undefined && before !== event) {
        problems.push(
          `${place}: ${subscription}'s delivery row ${index + 1} gives ${event} the ID ${given}, which another example gives ${before}.`,
        );
      }
      eventOfId.set(given, event);
    });
  }
  return problems;
}

/**
 * Every event example of a release's document that does not follow from a
 * change of the world, one line per mistake at the example's file and line.
 */
export function eventProblems(
  checked: LoadedSpec,
  world: World,
  dates: EventDates,
  fallbackFile: string,
): {problems: string[]; counts: EventCounts} {
  const added = typesAdded(checked.document.webhooks);
  const found: {value: JsonObject; here: object; kind: string}[] = [];
  const seen = new Set<object>();
  const visit = (value: JsonValue, writtenIn: object) => {
    if (value === null || typeof value !== 'object' || seen.has(value)) {
      return;
    }
    seen.add(value);
    const here = locationOf(value) ? value : writtenIn;
    if (Array.isArray(value)) {
      value.forEach((item) => visit(item, here));
      return;
    }
    const kind = isPayload(value)
      ? 'payload'
      : isFeedEntry(value)
        ? 'feed'
        : isDelivery(value)
          ? 'delivery'
          : undefined;
    if (kind) {
      found.push({value, here, kind});
    }
    Object.values(value).forEach((child) => visit(child, here));
  };
  allExampleCases(checked)
    .filter((example) => !isBuilt(example))
    .forEach((example) => visit(example.value, example.writtenIn));
  const events = new Map(
    found
      .filter(({kind}) => kind === 'payload')
      .map(({value}) => [String(value.id), value]),
  );
  const problems = found.flatMap(({value, here, kind}) =>
    (kind === 'payload'
      ? payloadProblems(value, world, dates, added)
      : kind === 'feed'
        ? feedEntryProblems(value, world)
        : deliveryProblems(value, added, events, world)
    ).map((problem) => `${where(here, fallbackFile)}: ${problem}.`),
  );
  const count = (kind: string) =>
    new Set(
      found
        .filter((entry) => entry.kind === kind)
        .map(({value}) =>
          kind === 'delivery'
            ? `${String(value.event_id)}:${String(value.attempt)}`
            : String(value.id),
        ),
    ).size;
  problems.push(
    ...deliveryLogProblems(
      checked,
      world,
      added,
      [...events.values()],
      fallbackFile,
    ),
  );
  return {
    problems: [...new Set(problems)],
    counts: {
      payloads: count('payload'),
      feedEntries: count('feed'),
      deliveries: count('delivery'),
    },
  };
}

/**
 * A payload is written in the release its `api_version` names: an event
 * example of one release's document that names another release (an older
 * subscription's event) must be valid in that release's document too.
 */
export function eventShapeProblems(
  documents: readonly {
    release: string;
    spec: LoadedSpec;
    fallbackFile: string;
  }[],
): string[] {
  const byRelease = new Map(documents.map((entry) => [entry.release, entry]));
  return documents.flatMap(({release, spec, fallbackFile}) =>
    allExampleCases(spec)
      .filter((example) => !isBuilt(example))
      .flatMap((example) => {
        const value = example.value;
        if (!isObject(value) || !isPayload(value)) {
          return [];
        }
        const named = String(value.api_version);
        const other = byRelease.get(named);
        if (named === release || !other) {
          return [];
        }
        const schema = other.spec.document.webhooks?.[String(value.type)]?.post
          ?.requestBody as
          {content?: Record<string, {schema?: Schema}>} | undefined;
        const eventSchema = schema?.content?.['application/json']?.schema;
        if (!eventSchema) {
          return [
            `${where(example.writtenIn, fallbackFile)}: ${String(value.type)} has api_version "${named}", whose document has no such event.`,
          ];
        }
        const errors = validateExample(
          {where: String(value.id), schema: eventSchema, value},
          other.spec,
        );
        return errors.length > 0
          ? [
              `${where(example.writtenIn, fallbackFile)}: ${String(value.type)} has api_version "${named}" but is not written in ${named}: ${errors[0]}. Show that release's shape, or a subscription of ${release}.`,
            ]
          : [];
      }),
  );
}
