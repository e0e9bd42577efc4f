// The sample world's answer to a list's request: which objects match its filter and parameters, in its order. Shared by the build's check of list examples (rules/lists.ts) and Try it (try-it/world-server.ts), so both compute lists one way; no Node imports.
import {zonedParts} from '../../model/dates';
import type {FilterDeclaration, JsonValue} from '../../model/openapi-types';
import type {Expression, Value} from '../query-language';

/** An object's fields, as the world and the examples hold them. */
export type Fields = Record<string, JsonValue>;

/** An object of the world: its fixed fields, its fields at now and at its other moments. */
export interface WorldMoments {
  fixed?: Fields;
  now?: Fields;
  earlier?: Fields[];
}

/** A list's declared order: a field of the listed object and a direction. */
export interface ListOrder {
  field: string;
  descending: boolean;
}

/** A declared order as `x-order` writes it (`placed_at desc`), or undefined when it is not one. */
export function parseOrder(declared: unknown): ListOrder | undefined {
  const match =
    typeof declared === 'string'
      ? /^([a-z_.]+) (asc|desc)$/.exec(declared)
      : null;
  return match
    ? {field: match[1]!, descending: match[2] === 'desc'}
    : undefined;
}

export const isObject = (value: JsonValue | undefined): value is Fields =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

export const instant = (value: JsonValue | undefined) =>
  typeof value === 'string' ? Date.parse(value) : Number.NaN;

/** The world's moments of an object, oldest first; a `now` without `updated_at` holds from the start. */
export function stateAt(object: WorldMoments, at: number): Fields | undefined {
  // Now last, so that it is the one of moments that share an updated_at (a
  // sign-in changes last_login_at, not updated_at).
  const moments = [
    ...(object.earlier ?? []),
    ...(object.now ? [object.now] : []),
  ].sort(
    (a, b) =>
      (a.updated_at === undefined ? -Infinity : instant(a.updated_at)) -
      (b.updated_at === undefined ? -Infinity : instant(b.updated_at)),
  );
  return moments
    .filter(
      (moment) =>
        moment.updated_at === undefined || instant(moment.updated_at) <= at,
    )
    .at(-1);
}

/** An object of the world as it is at a moment: its fixed fields and its state then. */
export const fieldsAt = (object: WorldMoments, at: number): Fields => ({
  ...object.fixed,
  ...stateAt(object, at),
});

/** The value at a dotted path (`totals.total.amount`), or undefined. */
export function atPath(
  fields: JsonValue | undefined,
  path: string,
): JsonValue | undefined {
  return path
    .split('.')
    .reduce<JsonValue | undefined>(
      (value, part) => (isObject(value) ? value[part] : undefined),
      fields,
    );
}

/** The company an object of the world belongs to, where the world says. */
export const companyOf = (fields: Fields) =>
  fields.company_id ?? fields.company;

/** The start of the day `daysBack` days before a moment, in a time zone. */
function startOfDay(at: number, zone: string, daysBack: number): number {
  const parts = zonedParts(new Date(at), zone);
  const local = Date.UTC(parts.year, parts.month - 1, parts.day);
  const offset =
    Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute) -
    Math.floor(at / 60_000) * 60_000;
  return local - offset - daysBack * 86_400_000;
}

/** The instant a date value of a query stands for, at a moment, in a time zone. */
function dateOf(value: Value, at: number, zone: string): number {
  const word = value.raw.toLowerCase();
  if (word === 'today' || word === 'yesterday') {
    return startOfDay(at, zone, word === 'today' ? 0 : 1);
  }
  if (value.kind === 'date') {
    return startOfDay(Date.parse(`${value.raw}T12:00:00Z`), zone, 0);
  }
  if (value.kind === 'date and time') {
    return Date.parse(value.raw);
  }
  const match = /^-(\d+)([hdwm])$/.exec(value.raw);
  const amount = Number(match?.[1]);
  const unit = match?.[2];
  if (unit === 'm') {
    const date = new Date(at);
    date.setUTCMonth(date.getUTCMonth() - amount);
    return date.getTime();
  }
  const hours = {h: 1, d: 24, w: 168}[unit as 'h' | 'd' | 'w'];
  return at - amount * hours * 3_600_000;
}

