// The sample world's story (world.yaml's `happened`) and the product's rules that compute every object's state from it.
import * as z from 'zod';
import type {JsonValue, Lifecycle} from './openapi-types';
import {where} from './yaml';

/**
 * The sample world says what happened (issue 30): who did what, when,
 * through which screen, file or operation. The product's rules, here,
 * apply the steps in time order and compute every object's state at every
 * moment, refusing a story that breaks them:
 *
 * - a state changes only as its lifecycle allows, and a final state (one no
 *   transition leaves) never changes;
 * - stock adds up: available = on hand − allocated − buffer, never below 0;
 *   allocation adds an order line's units to allocated where it is
 *   allocated, a dispatch takes them out of on hand and allocated, sending
 *   a transfer takes its units out of the source's on hand (which needs
 *   that many unallocated) and receiving adds them to the destination's;
 *   `incoming` is the units of sent, unreceived transfers to a warehouse;
 * - an order, order line or sale needs a brand store for its brand at its
 *   store that is `active` or `paused` then, and a Shopify store's order
 *   line needs its variant's host variant there `linked` then;
 * - a stock line's buffer follows the brand stores of its brand at the
 *   stores whose locations its warehouse is mapped to (the highest, when
 *   several share it), until someone sets it by hand, after which it keeps
 *   its figure;
 * - an accepted order is `partially_dispatched`, `dispatched` or
 *   `completed` as its lines are dispatched and its dispatches reach the
 *   shop (`sent_to_store`), and only then (`cancelled` if its lines are
 *   cancelled with nothing dispatched);
 * - applying a price change sets its price's amount to the new one, and the
 *   amount it records as replaced is the price's amount then;
 * - a deleted object (`delete`, at the `deleted_at` it declares) exists no
 *   more: no step acts on it after, and lists leave it out from then;
 * - an object's `updated_at` is the time of the last step that changed it;
 *   a user's sign-in (`sign_in`) sets `last_login_at` and is no change.
 *
 * This module knows nothing of the site: `src/plugins/openapi-reference/world.ts`
 * reads the world and the spec's kinds of objects (by ID prefix, with their
 * lifecycles) and hands them here.
 */

type Fields = Record<string, JsonValue>;

const lineSchema = z.strictObject({
  variant: z.string(),
  quantity: z.number().int().positive(),
});

/** One step of the story, as world.yaml writes it. */
export const storyStepSchema = z.strictObject({
  /** When, in UTC to the second. */
  at: z.iso.datetime({
    error:
      "a time is quoted, in UTC, to the second, such as '2023-05-04T16:00:00Z'",
  }),
  /** Who: a user, an API key or a store of the world, or `hub`. */
  by: z.string().optional(),
  /** Through what: a screen or button, a file, an operation ID, a sync. */
  via: z.string().optional(),
  /** The object the step acts on, by its key in the world. */
  object: z.string(),
  /** What it did: create, known, allocate, sync, delete, or a verb of change. */
  do: z.string(),
  /** The values it set (a creation's first values). */
  set: z.record(z.string(), z.custom<JsonValue>()).optional(),
  /** States passed on the way, at times the world does not record. */
  through: z.array(z.string()).optional(),
  /** A transfer's lines, on its creation. */
  lines: z.array(lineSchema).optional(),
  /** Where an allocation puts the line's units. */
  warehouse: z.string().optional(),
  /** What the world does not hold of the step, in words. */
  note: z.string().optional(),
});

export type StoryStep = z.infer<typeof storyStepSchema>;

/** What the story needs of the world: its objects' fixed values and its now. */
export interface StoryWorld {
  now: string;
  objects: Record<string, {fixed?: Fields; now?: Fields; earlier?: Fields[]}>;
  happened?: StoryStep[];
}

/** One computed moment of an object: its state from `at` on, and the step that made it. */
export interface StoryMoment {
  at: string;
  state: Fields;
  step: StoryStep;
}

export interface Story {
  /** The kinds of objects the rules told it with. */
  kinds: ObjectKinds;
  /** Each object's moments, oldest first; the last of a second is its state then. */
  moments: Map<string, StoryMoment[]>;
  /** The steps that break a rule, one line each at the step's line. */
  problems: string[];
  /** When each deleted object was deleted (`delete`): it exists no more from then. */
  deleted: Map<string, string>;
}

/**
 * A kind of object of the spec (`Order`), by the prefix of its IDs (`ord`),
 * with its status lifecycle if it has one.
 */
export interface ObjectKind {
  name: string;
  lifecycle?: Lifecycle;
}

/** The kinds of objects, by the prefix of their IDs (`ord` for `ord_5Yc1Hd6`). */
export type ObjectKinds = Readonly<Record<string, ObjectKind>>;

/** The kind of an object by its key: `BrandStore` for `bst_6Nq2Rs8`; none for a stock line. */
export const kindIn = (
  kinds: ObjectKinds,
  key: string,
): ObjectKind | undefined =>
  key.includes(':') ? undefined : kinds[key.split('_')[0] ?? ''];

