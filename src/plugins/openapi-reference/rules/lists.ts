import {parseQuery, type Expression} from '../../../lib/query-language';
import {
  companyOf,
  fieldsAt,
  instant,
  isObject,
  parseOrder,
  stateAt,
  worldAnswer,
  type Candidate,
  type Fields,
  type ListOrder,
} from '../../../lib/world/lists';
import {
  cursorParameterName,
  filterParameterName,
  firstExample,
  operationsOf,
  pageCursor,
} from '../../../model/operations';
import type {
  LoadedSpec,
  OperationEntry,
  Schema,
} from '../../../model/openapi-types';
import {deref, mergedSchema} from '../../../model/refs';
import {locationOf, where} from '../../../model/yaml';
import {sampleRequest} from '../samples';
import {objectAtNowProblems, worldKey, type World} from '../world';

/**
 * Lists are the world's answer (issue 30): every example page of a list
 * that pages with `cursor` is what the sample world answers to the request
 * its page's sample sends (the query parameters and `filter`, at the
 * world's now): the world's objects of the listed kind that the list's
 * company can see, that exist then and match the filter and parameters, in
 * the list's declared order (`x-order`), cut at `limit`, with `has_more` and
 * `next_cursor` to match. A sample is a first page, so it sends no cursor.
 * The fields of each listed object are the world check's (world.ts): this
 * check holds each object to its state at the moment (its `updated_at`).
 */

const limitParameterName = 'limit';

/** What a list operation's sample asks, as the check reads it. */
export interface ListRequest {
  limit: number;
  filter?: string;
  expression: Expression | null;
  /** The other query parameters, each a field of the listed object. */
  parameters: [string, string][];
  cursor?: string;
  /** The path's parameters (a subscription's deliveries). */
  pathValues: string[];
}

/**
 * The list's order: its `x-order` (`placed_at desc`), or that of a
 * parameter the sample sends that orders the list its own way (`product_id`
 * gives images in order of `position`).
 */
function listOrder(
  entry: OperationEntry,
  request: ListRequest,
): ListOrder | string {
  const sent = entry.parameters.find(
    (parameter) =>
      'x-order' in parameter &&
      request.parameters.some(([name]) => name === parameter.name),
  );
  const declared = ((sent ?? entry.operation) as {'x-order'?: unknown})[
    'x-order'
  ];
  return (
    parseOrder(declared) ??
    `declares no order: add x-order (a field and asc or desc, such as "created_at desc") as its description says`
  );
}

/** What a sample of a list sends: its query, and its path's values. */
export function listRequest(
  entry: OperationEntry,
  query: [string, string][],
  pathValues: string[],
): ListRequest | string {
  const valueOf = (name: string) => query.find(([sent]) => sent === name)?.[1];
  const filter = valueOf(filterParameterName);
  const parsed = filter === undefined ? undefined : parseQuery(filter);
  if (parsed && !parsed.ok) {
    return `sends the filter ${filter}, which does not parse: ${parsed.error.message}`;
  }
  const limitParameter = entry.parameters.find(
    ({name}) => name === limitParameterName,
  );
  const limit = Number(
    valueOf(limitParameterName) ?? limitParameter?.schema?.default,
  );
  return {
    limit,
    filter,
    expression: parsed?.expression ?? null,
    parameters: query.filter(
      ([name]) =>
        ![
          limitParameterName,
          filterParameterName,
          cursorParameterName,
        ].includes(name),
    ),
    cursor: valueOf(cursorParameterName),
    pathValues,
  };
}

/** What the document's own sample of a list sends: its parameters' examples. */
function specListRequest(
  spec: LoadedSpec,
  entry: OperationEntry,
): ListRequest | string {
  const url = new URL(sampleRequest(spec.document, entry).url);
  return listRequest(
    entry,
    [...url.searchParams],
    entry.parameters
      .filter((parameter) => parameter.in === 'path')
      .map((parameter) => String(parameter.example)),
  );
}

/** The request as a reader would say it: its filter and parameters, and its limit. */
const describe = (request: ListRequest) =>
  [
    ...(request.filter === undefined ? [] : [request.filter]),
    ...request.parameters.map(([name, value]) => `${name}=${value}`),
    `limit=${request.limit}`,
  ].join(', ');

