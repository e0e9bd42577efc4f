// What the changelog's diff shares: a difference's shape, the walk over two documents, and how a difference is judged and recorded.
import {type OpenApiDocument} from '../../model/openapi-types';
import {refName} from '../../model/refs';

export type ChangeKind = 'breaking' | 'additive';

/** One difference at one place. */
export interface ReleaseChange {
  kind: ChangeKind;
  /** The endpoint, event or object: `GET /orders`, `order.updated` event, `Order` object; empty for a schema that is no object. */
  where: string;
  /** What changed, in a short phrase of Markdown that does not depend on the place. */
  what: string;
  /** On an object: the top-level field that changed. */
  field?: string;
  /** The named schemas the difference is in, outermost first, in either release (`Problem`, `ValidationProblem`). */
  schemas?: string[];
  /** The explained change it belongs to (an `explainedChanges` id), if any. */
  explanation?: string;
  /**
   * Where in the resolved documents the difference is, as JSON pointers
   * (parameters named `<in>:<name>`, a value of `enum`, `required` or
   * `type` named by itself, as `/enum/partially_dispatched`).
   */
  pointers: string[];
}

/**
 * A code of the error catalogue (`x-error-codes`) that one release has and
 * the other lacks, or that answers with another status. The catalogue is
 * documentation to the diff of the documents (`changelog.ts`), but an
 * integration branches on its codes, so the changelog lists its changes
 * beside the differences, each explained by a change of the upgrade guide.
 */
export interface ErrorCodeChange {
  code: string;
  /** The status it answers with: in the newer release, or the older for a removed code. */
  status: number;
  change: 'added' | 'removed' | 'status changed';
}

/** Parts of the document that are prose, examples or the reference's own data. */
export const documentationKeys = new Set([
  'description',
  'summary',
  'example',
  'examples',
  'x-lifecycle',
  'x-filter',
  'x-codes',
  'x-rules',
  'x-displayName',
]);

export type Direction = 'read' | 'send' | 'both';

/** What code written for the older release meets, in the direction it meets it. */
export const judged = (
  direction: Direction,
  read: ChangeKind,
  send: ChangeKind,
): ChangeKind =>
  direction === 'read'
    ? read
    : direction === 'send'
      ? send
      : read === 'breaking' || send === 'breaking'
        ? 'breaking'
        : 'additive';

const escape = (part: string) =>
  part.replaceAll('~', '~0').replaceAll('/', '~1');
export const join = (pointer: string, ...parts: string[]) =>
  [pointer, ...parts.map(escape)].join('/');
/** A scalar of a set-like array (`enum`, `required`, `type`), as a pointer segment. */
export const setMember = (value: unknown) =>
  typeof value === 'string' ? value : JSON.stringify(value);

export const code = (value: unknown) =>
  `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``;

/** A keyword's value as JSON, so a string's edges show. */
export const json = (value: unknown) => `\`${JSON.stringify(value)}\``;

/** The value without its documentation keys, for comparing. */
function bare(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.map(bare);
  }
  if (value === null || typeof value !== 'object') {
    return value;
  }
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !documentationKeys.has(key))
      .map(([key, child]) => [key, bare(child)]),
  );
}
export const same = (a: unknown, b: unknown) =>
  JSON.stringify(bare(a)) === JSON.stringify(bare(b));

/** One side of a comparison: a node, the named schema it is part of, and the `$ref`s above it. */
export interface Side {
  node: Record<string, unknown>;
  /** The named schema the node belongs to, and the field path inside it. */
  owner?: string;
  field: string;
  refs: string[];
}

export interface Walk {
  before: OpenApiDocument;
  after: OpenApiDocument;
  objects: Set<string>;
  found: ReleaseChange[];
}

export interface Place {
  where: string;
  direction: Direction;
  /** What the node is when it belongs to no named schema: "the request body". */
  base: string;
  /** The named schemas the compared nodes are in, outermost first. */
  schemas?: string[];
}

export function record(
  walk: Walk,
  place: Place,
  kind: ChangeKind,
  what: string,
  pointers: string[],
  field?: string,
) {
  walk.found.push({
    kind,
    where: place.where,
    what,
    ...(field && {field}),
    ...(place.schemas && place.schemas.length > 0 && {schemas: place.schemas}),
    pointers,
  });
}

/** Follows `$ref`s, stopping at one already above (a recursive schema). */
export function resolved(document: OpenApiDocument, side: Side): Side | string {
  let current = side;
  while (typeof current.node.$ref === 'string') {
    const ref = current.node.$ref;
    if (current.refs.includes(ref)) {
      return ref;
    }
    const match = /^#\/components\/(\w+)\/([\w.-]+)$/.exec(ref);
    const section =
      match &&
      (document.components[match[1]!] as
        Record<string, Record<string, unknown>> | undefined);
    const target = section?.[match![2]!];
    if (!target) {
      throw new Error(`Unresolved $ref ${ref}`);
    }
    current = {
      node: target,
      owner: match![1] === 'schemas' ? refName(ref) : current.owner,
      field: match![1] === 'schemas' ? '' : current.field,
      refs: [...current.refs, ref],
    };
  }
  return current;
}

const label = (side: Side, place: Place) =>
  side.owner
    ? `\`${side.owner}${side.field ? `.${side.field}` : ''}\``
    : side.field
      ? `\`${side.field}\` of ${place.base}`
      : place.base;

/** The subject of a difference: the field as the newer release names it, and the older name if it had another. */
export function subject(a: Side, b: Side, place: Place): string {
  const after = label(b, place);
  const before = label(a, place);
  return after === before ? after : `${after} (was ${before})`;
}

export const fieldPath = (field: string, name: string) =>
  field ? `${field}.${name}` : name;

/** The top-level field of an object a difference is in, for the reference's marks. */
export function objectField(place: Place, side: Side, name?: string) {
  const path = name ? fieldPath(side.field, name) : side.field;
  return place.where === `\`${side.owner}\` object`
    ? path.split(/[.[]/)[0]
    : undefined;
}

/** Keys of two objects not otherwise compared: any difference is recorded as breaking. */
export function compareOthers(
  walk: Walk,
  place: Place,
  pointer: string,
  a: object,
  b: object,
  skip: string[],
  what: string,
) {
  const valuesA = a as Record<string, unknown>;
  const valuesB = b as Record<string, unknown>;
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (
      skip.includes(key) ||
      documentationKeys.has(key) ||
      same(valuesA[key], valuesB[key])
    ) {
      continue;
    }
    record(walk, place, 'breaking', `${code(key)} of ${what} changed`, [
      join(pointer, key),
    ]);
  }
}
