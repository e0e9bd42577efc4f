// The changelog's diff of two schemas: fields, required, enum, type, bounds and composition, each difference once.
import {nearest} from '../../model/nearest';
import {type JsonValue, type Schema} from '../../model/openapi-types';
import {
  type ChangeKind,
  documentationKeys,
  judged,
  join,
  setMember,
  code,
  json,
  same,
  type Side,
  type Walk,
  type Place,
  record,
  resolved,
  subject,
  fieldPath,
  objectField,
} from './changelog-walk';

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
export function compareSchemas(
  walk: Walk,
  outer: Place,
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
      record(walk, outer, 'breaking', `schema of ${outer.base} changed`, [
        pointer,
      ]);
    }
    return;
  }
  // The differences below are in the schemas the two nodes belong to.
  const place: Place = {
    ...outer,
    schemas: [
      ...new Set(
        [...(outer.schemas ?? []), a.owner, b.owner].filter(
          (name): name is string => name !== undefined,
        ),
      ),
    ],
  };
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
