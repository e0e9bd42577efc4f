import type {JsonValue} from './openapi-types';
import {snakeCase} from './snake-case';
import {kindIn, stateAt, type Story, type StoryStep} from './world-story';

/**
 * The events the world's story sends and the deliveries they make (issue
 * 30): what a subscription's delivery log holds follows from what happened,
 * as its objects' states do.
 *
 * - An object's change sends one event per second it changes in: its
 *   creation `<resource>.created`; a move to a state that names a type of
 *   its own (`brand_store.ended`, or the one such type of a resource when
 *   the state is final, as `batch_stock.completed` is sent whatever the
 *   outcome) that type; any other change of a field but `updated_at` and
 *   `last_synced_at` `<resource>.updated`. A type the release does not have, or had not yet
 *   added, sends nothing. A stock record's resource is `stock`.
 * - An event goes to each subscription that is `active` then, was created
 *   by then and lists its type then.
 * - A subscription's events are delivered one at a time, in the order they
 *   happened: each first attempt a second after its event, and a second
 *   after the attempt before it. The world declares
 *   (`subscription:event:attempt`) the attempts that did not simply succeed,
 *   with their retries, and those whose event an example names by its ID. A test event (`notification.test`) is
 *   sent at once when someone tests the subscription, changes nothing, and
 *   is known only by the attempt the world declares.
 */

type Fields = Record<string, JsonValue>;

/** One event the story sends. */
export interface StoryEvent {
  type: string;
  /** The object it carries, by its key in the world. */
  object: string;
  /** When the change happened. */
  at: string;
}

/** One attempt to deliver an event to a subscription. */
export interface DeliveryAttempt {
  event: StoryEvent;
  /** The event's ID, where the world's declared attempts name it. */
  eventId?: string;
  attempt: number;
  attemptedAt: string;
  /** The attempt as the world declares it (outcome, status code), if it does. */
  declared?: Fields;
}

export interface DeliveryWorld {
  objects: Record<string, {fixed?: Fields}>;
  happened?: StoryStep[];
}

/** Each subscription's delivery attempts, oldest first, and what the world declares that no event explains. */
export interface Deliveries {
  attempts: Map<string, DeliveryAttempt[]>;
  problems: string[];
}

const same = (a: JsonValue | undefined, b: JsonValue | undefined) =>
  JSON.stringify(a) === JSON.stringify(b);

const secondAfter = (at: string) =>
  new Date(Date.parse(at) + 1000).toISOString().replace('.000Z', 'Z');

const testType = 'notification.test';

/**
 * Fields that keep time, not data: a change of these alone (a sync that
 * found nothing to change, a count that confirmed the figure) sends no
 * event, as it makes no entry in the change feed.
 */
const bookkeeping = new Set(['updated_at', 'last_synced_at']);

const isSubscription = (key: string) => /^ntf_[A-Za-z0-9]+$/.test(key);

/**
 * The events the story sends, in the order they happened.
 * @param types the release's event types, each with the day it was added (none: always)
 */
export function storyEvents(
  story: Story,
  world: DeliveryWorld,
  types: ReadonlyMap<string, string | undefined>,
): StoryEvent[] {
  const order = new Map(
    (world.happened ?? []).map((step, index) => [step, index]),
  );
  const resourceOf = (key: string) =>
    /^var_\w+:wh_\w+$/.test(key)
      ? 'stock'
      : key.includes(':')
        ? undefined
        : snakeCase(kindIn(story.kinds, key)?.name ?? '');
  const sent = (type: string, at: string) =>
    types.has(type) && (types.get(type) ?? '') <= at.slice(0, 10);
  const events: (StoryEvent & {order: number; own: boolean})[] = [];
  for (const [key, moments] of story.moments) {
    const resource = resourceOf(key);
    if (!resource) {
      continue;
    }
    const named = [...types.keys()].filter(
      (type) =>
        type.startsWith(`${resource}.`) &&
        !/\.(created|updated|deleted)$/.test(type),
    );
    const lifecycle = story.kinds[key.split('_')[0] ?? '']?.lifecycle;
    const isFinal = (state: JsonValue | undefined) =>
      typeof state === 'string' &&
      lifecycle !== undefined &&
      !lifecycle.transitions.some((transition) =>
        [transition.from].flat().includes(state),
      );
    moments.forEach((moment, index) => {
      const before: Fields | undefined = moments[index - 1]?.state;
      const after = moment.state;
      const {step} = moment;
      let type: string | undefined;
      if (step.do === 'delete' && step.object === key) {
        type = `${resource}.deleted`;
      } else if (!before) {
        type =
          step.object === key && step.do === 'create'
            ? `${resource}.created`
            : `${resource}.updated`;
      } else if (
        Object.keys({...before, ...after}).some(
          (field) =>
            !bookkeeping.has(field) && !same(before[field], after[field]),
        )
      ) {
        const status = after.status;
        type =
          status !== before.status &&
          named.includes(`${resource}.${String(status)}`)
            ? `${resource}.${String(status)}`
            : status !== before.status && isFinal(status) && named.length === 1
              ? named[0]
              : `${resource}.updated`;
      }
      if (type && sent(type, moment.at)) {
        events.push({
          type,
          object: key,
          at: moment.at,
          order: order.get(step) ?? Number.MAX_SAFE_INTEGER,
          own: step.object === key,
        });
      }
    });
  }
  return events
    .sort(
      (a, b) =>
        a.at.localeCompare(b.at) ||
        a.order - b.order ||
        Number(b.own) - Number(a.own) ||
        a.object.localeCompare(b.object),
    )
    .map(({type, object, at}) => ({type, object, at}));
}

