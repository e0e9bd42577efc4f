import path from 'node:path';
import {nearest} from '../../model/nearest';
import {
  AuthoringError,
  formatLocation,
  type SourceLocation,
} from '../../model/authoringError';
import {releaseHeader} from './releases';
import {
  httpMethods,
  type JsonValue,
  type LoadedSpec,
  type OpenApiDocument,
  type Operation,
  type Parameter,
  type PathItem,
  type Response,
  type Schema,
} from '../../model/openapi-types';
import {locationOf} from '../../model/yaml';
import {refName} from '../../model/refs';

/**
 * The differences between two releases' documents, as an integrator's code
 * meets them: every endpoint, parameter, request and response body, header
 * and response status, every webhook event's payload, and every named
 * schema (a generated client's types), each compared with its `$ref`s
 * followed. Prose (descriptions, summaries), examples and the reference's
 * own extensions (`x-lifecycle`, `x-filter`, `x-rules`, the error
 * catalogue) are documentation, not API, and are left out; so is the
 * `Hub-Version` header's value, which is each release's own name.
 *
 * Breaking or additive is judged by what code written for the older
 * release sends and reads: in what the client reads (responses, webhook
 * payloads, objects), a field, value or header that is gone or has another
 * shape, or a value or response it never saw, is breaking; in what it
 * sends (parameters, request bodies), a new requirement is breaking, and so
 * is a field dropped from a closed body (`additionalProperties: false`),
 * which now answers `422`.
 *
 * One difference is one row: a field of a named schema that changed is one
 * row listing every endpoint, event and object that carries it, and a
 * field removed is "removed", not also "made optional".
 *
 * Every difference must be explained by one of `explainedChanges`, the
 * sections of the upgrade guide on the changelog page: the page fails to
 * build otherwise. tests/unit/changelog.spec.ts compares the rows with an
 * independent diff of the two resolved documents, both ways.
 */

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
  /** The explained change it belongs to (an `explainedChanges` id), if any. */
  explanation?: string;
  /**
   * Where in the resolved documents the difference is, as JSON pointers
   * (parameters named `<in>:<name>`, a value of `enum`, `required` or
   * `type` named by itself, as `/enum/partially_dispatched`).
   */
  pointers: string[];
}

/** A change of the upgrade guide and the differences it explains. */
export interface ExplainedChange {
  /** The anchor of its section on the changelog page. */
  id: string;
  title: string;
  explains: (change: Pick<ReleaseChange, 'what' | 'pointers'>) => boolean;
}

/** The breaking changes of `2023-07` over `2023-01`, and change 6 (new in 2023-07 only). */
export const explainedChanges: ExplainedChange[] = [
  {
    id: 'price-changes-carry-money',
    title: 'Price changes carry Money objects',
    explains: ({what}) =>
      /(new|previous)_(price|amount)|`currency` removed from `PriceChange`/.test(
        what,
      ),
  },
  {
    id: 'orders-can-be-partially-dispatched',
    title: 'Orders can be partially_dispatched',
    explains: ({what}) => what.includes('partially_dispatched'),
  },
  {
    id: 'rate-limit-headers',
    title: 'Rate-limit headers lose their X- prefix',
    explains: ({what}) => /`(X-)?RateLimit-/.test(what),
  },
  {
    id: 'validation-errors-list-every-field',
    title: 'A 422 lists every invalid field in errors[]',
    explains: ({what, pointers}) =>
      what.includes('ValidationProblem') ||
      pointers.some((pointer) => pointer.includes('/responses/422/')),
  },
  {
    id: 'filter-on-every-list',
    title: 'filter= on every list',
    explains: ({what}) =>
      what.includes('parameter `filter`') || what === '`400` response removed',
  },
];

/** Parts of the document that are prose, examples or the reference's own data. */
export const documentationKeys = new Set([
  'description',
  'summary',
  'example',
  'examples',
  'x-lifecycle',
  'x-filter',
  'x-rules',
  'x-displayName',
]);

type Direction = 'read' | 'send' | 'both';

/** What code written for the older release meets, in the direction it meets it. */
const judged = (
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
const join = (pointer: string, ...parts: string[]) =>
  [pointer, ...parts.map(escape)].join('/');
/** A scalar of a set-like array (`enum`, `required`, `type`), as a pointer segment. */
export const setMember = (value: unknown) =>
  typeof value === 'string' ? value : JSON.stringify(value);

const code = (value: unknown) =>
  `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``;

/** A keyword's value as JSON, so a string's edges show. */
const json = (value: unknown) => `\`${JSON.stringify(value)}\``;

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
const same = (a: unknown, b: unknown) =>
  JSON.stringify(bare(a)) === JSON.stringify(bare(b));

/** One side of a comparison: a node, the named schema it is part of, and the `$ref`s above it. */
interface Side {
  node: Record<string, unknown>;
  /** The named schema the node belongs to, and the field path inside it. */
  owner?: string;
  field: string;
  refs: string[];
}

interface Walk {
  before: OpenApiDocument;
  after: OpenApiDocument;
  objects: Set<string>;
  found: ReleaseChange[];
}

interface Place {
  where: string;
  direction: Direction;
  /** What the node is when it belongs to no named schema: "the request body". */
  base: string;
}

function record(
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
    pointers,
  });
}