/** Verbs that name the state they move an object to. */
const stateOfVerb: Readonly<Record<string, string>> = {
  accept: 'accepted',
  reject: 'rejected',
  cancel: 'cancelled',
  dispatch: 'dispatched',
  complete: 'completed',
  approve: 'active',
  pause: 'paused',
  resume: 'active',
  end: 'ended',
  send: 'in_transit',
  receive: 'received',
  fail: 'failed',
  retry: 'created',
  deliver: 'sent_to_store',
  link: 'linked',
  unlink: 'unlinked',
  apply: 'applied',
  activate: 'active',
  archive: 'archived',
  connect: 'connected',
  start: 'processing',
  disable: 'disabled',
  enable: 'active',
};

/** Stock fields the rules compute; a step may state them only as they add up. */
const computedStock = ['available', 'incoming', 'sendable'] as const;

/** Brand store states in which the brand may be sold at the store. */
const selling = new Set(['active', 'paused']);

const same = (a: JsonValue | undefined, b: JsonValue | undefined) =>
  JSON.stringify(a) === JSON.stringify(b);

const show = (value: JsonValue | undefined) =>
  value === undefined ? 'absent' : JSON.stringify(value);

const text = (value: JsonValue | undefined) =>
  typeof value === 'string' ? value : undefined;

const isStockLine = (key: string) => /^var_\w+:wh_\w+$/.test(key);

/**
 * Applies the story's steps in time order to the world's objects, and
 * returns every object's moments and the steps that break a rule.
 * @param kinds the kinds of objects, by ID prefix, with their lifecycles, from the spec
 * @param file world.yaml, for messages about values read from elsewhere
 */
