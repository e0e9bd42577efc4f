// The sample world's conflicts (409): a state that forbids the action, a unique field taken, stock below 0, an inactive warehouse, an archived parent.
import {isObject, type Fields} from '../world/lists';
import {pathValues} from './validate';
import type {Json, TryResponse} from './types';
import type {TryLifecycle, TryObject} from './world-types';
import {
  type Exchange,
  canonical,
  words,
  capitalised,
  objectAt,
  objectsOf,
} from './world-exchange';
import {documents, problem, documentedMessage} from './world-problems';

export const vowels = new Set(['a', 'e', 'i', 'o', 'u']);
export const article = (word: string) =>
  vowels.has(word.charAt(0).toLowerCase()) ? 'an' : 'a';

export const snake = (kind: string) => words(kind).replaceAll(' ', '_');

/** The object an action's lifecycle is about: the one the path names, or the one it names by ID (a dispatch's order). */
export function lifecycleSubject(
  exchange: Exchange,
  action: string,
  key: string | undefined,
  target: TryObject | undefined,
): {key: string; object: TryObject; lifecycle: TryLifecycle} | undefined {
  const {world, body} = exchange;
  const own = target && world.kinds[target.kind]?.lifecycle;
  if (key !== undefined && target && own?.allowed[action]) {
    return {key, object: target, lifecycle: own};
  }
  for (const [name, kind] of Object.entries(world.kinds)) {
    if (!kind.lifecycle?.allowed[action]) {
      continue;
    }
    const idField = `${snake(name)}_id`;
    const id =
      (isObject(body) ? body[idField] : undefined) ?? target?.fields[idField];
    const object = typeof id === 'string' ? objectAt(exchange, id) : undefined;
    if (object?.kind === name) {
      return {key: String(id), object, lifecycle: kind.lifecycle};
    }
  }
  return undefined;
}

export const sameValue = (a: Json | undefined, b: Json | undefined) =>
  typeof a === 'string' && typeof b === 'string'
    ? a.toLowerCase() === b.toLowerCase()
    : canonical(a) === canonical(b);

/** A conflict the world plainly tells: a state, a unique field, stock below 0, an inactive warehouse, an archived parent. */
export function conflict(
  exchange: Exchange,
  key: string | undefined,
  target: TryObject | undefined,
): TryResponse | undefined {
  const {operation, world, known} = exchange;
  const body = isObject(exchange.body) ? exchange.body : {};
  const action = `${operation.method} ${operation.path}`;
  const subject = lifecycleSubject(exchange, action, key, target);
  if (subject && documents(exchange, 409, 'invalid_state')) {
    const {lifecycle, object} = subject;
    const state = object.fields[lifecycle.field];
    const allowed = lifecycle.allowed[action]!;
    if (typeof state === 'string' && !allowed.includes(state)) {
      const label = world.kinds[object.kind]!.label;
      const documented = documentedMessage(exchange, 409, 'invalid_state');
      return problem(
        exchange,
        409,
        `${capitalised(label)} ${subject.key} is ${state}; ${action} needs ${article(allowed[0]!)} ${allowed.join(' or ')} ${label}.`,
        [
          {
            field: documented.field ?? lifecycle.field,
            code: 'invalid_state',
            message:
              documented.message ??
              `Only ${article(allowed[0]!)} ${allowed.join(' or ')} ${label} allows this.`,
          },
        ],
      );
    }
  }
  const kind = known.creates ?? target?.kind;
  for (const rule of known.duplicates ?? []) {
    const values: Fields = {...target?.fields, ...body};
    if (
      !kind ||
      !documents(exchange, 409, rule.code) ||
      rule.fields.some((field) => values[field] === undefined) ||
      (target && !rule.fields.some((field) => field in body))
    ) {
      continue;
    }
    const other = objectsOf(exchange, kind).find(
      ([otherKey, object]) =>
        otherKey !== key &&
        !(rule.unless ?? []).includes(String(object.fields.status)) &&
        rule.fields.every((field) =>
          sameValue(object.fields[field], values[field]),
        ),
    );
    if (other) {
      const field = rule.fields.at(-1)!;
      const documented = documentedMessage(exchange, 409, rule.code);
      return problem(
        exchange,
        409,
        `${capitalised(world.kinds[kind]!.label)} ${other[0]} already has the ${words(field).replaceAll('_', ' ')} ${String(values[field])}.`,
        [
          {
            field: documented.field ?? field,
            code: rule.code,
            message: documented.message ?? `${field} is already taken.`,
          },
        ],
      );
    }
  }
  const {
    on_hand: onHand,
    variant_id: variant,
    warehouse_id: warehouse,
  } = target?.fields ?? {};
  if (
    typeof body.delta === 'number' &&
    typeof onHand === 'number' &&
    onHand + body.delta < 0 &&
    documents(exchange, 409, 'insufficient_stock')
  ) {
    const place =
      objectAt(exchange, String(warehouse))?.fields.name ?? warehouse;
    const sku = objectAt(exchange, String(variant))?.fields.sku ?? variant;
    return problem(
      exchange,
      409,
      `${String(place)} holds ${onHand} of ${String(sku)}; an adjustment of ${body.delta} would leave ${onHand + body.delta} on hand.`,
      [
        {
          field: 'delta',
          code: 'insufficient_stock',
          message: `An adjustment can take on hand to 0 at most, here -${onHand}.`,
        },
      ],
    );
  }
  const values = pathValues(operation.path, exchange.request.path) ?? {};
  const inactive = (known.ids ?? []).find(
    ({parameter, kind: idKind}) =>
      idKind === 'Warehouse' &&
      objectAt(exchange, values[parameter]!)?.fields.status === 'inactive',
  );
  if (inactive && documents(exchange, 409, 'warehouse_inactive')) {
    const documented = documentedMessage(exchange, 409, 'warehouse_inactive');
    return problem(
      exchange,
      409,
      `Warehouse ${values[inactive.parameter]} is inactive, so its stock cannot change.`,
      [
        {
          field: documented.field ?? inactive.parameter,
          code: 'warehouse_inactive',
          message: documented.message ?? 'Activate the warehouse first.',
        },
      ],
    );
  }
  const archived = Object.entries(body).find(
    ([field, id]) =>
      field.endsWith('_id') &&
      typeof id === 'string' &&
      objectAt(exchange, id)?.fields.status === 'archived',
  );
  if (archived && documents(exchange, 409, 'parent_archived')) {
    const documented = documentedMessage(exchange, 409, 'parent_archived');
    const parent = objectAt(exchange, String(archived[1]))!;
    return problem(
      exchange,
      409,
      `${capitalised(world.kinds[parent.kind]!.label)} ${String(archived[1])} is archived.`,
      [
        {
          field: archived[0],
          code: 'parent_archived',
          message: documented.message ?? 'Restore it first.',
        },
      ],
    );
  }
  return undefined;
}

// ---------------------------------------------------------------------------
// Success: the world's answer, and the tab's writes.
