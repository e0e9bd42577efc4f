// The sample world's snapshot as Try it reads it, and the tab's memory of its writes: the types the build writes and the browser answers from.
import type {FilterDeclaration} from '../../model/openapi-types';
import type {Fields} from '../world/lists';
import type {TryResponse} from './types';

/**
 * The sample world of one release as Try it answers from it, written by
 * the build (openapi-reference/try-it-world.ts) to
 * `<release>/world.json` beside the operations' modules.
 */
export interface TryWorld {
  release: string;
  /** Every release of the API, for `Hub-Version`. */
  releases: string[];
  /** The world's now: every object is as it is then. */
  now: string;
  /** The base URLs, `/v1` included: a key of the other environment is told where it works. */
  servers: {production: string; sandbox: string};
  /** The release's error catalogue: each code's status. */
  codes: Record<string, number>;
  /**
   * Each problem status's `type` and `title`, as the document's examples
   * give them, and whether its problems list `errors` (a `422` of 2023-01
   * names only the first invalid field, in `detail`).
   */
  problemTypes: Record<string, {type: string; title: string; errors: boolean}>;
  /** The kinds of object, by schema name (`Order`, `Stock`). */
  kinds: Record<string, TryKind>;
  /** Every object the world holds at now, by key: its ID, or `variant:warehouse` for stock. */
  objects: Record<string, TryObject>;
  /** What the world knows of each operation, by operationId. */
  operations: Record<string, TryOperationWorld>;
}

/** A kind of object. */
export interface TryKind {
  /** How a sentence names one: `order`, `brand store`. */
  label: string;
  /** The prefix of its IDs (`ord_`). */
  prefix?: string;
  /** The fields a key joins, for an object without an ID (stock). */
  keyFields?: string[];
  lifecycle?: TryLifecycle;
}

/** A kind's `status` lifecycle, as its `x-lifecycle` and `x-rules` declare it. */
export interface TryLifecycle {
  field: string;
  /** The states each action is allowed in, by `METHOD /path`, from the states' actions. */
  allowed: Record<string, string[]>;
  /** Where each action takes the object, by `METHOD /path` and state, from the transitions' triggers. */
  transitions: Record<string, Record<string, string>>;
  /** Fields set in a state (`approved_at` once `active`): a time is set to the moment of the change. */
  setWhen?: Record<string, string[]>;
  /** Fields that are null in every other state. */
  nullUnless?: Record<string, string[]>;
}

/** One object: its kind, its fields as the API shows them, and its company where the world says. */
export interface TryObject {
  kind: string;
  fields: Fields;
  company?: string;
}

/** A list: what it holds and in which order. */
export interface TryList {
  kind: string;
  /** Its declared order (`x-order`), such as `placed_at desc`. */
  order: string;
  /** Parameters that order the list their own way (`product_id`: `position asc`). */
  parameterOrders?: Record<string, string>;
  /** The parameter that turns the order round (`order=desc`), for the change feed. */
  orderParameter?: string;
  filter?: Pick<FilterDeclaration, 'fields' | 'related'>;
  /** The company whose objects it holds, as its example shows, and that company's time zone. */
  company?: string;
  zone: string;
  /** A path parameter whose value starts the listed keys (a subscription's deliveries). */
  scope?: string;
  /** Parameters that match other fields than their name (a transfer's `warehouse_id`: either end). */
  parameterFields?: Record<string, string[]>;
  /** How it pages: with `cursor`, or with `after` (the change feed). */
  pages: 'cursor' | 'after';
  /** Its `limit` when none is sent. */
  limit: number;
}

/** A conflict of a unique field: the fields that together must be unique among objects of a kind. */
export interface TryDuplicate {
  code: string;
  fields: string[];
  /** States in which an object no longer counts (an `ended` brand store). */
  unless?: string[];
}

/** What the world knows of one operation. */
export interface TryOperationWorld {
  /** Each path parameter that names an object, with its kind: a 404 when the world holds none. */
  ids?: {parameter: string; kind: string}[];
  /** The object the operation reads or changes: named by path parameters, or always the same one (`/company`). */
  target?: {kind: string; parameters: string[]} | {key: string};
  list?: TryList;
  /** The kind of object a `POST` makes. */
  creates?: string;
  duplicates?: TryDuplicate[];
}

/** This tab's writes and keys: what a later request of the tab sees. */
export interface WorldMemory {
  /** Each release's objects as this tab last wrote them, by key; null once deleted. */
  objects: Record<string, Record<string, TryObject | null>>;
  /** Each `Idempotency-Key` sent with a `POST`: its request and the answer it got. */
  keys: Record<string, {request: string; response: TryResponse}>;
  /** How many requests the tab has sent, for the rate-limit headers. */
  requests: number;
}

export function newWorldMemory(): WorldMemory {
  return {objects: {}, keys: {}, requests: 0};
}
