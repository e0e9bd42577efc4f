import {apiCompare, type Diff} from 'api-smart-diff';
import type {LoadedSpec, OpenApiDocument, Parameter} from './spec';
import {deref, httpMethods} from './spec';

/**
 * The differences between two releases' documents, computed by
 * api-smart-diff (which resolves `$ref`s and classifies each difference as
 * breaking or not), kept to what an integrator's code sees: operations,
 * parameters, request and response fields, enum values, headers and
 * responses, of the endpoints, the webhook events and the objects. Prose
 * (descriptions, summaries), examples and the reference's own extensions
 * (`x-lifecycle`, `x-filter`, `x-rules`) are documentation, not API, and
 * are left out.
 *
 * Every difference must be explained by one of `explainedChanges`, the
 * sections of the upgrade guide on the changelog page: the page fails to
 * build otherwise, and tests/unit/releases.spec.ts checks the rule.
 */

export type ChangeKind = 'breaking' | 'additive';

export interface ReleaseChange {
  kind: ChangeKind;
  /** The endpoint, event or object: `GET /orders`, `order.updated` event, `Order` object. */
  where: string;
  /** What changed there, in a short sentence of Markdown. */
  what: string;
  /** On an object: the top-level field that changed. */
  field?: string;
  /** The explained change it belongs to (an `explainedChanges` id), if any. */
  explanation?: string;
  /** Where in the document the difference is, for messages. */
  pointer: string;
}

/** A change of the upgrade guide and the differences it explains. */
export interface ExplainedChange {
  /** The anchor of its section on the changelog page. */
  id: string;
  title: string;
  explains: (diff: Diff, pointer: string) => boolean;
}

const mentions = (diff: Diff, pattern: RegExp) =>
  [diff.before, diff.after].some((value) =>
    pattern.test(JSON.stringify(value) ?? ''),
  );

/** The breaking changes of `2023-07` over `2023-01`, and change 6 (new in 2023-07 only). */
export const explainedChanges: ExplainedChange[] = [
  {
    id: 'price-changes-carry-money',
    title: 'Price changes carry Money objects',
    explains: (diff, pointer) =>
      /(new|previous)_(price|amount)/.test(pointer) ||
      mentions(diff, /"(new|previous)_(price|amount)"/) ||
      // 2023-07 drops the price change's own `currency`: Money carries it.
      (/price-changes|PriceChange/.test(pointer) &&
        (/\/currency$/.test(pointer) || mentions(diff, /^"currency"$/))),
  },
  {
    id: 'orders-can-be-partially-dispatched',
    title: 'Orders can be partially_dispatched',
    explains: (diff) => mentions(diff, /partially_dispatched/),
  },
  {
    id: 'rate-limit-headers',
    title: 'Rate-limit headers lose their X- prefix',
    explains: (_, pointer) => /\/headers\/(X-)?RateLimit-/.test(pointer),
  },
  {
    id: 'validation-errors-list-every-field',
    title: 'A 422 lists every invalid field in errors[]',
    explains: (diff, pointer) =>
      /\/responses\/422\//.test(pointer) &&
      (/\/errors(\/|$)/.test(pointer) ||
        mentions(diff, /"errors"|ValidationProblem/)),
  },
  {
    id: 'filter-on-every-list',
    title: 'filter= on every list',
    explains: (diff, pointer) =>
      /\/parameters\//.test(pointer) &&
      mentions(diff, /parameters\/Filter|"name":"filter"/),
  },
];

/** Parts of the document that are prose, examples or the reference's own data. */
const documentationKeys = new Set([
  'description',
  'summary',
  'example',
  'examples',
  'x-lifecycle',
  'x-filter',
  'x-rules',
  'x-displayName',
]);

const pointerOf = (path: Diff['path']) =>
  `/${path.map((part) => String(part).replaceAll('/', '~1')).join('/')}`;

/** The endpoint, event or object a difference is in, or undefined for other parts. */
function whereOf(
  document: OpenApiDocument,
  objectSchemas: Set<string>,
  path: Diff['path'],
): {where: string; rest: Diff['path']} | undefined {
  const [section, name, method, ...rest] = path.map(String);
  if (
    section === 'paths' &&
    httpMethods.includes(method as (typeof httpMethods)[number])
  ) {
    return {where: `${method!.toUpperCase()} ${name}`, rest};
  }
  if (section === 'webhooks' && method === 'post') {
    return {where: `\`${name}\` event`, rest};
  }
  if (section === 'components' && name === 'schemas') {
    const [schema, ...fields] = [method!, ...rest];
    return objectSchemas.has(schema)
      ? {where: `\`${schema}\` object`, rest: ['schema', ...fields]}
      : undefined;
  }
  void document;
  return undefined;
}

/** A field path in a JSON schema path: `properties/data/items/properties/status` is `data[].status`. */
function fieldOf(schemaPath: string[]): {field: string; rest: string[]} {
  let field = '';
  let index = 0;
  while (index < schemaPath.length) {
    const part = schemaPath[index]!;
    // A composed schema (a named list page is `allOf` a page and its data).
    if (['allOf', 'oneOf', 'anyOf'].includes(part)) {
      index += 2;
    } else if (part === 'properties' && index + 1 < schemaPath.length) {
      field += `${field ? '.' : ''}${schemaPath[index + 1]}`;
      index += 2;
    } else if (part === 'items') {
      field += '[]';
      index += 1;
    } else {
      break;
    }
  }
  return {field, rest: schemaPath.slice(index)};
}

const verbs: Record<Diff['action'], string> = {
  add: 'added',
  remove: 'removed',
  replace: 'changed',
  rename: 'renamed',
};