export function tellStory(
  world: StoryWorld,
  kinds: ObjectKinds,
  file: string,
): Story {
  const kindOf = (key: string) => kindIn(kinds, key)?.name;
  const lifecycleOf = (key: string) => kindIn(kinds, key)?.lifecycle;
  const problems: string[] = [];
  const states = new Map<string, Fields>();
  const moments = new Map<string, StoryMoment[]>();
  /** Stock lines whose buffer someone set by hand. */
  const handBuffers = new Set<string>();
  /** Where each order line's units were allocated. */
  const allocatedIn = new Map<string, string>();
  /** Orders and sales already reported for selling without a brand store. */
  const unsold = new Set<string>();
  /** When each deleted object was deleted. */
  const deleted = new Map<string, string>();
  /** Each transfer's lines. */
  const transferLines = new Map<
    string,
    {variant: string; quantity: number}[]
  >();
  const fixed = (key: string): Fields => world.objects[key]?.fixed ?? {};
  const name = (key: string) => {
    const value = text(fixed(key).name);
    return value ? `${value} (${key})` : key;
  };

  const record = (
    key: string,
    step: StoryStep,
    state: Fields,
    updatedAt: JsonValue = step.at,
  ) => {
    const list = moments.get(key) ?? [];
    const moment = {
      at: step.at,
      state: {...state, updated_at: updatedAt},
      step,
    };
    if (list.at(-1)?.at === step.at) {
      list[list.length - 1] = moment;
    } else {
      list.push(moment);
    }
    moments.set(key, list);
    states.set(key, moment.state);
  };

  /** The state of each brand store as it is, by brand and store. */
  const brandStores = (brand: string, store: string) =>
    Object.keys(world.objects)
      .filter(
        (key) =>
          kindOf(key) === 'BrandStore' &&
          fixed(key).brand_id === brand &&
          fixed(key).store_id === store,
      )
      .map((key) => ({key, state: states.get(key)}));

  /**
   * The warehouses mapped to a store's locations, whose stock the Hub
   * publishes there; a store with no locations (BigCommerce, Visualsoft,
   * `manual`) takes no stock from the Hub, so its buffer holds none back.
   */
  const mappedTo = (store: string): JsonValue[] => {
    const mapped = fixed(store).mapped_warehouses;
    return Array.isArray(mapped) ? mapped : [];
  };

  /** The buffer the brand stores set on a stock line: the highest, or 0. */
  const brandBuffer = (line: string) => {
    const [variant = '', warehouse] = line.split(':');
    const brand = fixed(variant).brand_id;
    const buffers = Object.keys(world.objects)
      .filter(
        (key) =>
          kindOf(key) === 'BrandStore' &&
          fixed(key).brand_id === brand &&
          selling.has(String(states.get(key)?.status)) &&
          mappedTo(String(fixed(key).store_id)).includes(warehouse ?? ''),
      )
      .map((key) => Number(states.get(key)?.stock_buffer ?? 0));
    return {buffer: Math.max(0, ...buffers), from: buffers.length > 0};
  };

  /** The units of sent, unreceived transfers of a line's variant to its warehouse. */
  const incomingTo = (line: string) => {
    const [variant, warehouse] = line.split(':');
    return [...transferLines]
      .filter(
        ([transfer]) =>
          states.get(transfer)?.status === 'in_transit' &&
          fixed(transfer).to_warehouse_id === warehouse,
      )
      .flatMap(([, lines]) => lines)
      .filter((entry) => entry.variant === variant)
      .reduce((sum, entry) => sum + entry.quantity, 0);
  };

  /** A stock line with the figures the rules compute from its own. */
  const withFigures = (line: string, state: Fields): Fields => {
    const onHand = Number(state.on_hand ?? 0);
    const allocated = Number(state.allocated ?? 0);
    const buffer = handBuffers.has(line)
      ? Number(state.buffer ?? 0)
      : brandBuffer(line).buffer;
    return {
      ...state,
      buffer,
      available: Math.max(0, onHand - allocated - buffer),
      incoming: incomingTo(line),
      sendable: Math.max(0, onHand - allocated),
    };
  };

  /** Moves a tracked stock line's on hand or allocated; a line the world does not know yet keeps its untold history. */
  const moveStock = (
    line: string,
    step: StoryStep,
    change: Record<string, number>,
  ) => {
    const state = states.get(line);
    if (!state) {
      return;
    }
    const next = {...state};
    for (const [field, by] of Object.entries(change)) {
      const value = Number(state[field] ?? 0) + by;
      if (value < 0) {
        problems.push(
          `${where(step, file)}: ${step.object} at ${step.at} takes ${line}'s ${field.replace('_', ' ')} from ${show(state[field])} to ${value}, below 0. Correct the story.`,
        );
      }
      next[field] = value;
    }
    record(line, step, withFigures(line, next));
  };

  /** An order, order line or sale needs a brand store for its brand at its store, active or paused. */
  const needsBrandStore = (key: string, step: StoryStep) => {
    const order = text(fixed(key).order_id);
    const store =
      text(fixed(key).store_id) ?? text(fixed(order ?? '').store_id);
    const brand =
      text(fixed(key).brand_id) ??
      text(fixed(order ?? '').brand_id) ??
      text(fixed(text(fixed(key).variant_id) ?? '').brand_id);
    if (!store || !brand) {
      return;
    }
    const found = brandStores(brand, store);
    // An order's lines break the rule with their order: one line says it.
    if (
      found.some(({state}) => selling.has(String(state?.status))) ||
      (order !== undefined && unsold.has(order))
    ) {
      return;
    }
    unsold.add(key);
    const seen = found
      .map(
        ({key: bst, state}) =>
          `${bst} is ${state ? show(state.status) : 'not yet created'}`,
      )
      .join(', ');
    problems.push(
      `${where(step, file)}: ${key} at ${step.at} sells ${name(brand)} at ${name(store)}, which has no active or paused brand store for it then${seen ? ` (${seen})` : ''}. An order or sale line needs one: approve a brand store before it, or move the ${kindOf(key) === 'Sale' ? 'sale' : 'order'}.`,
    );
  };

  /**
   * A Shopify store's order line arrives only for a variant linked there
   * (`HostVariant`, `linked` at the line's creation): the connector leaves
   * out lines of variants it cannot match.
   */
  const needsLinkedVariant = (key: string, step: StoryStep) => {
    const order = text(fixed(key).order_id) ?? '';
    const store = text(fixed(order).store_id) ?? '';
    const variant = text(fixed(key).variant_id);
    if (fixed(store).platform !== 'shopify' || variant === undefined) {
      return;
    }
    const hosts = Object.keys(world.objects).filter(
      (host) =>
        kindOf(host) === 'HostVariant' &&
        fixed(host).variant_id === variant &&
        fixed(host).store_id === store,
    );
    if (hosts.some((host) => states.get(host)?.status === 'linked')) {
      return;
    }
    const seen = hosts
      .map(
        (host) =>
          `${host} is ${states.has(host) ? show(states.get(host)?.status) : 'not yet created'}`,
      )
      .join(', ');
    problems.push(
      `${where(step, file)}: ${key} at ${step.at} orders ${variant} from ${name(store)}, where it is not linked then (${seen || 'no host variant'}). A Shopify order line arrives only for a linked variant: link it before, or move the order.`,
    );
  };

  /** The state a step moves an object to, checked against its lifecycle. */
  const lifecycleProblem = (
    key: string,
    step: StoryStep,
    from: JsonValue | undefined,
    to: JsonValue | undefined,
  ): string | undefined => {
    const lifecycle = lifecycleOf(key);
    if (!lifecycle || from === undefined || from === to) {
      return undefined;
    }
    const path = [String(from), ...(step.through ?? []), String(to)];
    for (let index = 1; index < path.length; index += 1) {
      const [before, after] = [path[index - 1]!, path[index]!];
      if (
        !lifecycle.transitions.some((transition) => transition.from === before)
      ) {
        return `${key} is ${before}, a final state of ${kindOf(key)}.status, so it never changes, but it goes to ${after} at ${step.at}. Correct the story.`;
      }
      if (
        !lifecycle.transitions.some(
          (transition) => transition.from === before && transition.to === after,
        )
      ) {
        const allowed = lifecycle.transitions
          .filter((transition) => transition.from === before)
          .map((transition) => transition.to);
        return `${key} goes from ${before} to ${after} at ${step.at}, which ${kindOf(key)}.status does not allow (from ${before}: ${allowed.join(', ')}). Correct the story, or name the states it passed through.`;
      }
    }
    return undefined;
  };

  /** Whether a key's state is final: its lifecycle has no transition from it. */
  const isFinal = (key: string, state: Fields | undefined) => {
    const lifecycle = lifecycleOf(key);
    return (
      lifecycle !== undefined &&
      state?.status !== undefined &&
      !lifecycle.transitions.some(
        (transition) => transition.from === state.status,
      )
    );
  };

  /** A step's stated stock figures that the rules compute otherwise. */
  const figureProblem = (line: string, step: StoryStep, state: Fields) => {
    const stated = computedStock.find(
      (field) =>
        step.set?.[field] !== undefined &&
        !same(step.set?.[field], state[field]),
    );
    if (stated === undefined) {
      return undefined;
    }
    const because =
      stated === 'available'
        ? `on hand ${show(state.on_hand)} − allocated ${show(state.allocated)} − buffer ${show(state.buffer)} is ${show(state.available)}`
        : stated === 'sendable'
          ? `on hand ${show(state.on_hand)} − allocated ${show(state.allocated)} is ${show(state.sendable)}`
          : `the sent, unreceived transfers to it carry ${show(state.incoming)}`;
    return `${line} has ${stated} ${show(step.set?.[stated])} at ${step.at}, but ${because}. Correct the figures, or leave them to the rules.`;
  };

  let previous: StoryStep | undefined;
  for (const step of world.happened ?? []) {
    const at = where(step, file);
    const key = step.object;
    const broken = (message: string) => problems.push(`${at}: ${message}`);
    if (previous && step.at < previous.at) {
      broken(
        `this step at ${step.at} comes after one at ${previous.at} (${where(previous, file)}). Keep the story in time order.`,
      );
    }
    previous = step;
    if (!(key in world.objects)) {
      broken(
        `${key} is not an object of the world. Declare it under objects, or name one that is.`,
      );
      continue;
    }
    if (
      step.do !== 'known' &&
      (step.by === undefined || step.via === undefined)
    ) {
      broken(
        `the step of ${key} at ${step.at} does not say ${step.by === undefined ? 'who did it (by: a user, an API key, a store, or hub)' : 'through what (via: a screen, a file, an operation or a sync)'}.`,
      );
    }
    if (
      step.by !== undefined &&
      step.by !== 'hub' &&
      !(step.by in world.objects)
    ) {
      broken(
        `${step.by}, who does this step, is not in the world. Name a user, an API key or a store of it, or hub.`,
      );
    }
    const current = states.get(key);
    const createdAt = text(fixed(key).created_at);

    if (step.do === 'create' || step.do === 'known') {
      if (current) {
        broken(
          `${key} already exists at ${step.at}; it is created, or first known, once.`,
        );
        continue;
      }
      if (
        step.do === 'create' &&
        createdAt !== undefined &&
        createdAt !== step.at
      ) {
        broken(
          `${key} is created at ${step.at} in the story, but its created_at is ${createdAt}. Make them one time.`,
        );
      }
      if (
        step.do === 'known' &&
        createdAt !== undefined &&
        createdAt > step.at
      ) {
        broken(
          `${key} is known at ${step.at}, before it was created (${createdAt}).`,
        );
      }
      const lifecycle = lifecycleOf(key);
      const status = step.set?.status;
      if (
        step.do === 'create' &&
        lifecycle &&
        !lifecycle.initial.includes(String(status))
      ) {
        broken(
          `${key} is created ${show(status)}, but ${kindOf(key)}.status starts ${lifecycle.initial.join(' or ')}. Create it so, and change it in a later step.`,
        );
      }
      if (step.lines) {
        const quantity = step.lines.reduce(
          (sum, line) => sum + line.quantity,
          0,
        );
        const declared = fixed(key).quantity;
        if (declared !== undefined && declared !== quantity) {
          broken(
            `${key}'s lines carry ${quantity} units, but its quantity is ${show(declared)}. Make them agree.`,
          );
        }
        transferLines.set(key, step.lines);
      }
      if (['Order', 'OrderItem', 'Sale'].includes(kindOf(key) ?? '')) {
        needsBrandStore(key, step);
      }
      if (kindOf(key) === 'OrderItem') {
        needsLinkedVariant(key, step);
      }
      if (isStockLine(key)) {
        const state = withFigures(key, {...step.set});
        const {buffer, from} = brandBuffer(key);
        if (step.set?.buffer !== undefined && step.set.buffer !== buffer) {
          broken(
            `${key} has buffer ${show(step.set.buffer)} at ${step.at}, but ${from ? `its brand's brand stores at the Shopify stores its warehouse is mapped to set ${buffer} (the highest)` : 'no active or paused brand store sets one, so it is 0'}. A stock line's buffer follows its brand store; set it by hand in a later step to keep another figure.`,
          );
        }
        const figure = figureProblem(key, step, state);
        if (figure) {
          broken(figure);
        }
        record(key, step, state);
      } else {
        record(key, step, {...step.set});
      }
      if (kindOf(key) === 'DispatchItem') {
        dispatchItem(key, step);
      }
    } else if (!current) {
      broken(
        `${key} is not created (or known) before this step at ${step.at}. Add its creation first.`,
      );
      continue;
    } else if (deleted.has(key)) {
      broken(
        `${key} was deleted at ${deleted.get(key)!}, so nothing happens to it at ${step.at}. Correct the story.`,
      );
      continue;
    } else if (step.do === 'delete') {
      const deletedAt = text(fixed(key).deleted_at);
      if (deletedAt !== step.at) {
        broken(
          `${key} is deleted at ${step.at} in the story, but its deleted_at is ${show(fixed(key).deleted_at)}. Declare deleted_at: '${step.at}' in its fixed values.`,
        );
      }
      deleted.set(key, step.at);
      // The object as it was: a delete changes none of its fields.
      record(key, step, current, current.updated_at);
    } else if (step.do === 'allocate') {
      const warehouse = step.warehouse;
      if (!warehouse || !(warehouse in world.objects)) {
        broken(
          `the allocation of ${key} at ${step.at} names no warehouse of the world (warehouse: wh_…).`,
        );
        continue;
      }
      allocatedIn.set(key, warehouse);
      moveStock(`${String(fixed(key).variant_id)}:${warehouse}`, step, {
        allocated: Number(fixed(key).quantity ?? 0),
      });
    } else {
      const to = step.set?.status ?? stateOfVerb[step.do] ?? current.status;
      if (
        stateOfVerb[step.do] &&
        step.set?.status !== undefined &&
        step.set.status !== stateOfVerb[step.do]
      ) {
        broken(
          `"${step.do}" moves ${key} to ${stateOfVerb[step.do]}, but the step sets status ${show(step.set.status)}.`,
        );
      }
      const refused =
        isFinal(key, current) && current.status === to
          ? `${key} is ${String(current.status)}, a final state of ${kindOf(key)}.status, so it never changes, but it changes at ${step.at}. Correct the story.`
          : lifecycleProblem(key, step, current.status, to);
      if (refused) {
        // A step the lifecycle refuses is left out, so that it is the one line.
        broken(refused);
        continue;
      }
      if (step.do === 'sync') {
        const minute = new Date(step.at);
        if (minute.getUTCSeconds() !== 0 || minute.getUTCMinutes() % 5 !== 0) {
          broken(
            `${key} syncs at ${step.at}, but a store syncs every 5 minutes, on the minute (11:20:00, 11:25:00).`,
          );
        }
        if (current.status !== undefined && current.status !== 'linked') {
          broken(
            `${key} syncs at ${step.at} while ${show(current.status)}; only a linked listing syncs.`,
          );
        }
      }
      if (isStockLine(key) && step.set?.buffer !== undefined) {
        // Set by hand in Stock: the line keeps its figure from now on.
        handBuffers.add(key);
      }
      const next: Fields = {
        ...current,
        ...step.set,
        ...(to === undefined ? {} : {status: to}),
        ...(step.do === 'sync' ? {last_synced_at: step.at} : {}),
        ...(step.do === 'sign_in' ? {last_login_at: step.at} : {}),
      };
      if (isStockLine(key)) {
        const state = withFigures(key, next);
        const figure = figureProblem(key, step, state);
        if (figure) {
          broken(figure);
        }
        record(key, step, state);
      } else if (step.do === 'sign_in') {
        // Signing in is not a change to the user: updated_at stays.
        record(key, step, next, current.updated_at ?? null);
      } else {
        record(key, step, next);
      }
      transferMoves(key, step, current.status, to);
      if (
        kindOf(key) === 'PriceChange' &&
        to === 'applied' &&
        current.status !== 'applied'
      ) {
        priceChangeApplied(key, step);
      }
    }
    afterStep(step);
  }

  /** A dispatch item takes its units out of on hand and allocated where its line was allocated, and counts them dispatched on the line. */
  function dispatchItem(key: string, step: StoryStep) {
    const item = text(fixed(key).order_item_id) ?? '';
    const quantity = Number(fixed(key).quantity ?? 0);
    const warehouse = allocatedIn.get(item);
    if (warehouse) {
      moveStock(`${String(fixed(item).variant_id)}:${warehouse}`, step, {
        on_hand: -quantity,
        allocated: -quantity,
      });
    } else {
      problems.push(
        `${where(step, file)}: ${key} dispatches ${item}, whose units the story never allocates. Allocate them first (do: allocate, warehouse: wh_…).`,
      );
    }
    const line = states.get(item);
    if (!line) {
      return;
    }
    const dispatched = Number(line.quantity_dispatched ?? 0) + quantity;
    const done = dispatched + Number(line.quantity_cancelled ?? 0);
    const ordered = Number(fixed(item).quantity ?? 0);
    if (done > ordered) {
      problems.push(
        `${where(step, file)}: ${key} dispatches ${dispatched} of ${item}'s ${ordered} units. Correct the quantities.`,
      );
    }
    const status = done >= ordered ? 'dispatched' : line.status;
    const problem = lifecycleProblem(item, step, line.status, status);
    if (problem) {
      problems.push(`${where(step, file)}: ${problem}`);
    }
    record(item, step, {
      ...line,
      quantity_dispatched: dispatched,
      status: status ?? null,
    });
  }

  /**
   * Applying a price change sets its price's amount to `new_price.amount`;
   * the change records the amount it replaced (`previous_amount`,
   * `previous_price`).
   */
  function priceChangeApplied(key: string, step: StoryStep) {
    const price = text(fixed(key).price_id) ?? '';
    const before = states.get(price);
    const newPrice = fixed(key).new_price;
    const amount =
      newPrice !== null &&
      typeof newPrice === 'object' &&
      !Array.isArray(newPrice)
        ? newPrice.amount
        : undefined;
    if (!before || typeof amount !== 'number') {
      problems.push(
        `${where(step, file)}: ${key} applies at ${step.at}, but ${before ? `it has no new_price.amount` : `its price ${price} is not created (or known) before it`}. A price change sets its price's amount.`,
      );
      return;
    }
    const replaced = states.get(key)?.previous_amount;
    if (replaced !== undefined && replaced !== before.amount) {
      problems.push(
        `${where(step, file)}: ${key} has previous_amount ${show(replaced)} at ${step.at}, but ${price}'s amount then is ${show(before.amount)}. Correct the step, or the price's story.`,
      );
    }
    record(price, step, {...before, amount});
  }

  /** Sending a transfer takes its units from the source; receiving adds them to the destination. */
  function transferMoves(
    key: string,
    step: StoryStep,
    from: JsonValue | undefined,
    to: JsonValue | undefined,
  ) {
    const lines = transferLines.get(key);
    if (!lines || from === to) {
      return;
    }
    const source = text(fixed(key).from_warehouse_id);
    const destination = text(fixed(key).to_warehouse_id);
    for (const {variant, quantity} of lines) {
      if (to === 'in_transit') {
        const line = `${variant}:${source}`;
        const state = states.get(line);
        if (state && Number(state.sendable ?? 0) < quantity) {
          problems.push(
            `${where(step, file)}: ${key} sends ${quantity} of ${variant} at ${step.at}, but ${line} has ${show(state.sendable)} unallocated (on hand − allocated). Sending needs unallocated stock.`,
          );
        }
        moveStock(line, step, {on_hand: -quantity});
      }
      if (to === 'received') {
        moveStock(`${variant}:${destination}`, step, {on_hand: quantity});
      }
    }
  }

  /** The figures every step may move: buffers, incoming, and the last use of the API key that did it. */
  function afterStep(step: StoryStep) {
    for (const [line, state] of states) {
      if (!isStockLine(line)) {
        continue;
      }
      const next = withFigures(line, state);
      if (!same(next as JsonValue, state as JsonValue)) {
        record(line, step, next);
      }
    }
    const by = step.by ?? '';
    if (by.startsWith('api_key:') && states.has(by)) {
      record(by, step, {...states.get(by), last_used_at: step.at});
    }
  }

  for (const [key, object] of Object.entries(world.objects)) {
    const deletedAt = text(object.fixed?.deleted_at);
    if (deletedAt !== undefined && !deleted.has(key)) {
      problems.push(
        `${where(object.fixed ?? object, file)}: ${key} declares deleted_at ${deletedAt}, but the story never deletes it. Add its delete step (do: delete).`,
      );
    }
  }
  const story = {kinds, moments, problems, deleted};
  problems.push(...orderProgressProblems(story, world, file));
  problems.push(...cascadeProblems(story, world, file));
  return story;
}

/**
 * What a change does to the objects under it, as the lifecycles and the
 * operations say: archiving a brand ends its brand stores, archiving a
 * product unlinks its host products, and unlinking a host product unlinks
 * its host variants. The story writes each as a step of its own, at the
 * same second; a child left in another state is a rule the story breaks.
 */
const cascades = [
  {
    parent: 'Brand',
    state: 'archived',
    child: 'BrandStore',
    link: 'brand_id',
    childState: 'ended',
    rule: 'archiving a brand ends every brand store for it',
  },
  {
    parent: 'Product',
    state: 'archived',
    child: 'HostProduct',
    link: 'product_id',
    childState: 'unlinked',
    rule: 'archiving a product unlinks its host products',
  },
  {
    parent: 'HostProduct',
    state: 'unlinked',
    child: 'HostVariant',
    link: 'host_product_id',
    childState: 'unlinked',
    rule: 'unlinking a host product unlinks its host variants',
  },
] as const;

/** One line per child not moved with its parent, at the parent's step. */
function cascadeProblems(
  story: Story,
  world: StoryWorld,
  file: string,
): string[] {
  const problems: string[] = [];
  const keysOf = (name: string) =>
    [...story.moments.keys()].filter(
      (key) => kindIn(story.kinds, key)?.name === name,
    );
  for (const {parent, state, child, link, childState, rule} of cascades) {
    const children = keysOf(child);
    for (const key of keysOf(parent)) {
      const entering = enteringMoments(story, key, state);
      for (const under of children) {
        if (world.objects[under]?.fixed?.[link] !== key) {
          continue;
        }
        // The first time it is left behind, which the rest follow from.
        for (const moment of entering) {
          const then = stateAt(story, under, moment.at)?.state.status;
          if (then !== undefined && then !== childState) {
            problems.push(
              `${where(moment.step, file)}: ${key} is ${state} at ${moment.at}, but ${under} is still ${JSON.stringify(then)} then: ${rule}. Add the step that makes ${under} ${childState} at ${moment.at}.`,
            );
            break;
          }
        }
      }
    }
  }
  return problems;
}

/** Order states that follow from the order's lines and dispatches. */
const progressStates = new Set([
  'accepted',
  'partially_dispatched',
  'dispatched',
  'completed',
]);

/**
 * An accepted order's state follows from its lines and dispatches, as its
 * lifecycle's triggers say: `partially_dispatched` once some units are
 * dispatched, `dispatched` once dispatches and cancellations cover every
 * line with a unit dispatched (`cancelled` when every unit was cancelled),
 * `completed` once every dispatch is `sent_to_store`. One line per
 * order, at the first moment it differs.
 */
function orderProgressProblems(
  story: Story,
  world: StoryWorld,
  file: string,
): string[] {
  const ofKind = (name: string, order: string) =>
    [...story.moments.keys()].filter(
      (key) =>
        kindIn(story.kinds, key)?.name === name &&
        world.objects[key]?.fixed?.order_id === order,
    );
  return [...story.moments.keys()]
    .filter((key) => kindIn(story.kinds, key)?.name === 'Order')
    .flatMap((order) => {
      const lines = ofKind('OrderItem', order);
      const dispatches = ofKind('Dispatch', order);
      const times = [
        ...new Set(
          [order, ...lines, ...dispatches].flatMap((key) =>
            (story.moments.get(key) ?? []).map((moment) => moment.at),
          ),
        ),
      ].sort();
      for (const at of times) {
        const moment = stateAt(story, order, at);
        const status = String(moment?.state.status);
        if (!progressStates.has(status) || lines.length === 0) {
          continue;
        }
        const lineStates = lines.map((line) => stateAt(story, line, at)?.state);
        const covered = lineStates.every((line) =>
          ['dispatched', 'cancelled'].includes(String(line?.status)),
        );
        const some = lineStates.some(
          (line) => Number(line?.quantity_dispatched ?? 0) > 0,
        );
        const reached = dispatches.every(
          (dispatch) =>
            stateAt(story, dispatch, at)?.state.status === 'sent_to_store',
        );
        // Lines all cancelled, nothing dispatched: the order is cancelled.
        const expected = covered
          ? !some
            ? 'cancelled'
            : reached && dispatches.length > 0
              ? 'completed'
              : 'dispatched'
          : some
            ? 'partially_dispatched'
            : 'accepted';
        if (expected !== status) {
          const step = [order, ...lines, ...dispatches]
            .map((key) => stateAt(story, key, at))
            .filter((found) => found?.at === at)[0]?.step;
          return [
            `${where(step ?? {}, file)}: ${order} is ${JSON.stringify(status)} at ${at}, but its lines (${lines.map((line, index) => `${line} ${String(lineStates[index]?.status)}`).join(', ')}) and dispatches (${dispatches.map((dispatch) => `${dispatch} ${String(stateAt(story, dispatch, at)?.state.status)}`).join(', ') || 'none'}) make it ${JSON.stringify(expected)}. An order moves as its lines are dispatched and its dispatches reach the shop.`,
          ];
        }
      }
      return [];
    });
}

/** The moments an object enters a state in (its status becomes `state`), oldest first. */
export const enteringMoments = (
  story: Story,
  key: string,
  state: string,
): StoryMoment[] =>
  (story.moments.get(key) ?? []).filter(
    (moment, index, moments) =>
      moment.state.status === state &&
      moments[index - 1]?.state.status !== state,
  );

/** An object's computed state at a time: its last moment at or before it. */
export const stateAt = (
  story: Story,
  key: string,
  at: string,
): StoryMoment | undefined =>
  story.moments
    .get(key)
    ?.filter((moment) => moment.at <= at)
    .at(-1);

/**
 * Where the world's declared moments (`now` and `earlier`) differ from what
 * the story computes: one line per moment, at its line, naming the first
 * difference.
 */
export function declaredMomentProblems(
  world: StoryWorld,
  story: Story,
  file: string,
): string[] {
  return Object.entries(world.objects).flatMap(([key, object]) => {
    const declared = [
      ...(object.earlier ?? []).map((moment) => ({moment, isNow: false})),
      ...(object.now ? [{moment: object.now, isNow: true}] : []),
    ];
    if (declared.length === 0) {
      return [];
    }
    const computed = story.moments.get(key);
    if (!computed) {
      return [
        `${where(declared[0]!.moment, file)}: ${key} declares its state, but the story (happened) has no step for it. Add the steps that made it.`,
      ];
    }
    return declared.flatMap(({moment, isNow}) => {
      const at = where(moment, file);
      const updatedAt = text(moment.updated_at);
      const found = isNow
        ? stateAt(story, key, world.now)
        : computed.find((candidate) => candidate.at === updatedAt);
      if (!found) {
        return [
          isNow
            ? `${at}: ${key}'s now: the story does not make it before now (${world.now}).`
            : `${at}: ${key}'s moment at ${String(updatedAt)}: the story changes it at no such time (it changes at ${computed.map((candidate) => candidate.at).join(', ')}). Add the step, or correct the moment.`,
        ];
      }
      const field = Object.keys(moment).find(
        (name) => !same(moment[name], found.state[name]),
      );
      if (field === undefined) {
        return [];
      }
      return [
        `${at}: ${key}'s ${isNow ? 'now' : `moment at ${String(updatedAt)}`} has ${field} ${show(moment[field])}, but the story makes it ${show(found.state[field])} (${where(found.step, file)}). Correct the moment, or the story.`,
      ];
    });
  });
}

/** The objects of a kind whose fixed fields are these, each with its status at a moment. */
function statusesAt(
  world: StoryWorld,
  story: Story,
  kind: string,
  fields: Fields,
  at: string,
): {key: string; status: JsonValue | undefined}[] {
  return Object.entries(world.objects)
    .filter(
      ([key, object]) =>
        kindIn(story.kinds, key)?.name === kind &&
        Object.entries(fields).every(([field, value]) =>
          same(object.fixed?.[field], value),
        ),
    )
    .map(([key]) => ({key, status: stateAt(story, key, at)?.state.status}));
}

/** `bst_3Pk7Wd5 is "ended", bst_8Dw4Tj6 is not yet created`. */
const listStatuses = (found: {key: string; status: JsonValue | undefined}[]) =>
  found
    .map(
      ({key, status}) =>
        `${key} is ${status === undefined ? 'not yet created' : show(status)}`,
    )
    .join(', ');

/**
 * An example's order or sale (an object whose ID is an order's or a sale's, its
 * `store_id`, `brand_id` and `created_at`) needs a brand store for its brand
 * at its store that is `active` or `paused` when it is created, as the
 * story's own orders and sales do: why not, or nothing.
 */
export function sellingProblem(
  world: StoryWorld,
  story: Story,
  value: {[key: string]: JsonValue},
): string | undefined {
  const id = text(value.id);
  const store = text(value.store_id);
  const brand = text(value.brand_id);
  const created = text(value.created_at);
  const kind = id === undefined ? undefined : kindIn(story.kinds, id)?.name;
  if (
    !id ||
    !['Order', 'Sale'].includes(kind ?? '') ||
    !store ||
    !brand ||
    !created
  ) {
    return undefined;
  }
  const brandStores = statusesAt(
    world,
    story,
    'BrandStore',
    {brand_id: brand, store_id: store},
    created,
  );
  if (brandStores.some(({status}) => selling.has(String(status)))) {
    return undefined;
  }
  const seen = listStatuses(brandStores);
  return `${id}, created ${created}, sells ${brand} at ${store}, which has no active or paused brand store for it then in the sample world${seen ? ` (${seen})` : ''}. Date it when one is, or use a store that has one.`;
}

/**
 * An example's order line (an object whose ID is an order line's, with its
 * `order_id`, `variant_id` and `created_at`) of an order of the world at a
 * Shopify store needs its variant linked there when it is created, as the
 * story's own lines do: why not, or nothing.
 */
export function linkedLineProblem(
  world: StoryWorld,
  story: Story,
  value: {[key: string]: JsonValue},
): string | undefined {
  const id = text(value.id);
  const variant = text(value.variant_id);
  const created = text(value.created_at);
  const store = text(
    world.objects[text(value.order_id) ?? '']?.fixed?.store_id,
  );
  if (
    !id ||
    kindIn(story.kinds, id)?.name !== 'OrderItem' ||
    !variant ||
    !created ||
    !store ||
    world.objects[store]?.fixed?.platform !== 'shopify'
  ) {
    return undefined;
  }
  const hosts = statusesAt(
    world,
    story,
    'HostVariant',
    {variant_id: variant, store_id: store},
    created,
  );
  if (hosts.some(({status}) => status === 'linked')) {
    return undefined;
  }
  const seen = listStatuses(hosts);
  return `${id}, created ${created}, orders ${variant} from ${store}, where it is not linked then in the sample world (${seen || 'no host variant'}). A Shopify order line arrives only for a linked variant: date it when it is, or use a variant that is.`;
}