/**
 * Every subscription's delivery attempts, computed from the story's events
 * and the attempts the world declares.
 * @param file world.yaml, for messages
 * @param placeOf where a declared attempt is written, for messages
 */
export function storyDeliveries(
  story: Story,
  world: DeliveryWorld,
  types: ReadonlyMap<string, string | undefined>,
  placeOf: (key: string) => string,
): Deliveries {
  const events = storyEvents(story, world, types);
  const declared = Object.entries(world.objects).filter(([key]) =>
    /^ntf_\w+:evt_\w+:\d+$/.test(key),
  );
  const matched = new Set<string>();
  const attempts = new Map<string, DeliveryAttempt[]>();
  const problems: string[] = [];
  for (const subscription of Object.keys(world.objects).filter(
    isSubscription,
  )) {
    const created = String(world.objects[subscription]?.fixed?.created_at);
    const listed = (event: StoryEvent) => {
      const state = stateAt(story, subscription, event.at)?.state;
      return (
        created <= event.at &&
        state?.status === 'active' &&
        Array.isArray(state.events) &&
        state.events.includes(event.type)
      );
    };
    const own: DeliveryAttempt[] = [];
    let last: string | undefined;
    for (const event of events.filter(listed)) {
      const first = secondAfter(last && last >= event.at ? last : event.at);
      last = first;
      const start = declared.find(
        ([key, object]) =>
          key.startsWith(`${subscription}:`) &&
          key.endsWith(':1') &&
          object.fixed?.attempted_at === first,
      );
      if (!start) {
        own.push({event, attempt: 1, attemptedAt: first});
        continue;
      }
      const eventId = start[0].split(':')[1]!;
      if (start[1].fixed?.event_type !== event.type) {
        problems.push(
          `${placeOf(start[0])}: ${start[0]} is a delivery of ${String(start[1].fixed?.event_type)} at ${first}, but the story's event delivered to ${subscription} then is ${event.type} of ${event.object} (${event.at}). Correct the delivery or the story.`,
        );
      }
      for (const [key, object] of declared.filter(([key]) =>
        key.startsWith(`${subscription}:${eventId}:`),
      )) {
        matched.add(key);
        own.push({
          event,
          eventId,
          attempt: Number(key.split(':')[2]),
          attemptedAt: String(object.fixed?.attempted_at),
          declared: object.fixed ?? {},
        });
      }
    }
    // A test event is sent at once, outside the queue, and changes nothing.
    for (const [key, object] of declared.filter(
      ([key, object]) =>
        key.startsWith(`${subscription}:`) &&
        object.fixed?.event_type === testType,
    )) {
      matched.add(key);
      const attemptedAt = String(object.fixed?.attempted_at);
      own.push({
        event: {type: testType, object: subscription, at: attemptedAt},
        eventId: key.split(':')[1]!,
        attempt: Number(key.split(':')[2]),
        attemptedAt,
        declared: object.fixed ?? {},
      });
    }
    attempts.set(
      subscription,
      own.sort(
        (a, b) =>
          a.attemptedAt.localeCompare(b.attemptedAt) || a.attempt - b.attempt,
      ),
    );
  }
  for (const [key, object] of declared) {
    if (!matched.has(key)) {
      problems.push(
        `${placeOf(key)}: ${key} is a delivery of ${String(object.fixed?.event_type)} at ${String(object.fixed?.attempted_at)}, but the story sends ${key.split(':')[0]} no event then. A subscription's first attempts follow its events one second apart: correct the time or the story.`,
      );
    }
  }
  return {attempts, problems};
}