/** The world key of a listed item, and which world keys are of the list's kind. */
export interface ListKind {
  keyOf: (item: Fields) => string | undefined;
  holds: (key: string) => boolean;
  /** The fields a world key names (a stock record's variant and warehouse). */
  keyFields: (key: string) => Fields;
}

export function listKind(
  spec: LoadedSpec,
  itemSchema: Schema,
  pathValues: string[],
): ListKind | string {
  const properties = mergedSchema(spec.document, itemSchema).properties ?? {};
  const idSchema = properties.id && mergedSchema(spec.document, properties.id);
  const prefix = /^\^(\w+_)/.exec(String(idSchema?.pattern ?? ''))?.[1];
  if (prefix) {
    return {
      keyOf: (item) => worldKey(item),
      holds: (key) => key.startsWith(prefix) && !key.includes(':'),
      keyFields: (key) => ({id: key}),
    };
  }
  if (properties.variant_id && properties.warehouse_id && properties.on_hand) {
    return {
      keyOf: (item) => worldKey(item),
      holds: (key) => /^var_[A-Za-z0-9]+:wh_[A-Za-z0-9]+$/.test(key),
      keyFields: (key) => {
        const [variant, warehouse] = key.split(':');
        return {variant_id: variant!, warehouse_id: warehouse!};
      },
    };
  }
  if (properties.event_id && properties.attempt && pathValues.length === 1) {
    // A subscription's delivery attempts, keyed `subscription:event:attempt`.
    return {
      keyOf: (item) =>
        `${pathValues[0]}:${String(item.event_id)}:${String(item.attempt)}`,
      holds: (key) => key.startsWith(`${pathValues[0]}:evt_`),
      keyFields: (key) => ({event_id: key.split(':')[1]!}),
    };
  }
  return 'lists objects the sample world does not key (no id, no stock record, no delivery)';
}

/**
 * The company whose objects a list holds: that of the first object the
 * example lists whose company the world says.
 */
const listCompany = (world: World, listed: Map<string, Fields>, at: number) =>
  [...listed.keys()]
    .map((key) => world.objects[key])
    .map((object) => object && companyOf(fieldsAt(object, at)))
    .find((found) => found !== undefined);

/**
 * The world's answer to a list's request, at a moment (lib/world/lists.ts,
 * which Try it answers with too): every object of the kind, each in the
 * answer or with the reason it is not, in the list's order; and the first
 * object the request cannot be answered for, with its line in the world.
 * `listed` is what the example shows of each object it lists, and
 * `derived` what else the asker knows of an object (an export's lines).
 */
export function worldAnswerTo(
  world: World,
  entry: OperationEntry,
  kind: ListKind,
  request: Pick<ListRequest, 'expression' | 'parameters'>,
  order: ListOrder,
  at: number,
  listed: Map<string, Fields>,
  derived: (key: string) => Fields = () => ({}),
): {candidates: Candidate[]; problem?: string} {
  const company = listCompany(world, listed, at);
  const zone = String(
    (company !== undefined &&
      world.objects[String(company)]?.fixed?.timezone) ||
      'UTC',
  );
  const {candidates, undeclared} = worldAnswer({
    objects: Object.entries(world.objects)
      .filter(([key]) => kind.holds(key))
      .map(([key, object]) => ({
        key,
        own: {...kind.keyFields(key), ...derived(key), ...fieldsAt(object, at)},
        shown: listed.get(key) ?? {},
      })),
    fieldsOf: (key) => {
      const other = world.objects[key];
      return other && fieldsAt(other, at);
    },
    declaration: entry.operation['x-filter'],
    expression: request.expression,
    parameters: request.parameters,
    order,
    at,
    company,
    zone,
  });
  return {
    candidates,
    problem:
      undeclared &&
      `cannot be answered: the world declares no ${undeclared.field} of ${undeclared.key} (${where(world.objects[undeclared.key], world.file)}), and the example does not show it; declare it in the world`,
  };
}