const isDateValue = (value: Value) =>
  value.kind === 'date' ||
  value.kind === 'date and time' ||
  value.kind === 'relative date';

/** Whether one value of a field meets one condition's value. */
function meets(
  field: JsonValue,
  operator: string,
  value: Value,
  at: number,
  zone: string,
): boolean {
  if (isDateValue(value)) {
    const left = instant(field);
    const right = dateOf(value, at, zone);
    return Number.isNaN(left) ? false : compare(left, right, operator);
  }
  if (value.kind === 'number') {
    return (
      typeof field === 'number' && compare(field, Number(value.raw), operator)
    );
  }
  if (value.kind === 'boolean') {
    return compare(String(field), value.meaning, operator);
  }
  const text = typeof field === 'string' ? field.toLowerCase() : undefined;
  const wanted = value.meaning.toLowerCase();
  if (text === undefined) {
    return false;
  }
  if (operator === 'contains') {
    return text.includes(wanted);
  }
  if (operator === 'starts with') {
    return text.startsWith(wanted);
  }
  return compare(text, wanted, operator);
}

function compare<T extends number | string>(
  left: T,
  right: T,
  operator: string,
) {
  switch (operator) {
    case '=':
      return left === right;
    case '!=':
      return left !== right;
    case '>':
      return left > right;
    case '>=':
      return left >= right;
    case '<':
      return left < right;
    default:
      return left <= right;
  }
}

/** A field a filter or parameter names that the world does not declare for an object. */
export class UndeclaredField extends Error {
  constructor(readonly field: string) {
    super(field);
  }
}

/**
 * Whether an object's fields match a parsed filter, at a moment; a name the
 * world does not declare for the object throws `UndeclaredField`.
 */
export function matches(
  expression: Expression | null,
  valueOf: (name: string) => JsonValue | undefined,
  at: number,
  zone: string,
): boolean {
  if (expression === null) {
    return true;
  }
  if (expression.type === 'not') {
    return !matches(expression.operand, valueOf, at, zone);
  }
  if (expression.type !== 'condition') {
    const left = matches(expression.left, valueOf, at, zone);
    return expression.type === 'and'
      ? left && matches(expression.right, valueOf, at, zone)
      : left || matches(expression.right, valueOf, at, zone);
  }
  const {field, operator, values} = expression;
  const value = valueOf(field);
  if (value === undefined) {
    throw new UndeclaredField(field);
  }
  const items = Array.isArray(value) ? value : [value];
  if (operator === 'is empty' || operator === 'is not empty') {
    const empty = items.every((item) => item === null || item === '');
    return operator === 'is empty' ? empty : !empty;
  }
  if (operator === '!=') {
    return !items.some((item) => meets(item, '=', values[0]!, at, zone));
  }
  // `in` matches when an item equals any of its values.
  const each = operator === 'in' ? '=' : operator;
  return items.some((item) =>
    values.some((candidate) => meets(item, each, candidate, at, zone)),
  );
}

/** One object of the list's kind, as the answer reads it. */
export interface ListObject {
  key: string;
  /** The fields the world declares for it at the moment (a stock record's variant and warehouse among them). */
  own: Fields;
  /** What an example shows of it: a field the world does not declare is as the example shows it. */
  shown?: Fields;
}

/** Why the answer leaves an object out. */
export type LeftOutBecause =
  'company' | 'created' | 'deleted' | 'parameter' | 'filter';

/** Whether the world holds an object at a moment: created by then, and not yet deleted (its `deleted_at`). */
export const existsAt = (fields: Fields, at: number) =>
  !(instant(fields.created_at) > at) && !(instant(fields.deleted_at) <= at);

/** One candidate of the answer: the object at the moment, or why it is not in. */
export interface Candidate {
  key: string;
  fields: Fields;
  /** Why the answer leaves it out, in words, or undefined when it is in. */
  out?: string;
  because?: LeftOutBecause;
  /** A field the filter or a parameter names that neither the world nor the example gives it. */
  undeclared?: string;
}