const code = (value: unknown) =>
  `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``;

/** A short sentence for a difference, from where it is in the operation or object. */
function describe(
  document: OpenApiDocument,
  diff: Diff,
  rest: string[],
): string {
  const verb = verbs[diff.action];
  const [part, ...tail] = rest;
  if (part === undefined) {
    return `operation ${verb}`;
  }
  if (part === 'parameters') {
    const value = (diff.after ?? diff.before) as Parameter | undefined;
    const parameter = value && deref(document, value);
    return parameter?.name
      ? `${parameter.in} parameter ${code(parameter.name)} ${verb}`
      : `a parameter ${verb}`;
  }
  if (part === 'responses') {
    const [status, kind, name, ...more] = tail;
    if (kind === undefined) {
      return `\`${status}\` response ${verb}`;
    }
    if (kind === 'headers') {
      return `response header ${code(name)} ${verb}`;
    }
    const schemaPath = kind === 'content' ? more.slice(1) : more;
    return `${schemaChange(diff, schemaPath)} of the \`${status}\` response`;
  }
  if (part === 'requestBody') {
    return `${schemaChange(diff, tail.slice(3))} of the request body`;
  }
  if (part === 'schema') {
    return schemaChange(diff, tail);
  }
  return `${rest.join('.')} ${verb}`;
}

function schemaChange(diff: Diff, schemaPath: string[]): string {
  const verb = verbs[diff.action];
  const {field, rest} = fieldOf(schemaPath);
  const subject = field ? `field ${code(field)}` : 'body';
  const [keyword] = rest;
  if (keyword === 'enum') {
    const value = diff.after ?? diff.before;
    return `value ${code(value)} ${verb} in ${subject}`;
  }
  if (keyword === 'required') {
    const value = diff.after ?? diff.before;
    return `${code(value)} made ${diff.action === 'remove' ? 'optional' : 'required'} in ${subject}`;
  }
  if (keyword === '$ref') {
    return `${subject} schema ${verb} from ${code(diff.before)} to ${code(diff.after)}`;
  }
  if (keyword === undefined) {
    return `${subject} ${verb}`;
  }
  return `${rest.join('.')} of ${subject} ${verb}`;
}

/** The object schemas the reference has a page section for. */
function objectSchemasOf(spec: LoadedSpec): Set<string> {
  return new Set(
    [...spec.resources.values()].flatMap((resource) =>
      resource.objectSchema ? [resource.objectSchema] : [],
    ),
  );
}

/** Every difference from `before` to `after` an integrator's code sees. */
export function releaseChanges(
  before: LoadedSpec,
  after: LoadedSpec,
): ReleaseChange[] {
  // api-smart-diff rewrites the schemas it compares (it merges and
  // normalises them), so it gets copies: the pages render from the originals.
  const changes = computedChanges(before, after);
  // api-smart-diff judges an object's schema on its own, not as the
  // responses that return it: an object's change takes the kind its
  // explained change has at the endpoints (a new response value is breaking).
  const breakingExplanations = new Set(
    changes
      .filter((change) => !change.field && change.kind === 'breaking')
      .map((change) => change.explanation),
  );
  return changes.map((change) =>
    change.field && breakingExplanations.has(change.explanation)
      ? {...change, kind: 'breaking' as const}
      : change,
  );
}

function computedChanges(
  before: LoadedSpec,
  after: LoadedSpec,
): ReleaseChange[] {
  const {diffs} = apiCompare(
    structuredClone(before.document),
    structuredClone(after.document),
  );
  const objectSchemas = objectSchemasOf(after);
  const seen = new Set<string>();
  return diffs.flatMap((diff) => {
    if (diff.type === 'annotation') {
      return [];
    }
    const path = diff.path.map(String);
    if (path.some((part) => documentationKeys.has(part))) {
      return [];
    }
    const place = whereOf(after.document, objectSchemas, diff.path);
    if (!place) {
      return [];
    }
    const pointer = pointerOf(diff.path);
    const rest = place.rest.map(String);
    const what = describe(after.document, diff, rest);
    const field =
      rest[0] === 'schema' ? fieldOf(rest.slice(1)).field.split(/[.[]/)[0] : '';
    const key = `${place.where} ${what}`;
    if (seen.has(key)) {
      return [];
    }
    seen.add(key);
    return [
      {
        kind: diff.type === 'non-breaking' ? 'additive' : 'breaking',
        where: place.where,
        what,
        ...(field && {field}),
        explanation: explainedChanges.find((change) =>
          change.explains(diff, pointer),
        )?.id,
        pointer,
      },
    ];
  });
}

/** The differences grouped as the changelog shows them: per explained change, per difference, the places. */
export interface ChangeGroup {
  explanation: ExplainedChange;
  rows: {kind: ChangeKind; what: string; where: string[]}[];
}

export function groupChanges(changes: ReleaseChange[]): ChangeGroup[] {
  const unexplained = changes.filter((change) => !change.explanation);
  if (unexplained.length > 0) {
    throw new Error(
      `The changelog explains no change for these differences:\n${unexplained
        .map(
          (change) => `- ${change.where}: ${change.what} (${change.pointer})`,
        )
        .join('\n')}`,
    );
  }
  return explainedChanges.flatMap((explanation) => {
    const rows = new Map<string, ChangeGroup['rows'][number]>();
    for (const change of changes) {
      if (change.explanation !== explanation.id) {
        continue;
      }
      const key = `${change.kind} ${change.what}`;
      const row = rows.get(key) ?? {
        kind: change.kind,
        what: change.what,
        where: [],
      };
      if (!row.where.includes(change.where)) {
        row.where.push(change.where);
      }
      rows.set(key, row);
    }
    return rows.size > 0 ? [{explanation, rows: [...rows.values()]}] : [];
  });
}