/** The first difference between a list example and the world's answer, if any. */
function pageProblem(
  world: World,
  page: Fields,
  kind: ListKind,
  answer: Candidate[],
  request: ListRequest,
  order: ListOrder,
  at: number,
): string | undefined {
  const asked = `the world's answer to ${describe(request)} at ${new Date(at).toISOString().replace('.000Z', 'Z')}`;
  const data = Array.isArray(page.data) ? page.data.filter(isObject) : [];
  const matching = answer.filter((candidate) => candidate.out === undefined);
  const expected = matching.slice(0, request.limit);
  const keys = data.map((item) => kind.keyOf(item) ?? '(an object without ID)');
  for (const [index, key] of keys.entries()) {
    const wanted = expected[index];
    if (key === wanted?.key) {
      continue;
    }
    const candidate = answer.find((found) => found.key === key);
    if (!candidate) {
      return `lists ${key}, which the sample world does not hold; declare it in ${where(world.objects, world.file).replace(/:\d+$/, '')}, or list what the world holds`;
    }
    if (candidate.out !== undefined) {
      return `lists ${key}, which ${asked} leaves out: ${candidate.out}`;
    }
    if (!wanted) {
      return `lists ${key} after the ${request.limit} objects of the page (limit=${request.limit})`;
    }
    const place = index === 0 ? 'first' : `after ${keys[index - 1]}`;
    return keys.includes(wanted.key)
      ? `lists ${key} ${place}, but ${asked}, by ${order.field} ${order.descending ? 'desc' : 'asc'}, has ${wanted.key} there`
      : `lists ${key} ${place}, but ${asked} has ${wanted.key} there, which the example leaves out`;
  }
  if (expected.length > keys.length) {
    return `leaves out ${expected[keys.length]!.key}, which ${asked} holds after ${keys.at(-1) ?? 'nothing'}`;
  }
  for (const item of data) {
    const key = kind.keyOf(item)!;
    const state = stateAt(world.objects[key]!, at);
    if (
      item.updated_at !== undefined &&
      state?.updated_at !== undefined &&
      item.updated_at !== state.updated_at
    ) {
      return `shows ${key} as it was at ${String(item.updated_at)}, but at ${new Date(at).toISOString().replace('.000Z', 'Z')} the world has it as at ${String(state.updated_at)} (${where(state, world.file)})`;
    }
    const [differs] = objectAtNowProblems(world, key, item);
    if (differs !== undefined) {
      return `shows ${differs}`;
    }
  }
  const hasMore = matching.length > request.limit;
  if (page.has_more !== hasMore) {
    return `has has_more ${JSON.stringify(page.has_more)}, but ${asked} has ${matching.length} objects ${hasMore ? 'for' : 'within'} limit=${request.limit}`;
  }
  const last = data.at(-1);
  const cursor = hasMore && last ? pageCursor(last) : null;
  if (page.next_cursor !== cursor) {
    return `has next_cursor ${JSON.stringify(page.next_cursor)}, but ${hasMore ? `a page that ends with ${keys.at(-1)} and has more has the cursor after it, ${JSON.stringify(cursor)}` : 'the last page has null'}`;
  }
  return undefined;
}

/** The schema of one listed object of a list operation's page. */
export function itemSchemaOf(
  spec: LoadedSpec,
  entry: OperationEntry,
): Schema | undefined {
  const response = entry.operation.responses['200'];
  const media =
    response && deref(spec.document, response).content?.['application/json'];
  const items =
    media?.schema &&
    mergedSchema(spec.document, media.schema).properties?.data?.items;
  return items && deref(spec.document, items);
}

/**
 * A list operation as its answers are computed: its GET, the kind of
 * object it lists and its declared order (`x-order`); or why the release
 * cannot answer it.
 */
export function listOperation(
  spec: LoadedSpec,
  list: string,
): {entry: OperationEntry; kind: ListKind; order: ListOrder} | string {
  if (!(list in spec.document.paths)) {
    return `its release has no list ${list}`;
  }
  const entry = operationsOf(spec.document, [list]).find(
    ({method}) => method === 'get',
  );
  const itemSchema = entry && itemSchemaOf(spec, entry);
  const kind = itemSchema && listKind(spec, itemSchema, []);
  const order = parseOrder(
    (entry?.operation as {'x-order'?: unknown} | undefined)?.['x-order'],
  );
  if (!entry || !kind || typeof kind === 'string' || !order) {
    return `GET ${list} declares no objects or order (x-order) to answer it`;
  }
  return {entry, kind, order};
}