/** What a list is asked, and of what. */
export interface ListQuestion {
  /** Every object of the listed kind, in the world's order. */
  objects: Iterable<ListObject>;
  /** Another object's fields at the moment, by key: a related filter field's object. */
  fieldsOf: (key: string) => Fields | undefined;
  /** The list's filter declaration: its related fields. */
  declaration: Pick<FilterDeclaration, 'related'> | undefined;
  expression: Expression | null;
  /** The query parameters besides `limit`, `filter` and the cursor, each naming a field of the listed object. */
  parameters: [string, string][];
  /** A parameter that matches other fields than its own name (a transfer's `warehouse_id`, either end). */
  parameterFields?: Record<string, string[]>;
  order: ListOrder;
  at: number;
  /** The company whose objects the list holds, where the world says; undefined for all. */
  company: JsonValue | undefined;
  /** The company's time zone, for `today` and plain dates. */
  zone: string;
}

/**
 * The world's answer to a list's request, at a moment: every object of the
 * kind, each in the answer or with the reason it is not, in the list's
 * order (objects of the same moment in the order of their keys), and the
 * first object, in the world's order, whose filter or parameters name a
 * field it has not.
 */
export function worldAnswer(question: ListQuestion): {
  candidates: Candidate[];
  undeclared?: {key: string; field: string};
} {
  const {declaration, at, zone, company} = question;
  const candidates: Candidate[] = [];
  let undeclared: {key: string; field: string} | undefined;
  for (const {key, own, shown = {}} of question.objects) {
    const valueOf = (name: string): JsonValue | undefined => {
      const related = declaration?.related?.[name];
      if (related) {
        const via = atPath(own, related.via) ?? atPath(shown, related.via);
        const [, ...fieldPath] = related.matches.split('.');
        const linked = (Array.isArray(via) ? via : [via]).map((id) => {
          const other = question.fieldsOf(String(id));
          return other && atPath(other, fieldPath.join('.'));
        });
        return linked.every((value) => value !== undefined)
          ? (linked as JsonValue[])
          : undefined;
      }
      return atPath(own, name) ?? atPath(shown, name);
    };
    // A parameter names a field of the listed object (or a list of them).
    const declared = (name: string): JsonValue => {
      const names = question.parameterFields?.[name] ?? [name];
      const values = names.map(valueOf);
      if (values.every((value) => value === undefined)) {
        throw new UndeclaredField(name);
      }
      return values.flatMap((value) => (value === undefined ? [] : [value]));
    };
    const candidate: Candidate = {key, fields: {...shown, ...own}};
    candidates.push(candidate);
    const leaveOut = (because: LeftOutBecause, why: string) => {
      candidate.out = why;
      candidate.because = because;
    };
    try {
      const otherCompany =
        company !== undefined &&
        companyOf(own) !== undefined &&
        companyOf(own) !== company;
      const unmatched = () =>
        question.parameters.find(
          ([name, value]) =>
            ![declared(name)].flat(2).some((item) => String(item) === value),
        );
      if (otherCompany) {
        leaveOut(
          'company',
          `it belongs to ${String(companyOf(own))}, not to the list's company ${String(company)}`,
        );
      } else if (instant(own.created_at) > at) {
        leaveOut('created', `it is created at ${String(own.created_at)}`);
      } else if (!existsAt(own, at)) {
        leaveOut('deleted', `it is deleted at ${String(own.deleted_at)}`);
      } else {
        const [name] = unmatched() ?? [];
        if (name !== undefined) {
          leaveOut(
            'parameter',
            `its ${name} is ${JSON.stringify(valueOf(name))}`,
          );
        } else if (!matches(question.expression, valueOf, at, zone)) {
          leaveOut('filter', 'it does not match the filter');
        }
      }
    } catch (error) {
      if (!(error instanceof UndeclaredField)) {
        throw error;
      }
      candidate.undeclared = error.field;
      undeclared ??= {key, field: error.field};
    }
  }
  const {order} = question;
  const sortValue = (candidate: Candidate) => candidate.fields[order.field];
  candidates.sort((a, b) => {
    const left = String(sortValue(a) ?? '');
    const right = String(sortValue(b) ?? '');
    const byField =
      typeof sortValue(a) === 'number' && typeof sortValue(b) === 'number'
        ? Number(sortValue(a)) - Number(sortValue(b))
        : left.localeCompare(right);
    // Objects of the same moment come in the order of their IDs.
    return (
      (order.descending ? -byField : byField) || a.key.localeCompare(b.key)
    );
  });
  return {candidates, undeclared};
}
