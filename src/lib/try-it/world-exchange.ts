// What one answer of the sample world has to hand (the request, the operation, the world and the tab's writes), and the helpers every answer uses.
import {instant, type Fields} from '../world/lists';
import {pathValues} from './validate';
import type {Json, TryOperation, TryRequest} from './types';
import type {
  TryWorld,
  TryObject,
  TryOperationWorld,
  WorldMemory,
} from './world-types';

/** What one answer needs to hand. */
export interface Exchange {
  operation: TryOperation;
  request: TryRequest;
  world: TryWorld;
  memory: WorldMemory;
  /** This release's writes. */
  written: Record<string, TryObject | null>;
  /** What the world knows of the operation. */
  known: TryOperationWorld;
  requestId: string;
  /** The body, parsed, when it is JSON. */
  body: Json | undefined;
}

/** A problem document's entry. */
export interface ProblemEntry {
  field: string | null;
  code: string;
  message: string;
}

export const jsonType = 'application/json';
export const problemType = 'application/problem+json';
export const idempotencyHeader = 'Idempotency-Key';
export const authorizationHeader = 'Authorization';
export const letters =
  'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A fresh ID with a prefix, as the API makes them (`req_7Hk2Lm9Qw4`). */
export function freshId(prefix: string, length = 10): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return `${prefix}${[...bytes].map((byte) => letters[byte % letters.length]).join('')}`;
}

export const headerOf = (request: TryRequest, name: string) =>
  request.headers.find(
    ([candidate]) => candidate.toLowerCase() === name.toLowerCase(),
  )?.[1];

/** A JSON value with its objects' keys sorted, as text: two bodies are the same request when these are equal. */
export function canonical(value: Json | undefined): string {
  const sorted = (item: Json): Json =>
    Array.isArray(item)
      ? item.map(sorted)
      : item !== null && typeof item === 'object'
        ? Object.fromEntries(
            Object.keys(item)
              .sort()
              .map((key) => [key, sorted(item[key]!)]),
          )
        : item;
  return value === undefined ? '' : JSON.stringify(sorted(value));
}

export const words = (name: string) =>
  name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

export const capitalised = (text: string) =>
  text.charAt(0).toUpperCase() + text.slice(1);

/** A body field's JSON pointer (`/items/0/quantity`) in dotted notation (`items[0].quantity`). */
export function dotted(pointer: string): string {
  return pointer
    .split('/')
    .filter((step) => step !== '')
    .map((step) => step.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce(
      (path, step) =>
        /^\d+$/.test(step)
          ? `${path}[${step}]`
          : path
            ? `${path}.${step}`
            : step,
      '',
    );
}

/** Ajv's wording of a problem as the API words it: "must be integer" as "must be a whole number". */
export const apiWording = (message: string) =>
  message
    .replace(/^must be integer$/, 'must be a whole number')
    .replace(/^must be number$/, 'must be a number')
    .replace(/^must be equal to one of the allowed values/, 'must be one of');

/**
 * The keywords of a number, or a list's number of items, out of its range:
 * `out_of_range`, as the error catalogue means it ("more than 5,000 batch
 * lines"). The others, a text's length and an empty update among them, are
 * `invalid_value`; an operation whose body has such a range lists
 * `out_of_range` in its `422` (rules/error-codes.ts).
 */
export const rangeKeywords = new Set([
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minItems',
  'maxItems',
]);

// ---------------------------------------------------------------------------
// The objects: the world's at now, with this tab's writes over them.

/** An object as this tab sees it: its last write, or the world's; undefined when there is none or it was deleted. */
export function objectAt(
  exchange: Exchange,
  key: string,
): TryObject | undefined {
  if (key in exchange.written) {
    return exchange.written[key] ?? undefined;
  }
  return exchange.world.objects[key];
}

/** Every object of a kind this tab sees, the world's first, then those the tab made. */
export function objectsOf(
  exchange: Exchange,
  kind: string,
): [string, TryObject][] {
  const {world, written} = exchange;
  const keys = [
    ...Object.keys(world.objects),
    ...Object.keys(written).filter((key) => !(key in world.objects)),
  ];
  return keys.flatMap((key) => {
    const object = objectAt(exchange, key);
    return object?.kind === kind ? [[key, object] as [string, TryObject]] : [];
  });
}

/** The key of the object the path names, or the operation always reads. */
export function targetKey(exchange: Exchange): string | undefined {
  const {target} = exchange.known;
  if (!target) {
    return undefined;
  }
  if ('key' in target) {
    return target.key;
  }
  const values = pathValues(exchange.operation.path, exchange.request.path);
  return values && target.parameters.map((name) => values[name]).join(':');
}

/** The moment a write of this tab happens: the world's now, or the object's last change when that is later. */
export function momentOf(
  exchange: Exchange,
  fields: Fields | undefined,
): string {
  const last = fields?.updated_at;
  return typeof last === 'string' && instant(last) > instant(exchange.world.now)
    ? last
    : exchange.world.now;
}

// ---------------------------------------------------------------------------
// Responses.

/** The response headers a status sends: Content-Type, then each the operation declares for it. */
export function headersFor(
  exchange: Exchange,
  status: number,
  mediaType: string | undefined,
  replayed = false,
): [string, string][] {
  const {operation, memory} = exchange;
  // A status the operation does not document sends the headers every
  // response has, as its 400 does.
  const declared =
    operation.responses[String(status)] ??
    operation.responses['400'] ??
    Object.values(operation.responses)[0];
  const limit = Number(
    declared?.headers.find(([name]) => /RateLimit-Limit$/i.test(name))?.[1] ??
      600,
  );
  const valueOf = (name: string, documented: string): string | undefined => {
    if (name === 'Request-Id') {
      return exchange.requestId;
    }
    if (/RateLimit-Remaining$/i.test(name)) {
      return String(Math.max(0, limit - memory.requests));
    }
    if (/RateLimit-Reset$/i.test(name)) {
      return String(60 - (Math.floor(Date.now() / 1000) % 60));
    }
    if (name === 'Idempotent-Replayed') {
      return status >= 200 && status < 300 ? String(replayed) : undefined;
    }
    if (name === 'Retry-After') {
      return undefined;
    }
    return documented;
  };
  return [
    ...(mediaType ? [['Content-Type', mediaType] as [string, string]] : []),
    ...(declared?.headers ?? []).flatMap(([name, documented]) => {
      const value = valueOf(name, documented);
      return value === undefined ? [] : [[name, value] as [string, string]];
    }),
  ];
}