/**
 * The first difference between a page of a list and the world's answer to
 * its request at a moment: `setup` when the list cannot be asked (its
 * request or its declaration), `page` for the page itself.
 */
export function listPageProblem(
  spec: LoadedSpec,
  world: World,
  entry: OperationEntry,
  request: ListRequest | string,
  page: Fields,
  at: number,
): {setup: string} | {page: string} | undefined {
  if (typeof request === 'string') {
    return {setup: request};
  }
  const order = listOrder(entry, request);
  if (typeof order === 'string') {
    return {setup: order};
  }
  const itemSchema = itemSchemaOf(spec, entry);
  if (!itemSchema) {
    return {setup: 'has no data[] to list'};
  }
  const kind = listKind(spec, itemSchema, request.pathValues);
  if (typeof kind === 'string') {
    return {setup: kind};
  }
  const data = Array.isArray(page.data) ? page.data.filter(isObject) : [];
  const listed = new Map(
    data.flatMap((item) => {
      const key = kind.keyOf(item);
      return key ? [[key, item] as const] : [];
    }),
  );
  const {candidates, problem} = worldAnswerTo(
    world,
    entry,
    kind,
    request,
    order,
    at,
    listed,
  );
  const found =
    problem ?? pageProblem(world, page, kind, candidates, request, order, at);
  return found === undefined ? undefined : {page: found};
}

/**
 * The list operation of a document that a request's path calls
 * (`/notifications/ntf_3Ja6Mr1/deliveries`), with the values of its path's
 * parameters, or undefined when it calls no list.
 */
export function listOperationOf(
  spec: LoadedSpec,
  path: string,
): {entry: OperationEntry; pathValues: string[]} | undefined {
  for (const entry of operationsOf(
    spec.document,
    Object.keys(spec.document.paths),
  )) {
    if (entry.method !== 'get' || !pagesWithCursor(entry)) {
      continue;
    }
    const pattern = new RegExp(
      `^${entry.path.replace(/\{[^}]+\}/g, '([^/]+)')}$`,
    );
    const match = pattern.exec(path);
    if (match) {
      return {entry, pathValues: match.slice(1)};
    }
  }
  return undefined;
}

/** Whether an operation pages with a cursor in its query: a list. */
const pagesWithCursor = (entry: OperationEntry) =>
  entry.parameters.some(
    ({name, in: location}) =>
      name === cursorParameterName && location === 'query',
  );

/**
 * Every list example of a release's document that is not the world's
 * answer to its sample's request, one line per example at its file and
 * line: the first difference.
 */
export function listProblems(
  spec: LoadedSpec,
  world: World,
  release: string,
  fallbackFile: string,
): string[] {
  const at = instant(world.now);
  return operationsOf(spec.document, Object.keys(spec.document.paths))
    .filter((entry) => entry.method === 'get' && pagesWithCursor(entry))
    .flatMap((entry) => {
      const response = deref(spec.document, entry.operation.responses['200']!);
      const media = response.content?.['application/json'];
      const examples = Object.values(media?.examples ?? {}).map((example) =>
        deref(spec.document, example),
      );
      const fallback = firstExample(spec.document, media);
      const named = `GET ${entry.path} (${release})`;
      const line = (value: unknown) =>
        where(
          locationOf(value) ? value : (media ?? entry.operation),
          fallbackFile,
        );
      const request = specListRequest(spec, entry);
      if (typeof request !== 'string' && request.cursor !== undefined) {
        return [
          `${line(entry.operation)}: the sample of ${named} sends cursor=${request.cursor}, but its example is a first page, which sends no cursor. Remove the cursor parameter's example.`,
        ];
      }
      const pages =
        examples.length > 0
          ? examples.map((example) => example.value)
          : [fallback?.example.value];
      // A list that cannot be asked is one line, however many examples it has.
      const problems = pages.filter(isObject).flatMap((page) => {
        const found = listPageProblem(spec, world, entry, request, page, at);
        return found === undefined
          ? []
          : 'setup' in found
            ? [`${line(entry.operation)}: ${named} ${found.setup}.`]
            : [
                `${line(page)}: the example of ${named} ${found.page}. Make the example the world's answer, or change its request or the world.`,
              ];
      });
      return [...new Set(problems)];
    });
}