/** Follows `$ref`s, stopping at one already above (a recursive schema). */
function resolved(document: OpenApiDocument, side: Side): Side | string {
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
function subject(a: Side, b: Side, place: Place): string {
  const after = label(b, place);
  const before = label(a, place);
  return after === before ? after : `${after} (was ${before})`;
}

const fieldPath = (field: string, name: string) =>
  field ? `${field}.${name}` : name;

/** The top-level field of an object a difference is in, for the reference's marks. */
function objectField(place: Place, side: Side, name?: string) {
  const path = name ? fieldPath(side.field, name) : side.field;
  return place.where === `\`${side.owner}\` object`
    ? path.split(/[.[]/)[0]
    : undefined;
}

const closed = (node: Record<string, unknown>) =>
  node.additionalProperties === false || node.unevaluatedProperties === false;

const lowerBounds = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems'];
const upperBounds = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems'];
/** Keywords that only narrow what a value may be. */
const narrowing = ['pattern', 'format', 'const', 'multipleOf', 'uniqueItems'];
const handled = new Set([
  '$ref',
  'properties',
  'required',
  'enum',
  'type',
  'items',
  'allOf',
  'oneOf',
  'anyOf',
  'additionalProperties',
  'unevaluatedProperties',
]);

/**
 * Compares two schemas, recording each difference once. `closedAbove` is
 * whether a composing schema closes this one (`unevaluatedProperties`).
 */
function compareSchemas(
  walk: Walk,
  place: Place,
  pointer: string,
  sideA: Side,
  sideB: Side,
  closedAbove = false,
): void {
  const a = resolved(walk.before, sideA);
  const b = resolved(walk.after, sideB);
  if (typeof a === 'string' || typeof b === 'string') {
    // A recursive schema met again: the same one, or another.
    if (a !== b) {
      record(walk, place, 'breaking', `schema of ${place.base} changed`, [
        pointer,
      ]);
    }
    return;
  }
  const {direction} = place;
  const what = subject(a, b, place);
  const isClosed = closedAbove || closed(b.node);
  const propsA = (a.node.properties ?? {}) as Record<string, Schema>;
  const propsB = (b.node.properties ?? {}) as Record<string, Schema>;
  const requiredA = new Set((a.node.required ?? []) as string[]);
  const requiredB = new Set((b.node.required ?? []) as string[]);
  const removed = Object.keys(propsA).filter((name) => !(name in propsB));
  const added = Object.keys(propsB).filter((name) => !(name in propsA));
  const requiredPointer = (required: Set<string>, name: string) =>
    required.has(name) ? [join(pointer, 'required', name)] : [];

  // A field that left and another that came with the same schema: renamed.
  for (const name of [...removed]) {
    const twin = nearest(
      name,
      added.filter((candidate) => same(propsA[name], propsB[candidate])),
    );
    if (!twin) {
      continue;
    }
    removed.splice(removed.indexOf(name), 1);
    added.splice(added.indexOf(twin), 1);
    record(
      walk,
      place,
      'breaking',
      `field ${code(fieldPath(a.field, name))} of ${what} renamed to ${code(fieldPath(b.field, twin))}`,
      [
        join(pointer, 'properties', name),
        join(pointer, 'properties', twin),
        ...requiredPointer(requiredA, name),
        ...requiredPointer(requiredB, twin),
      ],
      objectField(place, b, twin),
    );
  }
  for (const name of removed) {
    record(
      walk,
      place,
      judged(direction, 'breaking', isClosed ? 'breaking' : 'additive'),
      `field ${code(fieldPath(a.field, name))} removed from ${what}`,
      [join(pointer, 'properties', name), ...requiredPointer(requiredA, name)],
      objectField(place, a, name),
    );
  }
  for (const name of added) {
    const required = requiredB.has(name);
    record(
      walk,
      place,
      judged(direction, 'additive', required ? 'breaking' : 'additive'),
      `field ${code(fieldPath(b.field, name))} added to ${what}${required ? ', required' : ''}`,
      [join(pointer, 'properties', name), ...requiredPointer(requiredB, name)],
      objectField(place, b, name),
    );
  }
  for (const name of Object.keys(propsA).filter((key) => key in propsB)) {
    compareSchemas(
      walk,
      place,
      join(pointer, 'properties', name),
      {
        ...a,
        node: propsA[name] as Record<string, unknown>,
        field: fieldPath(a.field, name),
      },
      {
        ...b,
        node: propsB[name] as Record<string, unknown>,
        field: fieldPath(b.field, name),
      },
    );
  }
  // Required or not, for fields in both.
  for (const name of requiredA) {
    if (!requiredB.has(name) && name in propsA && name in propsB) {
      record(
        walk,
        place,
        judged(direction, 'breaking', 'additive'),
        `field ${code(fieldPath(b.field, name))} of ${what} made optional`,
        [join(pointer, 'required', name)],
        objectField(place, b, name),
      );
    }
  }
  for (const name of requiredB) {
    if (!requiredA.has(name) && name in propsA && name in propsB) {
      record(
        walk,
        place,
        judged(direction, 'additive', 'breaking'),
        `field ${code(fieldPath(b.field, name))} of ${what} made required`,
        [join(pointer, 'required', name)],
        objectField(place, b, name),
      );
    }
  }
  // Required names without a property of their own (rare): as values.
  for (const name of [...requiredA, ...requiredB]) {
    if (
      !(name in propsA || name in propsB) &&
      requiredA.has(name) !== requiredB.has(name)
    ) {
      record(
        walk,
        place,
        judged(direction, 'breaking', 'breaking'),
        `${code(name)} made ${requiredB.has(name) ? 'required' : 'optional'} in ${what}`,
        [join(pointer, 'required', name)],
      );
    }
  }

  compareSets(walk, place, pointer, 'enum', a, b, what, {
    added: judged(direction, 'breaking', 'additive'),
    removed: judged(direction, 'additive', 'breaking'),
    noun: 'value',
  });
  if (Array.isArray(a.node.type) && Array.isArray(b.node.type)) {
    compareSets(walk, place, pointer, 'type', a, b, what, {
      added: judged(direction, 'breaking', 'additive'),
      removed: judged(direction, 'additive', 'breaking'),
      noun: 'type',
    });
  } else if (!same(a.node.type, b.node.type)) {
    record(
      walk,
      place,
      'breaking',
      `type of ${what} changed from ${code(a.node.type ?? 'any')} to ${code(b.node.type ?? 'any')}`,
      [join(pointer, 'type')],
      objectField(place, b),
    );
  }

  if (a.node.items && b.node.items) {
    compareSchemas(
      walk,
      place,
      join(pointer, 'items'),
      {
        ...a,
        node: a.node.items as Record<string, unknown>,
        field: `${a.field}[]`,
      },
      {
        ...b,
        node: b.node.items as Record<string, unknown>,
        field: `${b.field}[]`,
      },
    );
  } else if (!same(a.node.items, b.node.items)) {
    record(walk, place, 'breaking', `items of ${what} changed`, [
      join(pointer, 'items'),
    ]);
  }
  for (const keyword of ['allOf', 'oneOf', 'anyOf']) {
    const partsA = a.node[keyword] as Record<string, unknown>[] | undefined;
    const partsB = b.node[keyword] as Record<string, unknown>[] | undefined;
    if (partsA && partsB && partsA.length === partsB.length) {
      partsA.forEach((part, index) =>
        compareSchemas(
          walk,
          place,
          join(pointer, keyword, String(index)),
          {...a, node: part},
          {...b, node: partsB[index]!},
          // A composed schema closes its parts.
          keyword === 'allOf' && isClosed,
        ),
      );
    } else if (!same(partsA, partsB)) {
      record(walk, place, 'breaking', `\`${keyword}\` of ${what} changed`, [
        join(pointer, keyword),
      ]);
    }
  }
  for (const keyword of ['additionalProperties', 'unevaluatedProperties']) {
    const valueA = a.node[keyword];
    const valueB = b.node[keyword];
    if (
      valueA &&
      valueB &&
      typeof valueA === 'object' &&
      typeof valueB === 'object'
    ) {
      compareSchemas(
        walk,
        place,
        join(pointer, keyword),
        {...a, node: valueA as Record<string, unknown>, field: `${a.field}{}`},
        {...b, node: valueB as Record<string, unknown>, field: `${b.field}{}`},
      );
    } else if (!same(valueA, valueB)) {
      // Closing an object narrows what a client may send.
      const narrows = valueB === false;
      record(
        walk,
        place,
        judged(direction, 'additive', narrows ? 'breaking' : 'additive'),
        `${what} ${narrows ? 'closed' : 'opened'} (\`${keyword}\`)`,
        [join(pointer, keyword)],
      );
    }
  }
  // Every other keyword: a bound, a pattern, a format, a default.
  const keys = new Set([...Object.keys(a.node), ...Object.keys(b.node)]);
  for (const keyword of keys) {
    if (
      handled.has(keyword) ||
      documentationKeys.has(keyword) ||
      same(a.node[keyword], b.node[keyword])
    ) {
      continue;
    }
    const before = a.node[keyword];
    const after = b.node[keyword];
    let narrows: boolean | undefined;
    if (lowerBounds.includes(keyword)) {
      narrows =
        after !== undefined &&
        (before === undefined || Number(after) > Number(before));
    } else if (upperBounds.includes(keyword)) {
      narrows =
        after !== undefined &&
        (before === undefined || Number(after) < Number(before));
    } else if (
      narrowing.includes(keyword) &&
      (before === undefined || after === undefined)
    ) {
      narrows = before === undefined;
    }
    const kind =
      narrows === undefined
        ? 'breaking'
        : judged(
            direction,
            narrows ? 'additive' : 'breaking',
            narrows ? 'breaking' : 'additive',
          );
    const change =
      before === undefined
        ? `${code(keyword)} ${json(after)} added to ${what}`
        : after === undefined
          ? `${code(keyword)} ${json(before)} removed from ${what}`
          : `${code(keyword)} of ${what} changed from ${json(before)} to ${json(after)}`;
    record(
      walk,
      place,
      kind,
      change,
      [join(pointer, keyword)],
      objectField(place, b),
    );
  }
}

function compareSets(
  walk: Walk,
  place: Place,
  pointer: string,
  keyword: string,
  a: Side,
  b: Side,
  what: string,
  {
    added,
    removed,
    noun,
  }: {added: ChangeKind; removed: ChangeKind; noun: string},
) {
  const valuesA = ((a.node[keyword] ?? []) as JsonValue[]).map(setMember);
  const valuesB = ((b.node[keyword] ?? []) as JsonValue[]).map(setMember);
  for (const value of valuesB.filter((item) => !valuesA.includes(item))) {
    record(
      walk,
      place,
      added,
      `${noun} ${code(value)} added to ${what}`,
      [join(pointer, keyword, value)],
      objectField(place, b),
    );
  }
  for (const value of valuesA.filter((item) => !valuesB.includes(item))) {
    record(
      walk,
      place,
      removed,
      `${noun} ${code(value)} removed from ${what}`,
      [join(pointer, keyword, value)],
      objectField(place, b),
    );
  }
}

/** A parameter's key among an operation's: `query:filter`. */
export const parameterKey = (parameter: Parameter) =>
  `${parameter.in}:${parameter.name}`;

function byKey(
  document: OpenApiDocument,
  parameters: Parameter[] | undefined,
): Map<string, {parameter: Parameter; side: Side}> {
  const found = new Map<string, {parameter: Parameter; side: Side}>();
  for (const written of parameters ?? []) {
    const side = resolved(document, {
      node: written as unknown as Record<string, unknown>,
      field: '',
      refs: [],
    }) as Side;
    const parameter = side.node as unknown as Parameter;
    // The release header's value is each release's own name.
    if (parameter.in === 'header' && parameter.name === releaseHeader) {
      continue;
    }
    found.set(parameterKey(parameter), {parameter, side});
  }
  return found;
}

function compareParameters(
  walk: Walk,
  place: Place,
  pointer: string,
  before: Parameter[] | undefined,
  after: Parameter[] | undefined,
) {
  const a = byKey(walk.before, before);
  const b = byKey(walk.after, after);
  const noun = (parameter: Parameter) =>
    `${parameter.in} parameter ${code(parameter.name)}`;
  for (const [key, {parameter}] of a) {
    if (!b.has(key)) {
      // The API refuses a parameter it does not take.
      record(
        walk,
        place,
        judged(place.direction, 'breaking', 'breaking'),
        `${noun(parameter)} removed`,
        [join(pointer, key)],
      );
    }
  }
  for (const [key, {parameter}] of b) {
    if (!a.has(key)) {
      record(
        walk,
        place,
        judged(
          place.direction,
          'additive',
          parameter.required ? 'breaking' : 'additive',
        ),
        `${noun(parameter)} added${parameter.required ? ', required' : ''}`,
        [join(pointer, key)],
      );
    }
  }
  for (const [key, {parameter: parameterA}] of a) {
    const parameterB = b.get(key)?.parameter;
    if (!parameterB) {
      continue;
    }
    if (Boolean(parameterA.required) !== Boolean(parameterB.required)) {
      record(
        walk,
        place,
        judged(
          place.direction,
          parameterB.required ? 'additive' : 'breaking',
          parameterB.required ? 'breaking' : 'additive',
        ),
        `${noun(parameterB)} made ${parameterB.required ? 'required' : 'optional'}`,
        [join(pointer, key, 'required')],
      );
    }
    compareOthers(
      walk,
      place,
      join(pointer, key),
      parameterA,
      parameterB,
      ['name', 'in', 'required', 'schema'],
      noun(parameterB),
    );
    compareSchemas(
      walk,
      {...place, base: noun(parameterB)},
      join(pointer, key, 'schema'),
      {
        node: (parameterA.schema ?? {}) as Record<string, unknown>,
        field: '',
        refs: [],
      },
      {
        node: (parameterB.schema ?? {}) as Record<string, unknown>,
        field: '',
        refs: [],
      },
    );
  }
}

/** Keys of two objects not otherwise compared: any difference is recorded as breaking. */
function compareOthers(
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

/** Media types of a request or response body, each compared as a schema. */
function compareContent(
  walk: Walk,
  place: Place,
  pointer: string,
  a: Record<string, {schema?: Schema}> | undefined,
  b: Record<string, {schema?: Schema}> | undefined,
) {
  for (const type of new Set([
    ...Object.keys(a ?? {}),
    ...Object.keys(b ?? {}),
  ])) {
    const mediaA = a?.[type];
    const mediaB = b?.[type];
    if (!mediaA || !mediaB) {
      record(
        walk,
        place,
        'breaking',
        `${code(type)} ${mediaB ? 'added to' : 'removed from'} ${place.base}`,
        [join(pointer, type)],
      );
      continue;
    }
    compareOthers(
      walk,
      place,
      join(pointer, type),
      mediaA,
      mediaB,
      ['schema'],
      place.base,
    );
    compareSchemas(
      walk,
      place,
      join(pointer, type, 'schema'),
      {
        node: (mediaA.schema ?? {}) as Record<string, unknown>,
        field: '',
        refs: [],
      },
      {
        node: (mediaB.schema ?? {}) as Record<string, unknown>,
        field: '',
        refs: [],
      },
    );
  }
}

const deref = <T>(document: OpenApiDocument, value: T): T =>
  (
    resolved(document, {
      node: value as Record<string, unknown>,
      field: '',
      refs: [],
    }) as Side
  ).node as T;

function compareResponses(
  walk: Walk,
  place: Place,
  pointer: string,
  before: Record<string, Response>,
  after: Record<string, Response>,
) {
  for (const status of new Set([
    ...Object.keys(before),
    ...Object.keys(after),
  ])) {
    const at = join(pointer, status);
    if (!before[status] || !after[status]) {
      // A response the client never saw can now arrive.
      const gone = !after[status];
      record(
        walk,
        place,
        judged(
          place.direction,
          gone ? 'additive' : 'breaking',
          gone ? 'additive' : 'breaking',
        ),
        `${code(status)} response ${gone ? 'removed' : 'added'}`,
        [at],
      );
      continue;
    }
    const a = deref(walk.before, before[status]);
    const b = deref(walk.after, after[status]);
    compareOthers(
      walk,
      place,
      at,
      a,
      b,
      ['headers', 'content'],
      `the ${code(status)} response`,
    );
    compareHeaders(
      walk,
      place,
      join(at, 'headers'),
      a.headers ?? {},
      b.headers ?? {},
    );
    compareContent(
      walk,
      {...place, base: `the ${code(status)} response`},
      join(at, 'content'),
      a.content,
      b.content,
    );
  }
}

function compareHeaders(
  walk: Walk,
  place: Place,
  pointer: string,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
) {
  const a = new Map(
    Object.entries(before).map(([name, value]) => [
      name,
      deref(walk.before, value),
    ]),
  );
  const b = new Map(
    Object.entries(after).map(([name, value]) => [
      name,
      deref(walk.after, value),
    ]),
  );
  const removed = [...a.keys()].filter((name) => !b.has(name));
  const added = [...b.keys()].filter((name) => !a.has(name));
  for (const name of [...removed]) {
    const twin = nearest(
      name,
      added.filter((candidate) => same(a.get(name), b.get(candidate))),
    );
    if (twin) {
      removed.splice(removed.indexOf(name), 1);
      added.splice(added.indexOf(twin), 1);
      record(
        walk,
        place,
        'breaking',
        `response header ${code(name)} renamed to ${code(twin)}`,
        [join(pointer, name), join(pointer, twin)],
      );
    }
  }
  for (const name of removed) {
    record(
      walk,
      place,
      judged(place.direction, 'breaking', 'additive'),
      `response header ${code(name)} removed`,
      [join(pointer, name)],
    );
  }
  for (const name of added) {
    record(walk, place, 'additive', `response header ${code(name)} added`, [
      join(pointer, name),
    ]);
  }
  for (const name of [...a.keys()].filter((key) => b.has(key))) {
    if (!same(a.get(name), b.get(name))) {
      record(walk, place, 'breaking', `response header ${code(name)} changed`, [
        join(pointer, name),
      ]);
    }
  }
}

const opposite = (direction: Direction): Direction =>
  direction === 'read' ? 'send' : direction === 'send' ? 'read' : 'both';

/**
 * One endpoint or event. For an endpoint the client sends the parameters
 * and body and reads the responses; for an event the Hub sends the body to
 * the client, who answers.
 */
function compareOperation(
  walk: Walk,
  where: string,
  pointer: string,
  a: Operation,
  b: Operation,
  sends: Direction,
  pathParameters: [Parameter[] | undefined, Parameter[] | undefined],
) {
  const place: Place = {where, direction: sends, base: 'the request body'};
  compareOthers(
    walk,
    place,
    pointer,
    a,
    b,
    ['parameters', 'requestBody', 'responses'],
    'the operation',
  );
  compareParameters(
    walk,
    place,
    join(pointer, 'parameters'),
    a.parameters,
    b.parameters,
  );
  compareParameters(
    walk,
    place,
    join(pointer.replace(/\/[^/]+$/, ''), 'parameters'),
    ...pathParameters,
  );
  const bodyA = a.requestBody && deref(walk.before, a.requestBody);
  const bodyB = b.requestBody && deref(walk.after, b.requestBody);
  if (bodyA && bodyB) {
    compareOthers(
      walk,
      place,
      join(pointer, 'requestBody'),
      bodyA,
      bodyB,
      ['content'],
      place.base,
    );
    compareContent(
      walk,
      place,
      join(pointer, 'requestBody', 'content'),
      bodyA.content,
      bodyB.content,
    );
  } else if (bodyA || bodyB) {
    record(
      walk,
      place,
      'breaking',
      `request body ${bodyB ? 'added' : 'removed'}`,
      [join(pointer, 'requestBody')],
    );
  }
  compareResponses(
    walk,
    {...place, direction: opposite(sends)},
    join(pointer, 'responses'),
    a.responses ?? {},
    b.responses ?? {},
  );
}

function comparePaths(
  walk: Walk,
  section: 'paths' | 'webhooks',
  before: Record<string, PathItem>,
  after: Record<string, PathItem>,
) {
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    for (const method of httpMethods) {
      const a = before[key]?.[method];
      const b = after[key]?.[method];
      if (!a && !b) {
        continue;
      }
      const where =
        section === 'paths'
          ? `${method.toUpperCase()} ${key}`
          : `\`${key}\` event`;
      const pointer = join(`/${section}`, key, method);
      const noun = section === 'paths' ? 'endpoint' : 'event';
      if (!a || !b) {
        // A new endpoint or event is more; one gone breaks its users.
        record(
          walk,
          {where, direction: 'read', base: ''},
          b ? 'additive' : 'breaking',
          `${noun} ${b ? 'added' : 'removed'}`,
          [pointer],
        );
        continue;
      }
      compareOperation(
        walk,
        where,
        pointer,
        a,
        b,
        section === 'paths' ? 'send' : 'read',
        [before[key]?.parameters, after[key]?.parameters],
      );
    }
  }
}

/** The named schemas a client sends and reads, through every `$ref`. */
function schemaDirections(document: OpenApiDocument): Map<string, Direction> {
  const directions = new Map<string, Direction>();
  const visit = (value: unknown, direction: Direction, seen: Set<string>) => {
    if (Array.isArray(value)) {
      value.forEach((item) => visit(item, direction, seen));
      return;
    }
    if (value === null || typeof value !== 'object') {
      return;
    }
    const ref = (value as {$ref?: unknown}).$ref;
    if (typeof ref === 'string' && !seen.has(ref)) {
      seen.add(ref);
      if (ref.startsWith('#/components/schemas/')) {
        const name = refName(ref);
        const known = directions.get(name);
        directions.set(name, known && known !== direction ? 'both' : direction);
      }
      visit(deref(document, value), direction, seen);
    }
    Object.values(value).forEach((child) => visit(child, direction, seen));
  };
  for (const [section, item] of [
    ...Object.values(document.paths).map((item) => ['paths', item] as const),
    ...Object.values(document.webhooks ?? {}).map(
      (item) => ['webhooks', item] as const,
    ),
  ]) {
    for (const method of httpMethods) {
      const operation = item[method];
      if (!operation) {
        continue;
      }
      const sent: Direction = section === 'paths' ? 'send' : 'read';
      visit(
        [item.parameters, operation.parameters, operation.requestBody],
        sent,
        new Set(),
      );
      visit(operation.responses, opposite(sent), new Set());
    }
  }
  return directions;
}

function compareSchemaComponents(walk: Walk) {
  const before = walk.before.components.schemas;
  const after = walk.after.components.schemas;
  const directions = schemaDirections(walk.after);
  const directionsBefore = schemaDirections(walk.before);
  for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const where = walk.objects.has(name) ? `\`${name}\` object` : '';
    const pointer = join('/components/schemas', name);
    if (!before[name] || !after[name]) {
      // Generated clients name their types after the schemas.
      record(
        walk,
        {where: where || `\`${name}\` schema`, direction: 'read', base: ''},
        after[name] ? 'additive' : 'breaking',
        `schema ${code(name)} ${after[name] ? 'added' : 'removed'}`,
        [pointer],
      );
      continue;
    }
    const direction =
      directions.get(name) ?? directionsBefore.get(name) ?? 'read';
    compareSchemas(
      walk,
      {where, direction, base: code(name)},
      pointer,
      {
        node: before[name] as Record<string, unknown>,
        owner: name,
        field: '',
        refs: [`#/components/schemas/${name}`],
      },
      {
        node: after[name] as Record<string, unknown>,
        owner: name,
        field: '',
        refs: [`#/components/schemas/${name}`],
      },
    );
  }
}

/** The object schemas the reference has a page section for. */
function objectSchemasOf(spec: LoadedSpec): Set<string> {
  return new Set(
    [...spec.resources.values()].flatMap((resource) =>
      resource.objectSchema ? [resource.objectSchema] : [],
    ),
  );
}

/** Every difference from `before` to `after` an integrator's code meets, at each place. */
export function releaseChanges(
  before: LoadedSpec,
  after: LoadedSpec,
): ReleaseChange[] {
  const walk: Walk = {
    before: before.document,
    after: after.document,
    objects: objectSchemasOf(after),
    found: [],
  };
  comparePaths(walk, 'paths', before.document.paths, after.document.paths);
  comparePaths(
    walk,
    'webhooks',
    before.document.webhooks ?? {},
    after.document.webhooks ?? {},
  );
  compareSchemaComponents(walk);
  return walk.found.map((change) => ({
    ...change,
    explanation: explainedChanges.find((explained) =>
      explained.explains(change),
    )?.id,
  }));
}

/** One row of the changelog: one difference, and every place it is. */
export interface ChangeRow {
  kind: ChangeKind;
  what: string;
  where: string[];
  pointers: string[];
}

/** The differences grouped as the changelog shows them: per explained change, per difference, the places. */
export interface ChangeGroup {
  explanation: ExplainedChange;
  rows: ChangeRow[];
}

/**
 * The rows of the changelog: a difference met at several places is one
 * row, breaking if it breaks at any of them.
 */
export function changeRows(
  changes: readonly ReleaseChange[],
): (ChangeRow & {explanation?: string})[] {
  const rows = new Map<string, ChangeRow & {explanation?: string}>();
  for (const change of changes) {
    const row = rows.get(change.what) ?? {
      kind: change.kind,
      what: change.what,
      where: [],
      pointers: [],
      explanation: change.explanation,
    };
    if (change.kind === 'breaking') {
      row.kind = 'breaking';
    }
    if (change.where && !row.where.includes(change.where)) {
      row.where.push(change.where);
    }
    row.pointers.push(
      ...change.pointers.filter((pointer) => !row.pointers.includes(pointer)),
    );
    rows.set(change.what, row);
  }
  return [...rows.values()];
}

/**
 * The file and line a difference was written at: the deepest node on its
 * first pointer that the newer document read from a file, else the older
 * document's, else the given file (an older release's overlay).
 */
export function sourceOf(
  change: Pick<ReleaseChange, 'pointers'>,
  documents: {before: OpenApiDocument; after: OpenApiDocument},
  fallbackFile: string,
): string {
  const [pointer = ''] = change.pointers;
  for (const document of [documents.after, documents.before]) {
    let node: unknown = document;
    let found: SourceLocation | undefined;
    for (const part of pointer.split('/').slice(1)) {
      const key = part.replaceAll('~1', '/').replaceAll('~0', '~');
      node = follow(document, node);
      found = locationOf(node) ?? found;
      if (Array.isArray(node)) {
        node =
          node
            .map((item) => follow(document, item) as Parameter)
            .find((item) => item && parameterKey(item) === key) ??
          (node as unknown[])[Number(key)];
      } else if (node !== null && typeof node === 'object') {
        node = (node as Record<string, unknown>)[key];
      } else {
        break;
      }
    }
    found = locationOf(follow(document, node)) ?? found;
    if (found) {
      return formatLocation({
        ...found,
        file: path.relative(process.cwd(), found.file),
      });
    }
  }
  return path.relative(process.cwd(), fallbackFile);
}

/** A node with its `$ref`s followed, as far as they lead. */
function follow(document: OpenApiDocument, node: unknown): unknown {
  let current = node;
  const seen = new Set<string>();
  while (
    current !== null &&
    typeof current === 'object' &&
    typeof (current as {$ref?: unknown}).$ref === 'string'
  ) {
    const ref = (current as {$ref: string}).$ref;
    const match = /^#\/components\/(\w+)\/([\w.-]+)$/.exec(ref);
    if (!match || seen.has(ref)) {
      break;
    }
    seen.add(ref);
    current = (
      document.components[match[1]!] as Record<string, unknown> | undefined
    )?.[match[2]!];
  }
  return current;
}

/**
 * Groups the differences into the changelog's rows. A difference that no
 * section explains is an authoring mistake, one line each at the file and
 * line it was written at (with `documents`).
 */
export function groupChanges(
  changes: readonly ReleaseChange[],
  documents?: {
    before: OpenApiDocument;
    after: OpenApiDocument;
    fallbackFile: string;
  },
): ChangeGroup[] {
  const unexplained = changes.filter((change) => !change.explanation);
  if (unexplained.length > 0) {
    throw new AuthoringError(
      'The changelog (api/changelog.mdx) explains no change for these differences between the releases',
      changeRows(unexplained).map(
        (row) =>
          `${documents ? `${sourceOf(row, documents, documents.fallbackFile)}: ` : ''}${row.what}${row.where.length > 0 ? ` (${row.where.join(', ')})` : ''}. Explain it in a section of api/changelog.mdx and an entry of explainedChanges (src/plugins/openapi-reference/changelog.ts), or undo it.`,
      ),
    );
  }
  const rows = changeRows(changes);
  return explainedChanges.flatMap((explanation) => {
    const own = rows
      .filter((row) => row.explanation === explanation.id)
      .map(({explanation: _, ...row}) => row);
    return own.length > 0 ? [{explanation, rows: own}] : [];
  });
}
