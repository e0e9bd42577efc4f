// The changelog's diff of two releases' paths and webhooks: operations, parameters, bodies, responses and headers.
import {nearest} from '../../model/nearest';
import {
  httpMethods,
  type OpenApiDocument,
  type Operation,
  type Parameter,
  type PathItem,
  type Response,
  type Schema,
} from '../../model/openapi-types';
import {
  type Direction,
  judged,
  join,
  code,
  same,
  type Side,
  type Walk,
  type Place,
  record,
  resolved,
} from './changelog-walk';
import {compareSchemas} from './changelog-schemas';
import {compareOthers} from './changelog-walk';
import {compareParameters} from './changelog-parameters';

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

export const deref = <T>(document: OpenApiDocument, value: T): T =>
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

export const opposite = (direction: Direction): Direction =>
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

export function comparePaths(
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
