// Try it's sample world as a server: the status, headers and body the API would send for a request, from the world's snapshot (try-it-world.ts) and this tab's writes. Runs in the browser: no Node or Docusaurus imports.
import {pageCursor} from '../../model/page-cursor';
import {parseQuery} from '../query-language';
import {
  instant,
  isObject,
  parseOrder,
  worldAnswer,
  type Fields,
  type ListOrder,
} from '../world/lists';
import {pathValues} from './validate';
import type {
  FieldProblem,
  Json,
  TryOperation,
  TryRequest,
  TryResponse,
} from './types';
import type {TryWorld, TryObject, TryList, WorldMemory} from './world-types';
import {
  type Exchange,
  idempotencyHeader,
  freshId,
  headerOf,
  canonical,
  objectAt,
  objectsOf,
  targetKey,
  momentOf,
} from './world-exchange';
import {
  respond,
  documentedProblem,
  problem,
  documentedMessage,
  unauthorised,
  badRequest,
  unprocessable,
} from './world-problems';
import {conflict} from './world-conflicts';

export {newWorldMemory} from './world-types';
export type {
  TryWorld,
  TryKind,
  TryLifecycle,
  TryObject,
  TryList,
  TryDuplicate,
  TryOperationWorld,
  WorldMemory,
} from './world-types';

/** The documented success: the operation's first 2xx status and its example (the one named after a path value, if any). */
function documentedSuccess(exchange: Exchange): {
  status: number;
  value: Json | undefined;
} {
  const {operation, request} = exchange;
  const [status = 200] = Object.keys(operation.responses)
    .map(Number)
    .filter((code) => code >= 200 && code < 300)
    .sort((a, b) => a - b);
  const examples = operation.responses[String(status)]?.examples ?? [];
  const values = Object.values(pathValues(operation.path, request.path) ?? {});
  const chosen =
    examples.find(({name}) => values.includes(name)) ?? examples[0];
  return {status, value: chosen?.value};
}

/** Whether a request is the one the page's sample sends: its method, path, query and body (the key and headers aside). */
function isSample(exchange: Exchange): boolean {
  const {operation, request} = exchange;
  if (request.method.toUpperCase() !== operation.method) {
    return false;
  }
  const sampleOf = (name: string) =>
    operation.parameters.find(
      (parameter) => parameter.name === name && parameter.in === 'path',
    )?.sample;
  const values = pathValues(operation.path, request.path);
  if (
    !values ||
    Object.entries(values).some(([name, value]) => sampleOf(name) !== value)
  ) {
    return false;
  }
  const pairs = (list: [string, string][]) =>
    list
      .filter(([, value]) => value !== '')
      .map(([name, value]) => `${name}=${value}`)
      .sort()
      .join('&');
  const sampleQuery = operation.parameters.flatMap(
    ({name, in: place, sample}) =>
      place === 'query' && sample !== undefined
        ? [[name, sample] as [string, string]]
        : [],
  );
  if (pairs(request.query) !== pairs(sampleQuery)) {
    return false;
  }
  if (!operation.body) {
    return true;
  }
  const sample = operation.body.sample.trim();
  return (
    canonical(sample ? (JSON.parse(sample) as Json) : undefined) ===
    canonical(exchange.body)
  );
}

/**
 * Whether this tab has written what the sample's answer shows: the object
 * it names, the object its example makes, or an object of the list. Then
 * the story's answer no longer holds, and the world answers as it now is.
 */
function touched(exchange: Exchange): boolean {
  const {known, written, world} = exchange;
  if (known.list) {
    const kind = known.list.kind;
    return Object.entries(written).some(
      ([key, object]) => (object ?? world.objects[key])?.kind === kind,
    );
  }
  const key = targetKey(exchange);
  if (key !== undefined) {
    return key in written;
  }
  const {value} = documentedSuccess(exchange);
  const made = isObject(value) ? keyOf(world, value) : undefined;
  return made !== undefined && made.key in written;
}

/** The key and kind of an object as the API shows it: its ID's prefix, or the fields its key joins. */
function keyOf(
  world: TryWorld,
  fields: Fields,
): {key: string; kind: string} | undefined {
  for (const [kind, {prefix, keyFields}] of Object.entries(world.kinds)) {
    if (
      prefix &&
      typeof fields.id === 'string' &&
      fields.id.startsWith(prefix)
    ) {
      return {key: fields.id, kind};
    }
    if (
      keyFields &&
      fields.id === undefined &&
      keyFields.every((field) => typeof fields[field] === 'string')
    ) {
      return {
        key: keyFields.map((field) => String(fields[field])).join(':'),
        kind,
      };
    }
  }
  return undefined;
}

/** The page's sample answers its example; a write keeps what it showed for the tab's later requests. */
function sampleAnswer(exchange: Exchange): TryResponse {
  const {status, value} = documentedSuccess(exchange);
  const {operation, written, world} = exchange;
  if (operation.method === 'DELETE') {
    const key = targetKey(exchange);
    if (key !== undefined) {
      written[key] = null;
    }
  } else if (operation.method !== 'GET' && isObject(value)) {
    const made = keyOf(world, value);
    if (made) {
      const company = objectAt(exchange, made.key)?.company;
      written[made.key] = {
        kind: made.kind,
        fields: value,
        ...(company ? {company} : {}),
      };
    }
  }
  return respond(exchange, status, value);
}

// ---------------------------------------------------------------------------
// 404 and 409: what the world holds.

function notFound(exchange: Exchange, what: string): TryResponse {
  return problem(
    exchange,
    404,
    `No ${what} exists that your company can see.`,
    [],
  );
}

/** Stock's rule: available is on hand minus allocated minus the buffer, never below 0. */
function withAvailable(fields: Fields): Fields {
  const {on_hand: onHand, allocated, buffer} = fields;
  return typeof onHand === 'number' &&
    typeof allocated === 'number' &&
    typeof buffer === 'number' &&
    typeof fields.available === 'number'
    ? {...fields, available: Math.max(0, onHand - allocated - buffer)}
    : fields;
}

/**
 * An object after a write: its lifecycle's transition for the action (and
 * the fields its state sets or clears), the body's fields that the object
 * has, a stock adjustment's `delta`, and `updated_at` at the moment of the
 * write.
 */
function afterWrite(exchange: Exchange, object: TryObject): Fields {
  const {operation, world} = exchange;
  const body = isObject(exchange.body) ? exchange.body : {};
  const moment = momentOf(exchange, object.fields);
  let fields: Fields = {...object.fields};
  const lifecycle = world.kinds[object.kind]?.lifecycle;
  const to =
    lifecycle?.transitions[`${operation.method} ${operation.path}`]?.[
      String(fields[lifecycle.field])
    ];
  if (lifecycle && to) {
    fields[lifecycle.field] = to;
    for (const [field, states] of Object.entries(lifecycle.setWhen ?? {})) {
      if (!states.includes(to) || !(field in fields)) {
        continue;
      }
      const given = Object.entries(body).find(
        ([name]) => field === name || field.endsWith(`_${name}`),
      );
      if (given) {
        fields[field] = given[1];
      } else if (field.endsWith('_at') && fields[field] === null) {
        fields[field] = moment;
      }
    }
    for (const [field, states] of Object.entries(lifecycle.nullUnless ?? {})) {
      if (!states.includes(to) && field in fields) {
        fields[field] = null;
      }
    }
  }
  const keyFields = world.kinds[object.kind]?.keyFields ?? ['id'];
  for (const [name, value] of Object.entries(body)) {
    if (
      name in fields &&
      !keyFields.includes(name) &&
      name !== lifecycle?.field
    ) {
      fields[name] = value;
    }
  }
  if (typeof body.delta === 'number' && typeof fields.on_hand === 'number') {
    fields.on_hand += body.delta;
  }
  fields = withAvailable(fields);
  if ('updated_at' in fields) {
    fields.updated_at = moment;
  }
  return fields;
}

/** A record the world does not hold yet (stock of a variant in another warehouse): the documented one with its figures at 0. */
function blankRecord(exchange: Exchange, key: string): TryObject | undefined {
  const kind =
    exchange.known.target && 'kind' in exchange.known.target
      ? exchange.known.target.kind
      : undefined;
  const keyFields = kind ? exchange.world.kinds[kind]?.keyFields : undefined;
  const {value} = documentedSuccess(exchange);
  if (!kind || !keyFields || !isObject(value)) {
    return undefined;
  }
  const parts = key.split(':');
  return {
    kind,
    fields: Object.fromEntries(
      Object.entries(value).map(([name, field]) => {
        const index = keyFields.indexOf(name);
        return [
          name,
          index >= 0
            ? parts[index]!
            : typeof field === 'number'
              ? 0
              : name === 'updated_at'
                ? exchange.world.now
                : field,
        ];
      }),
    ),
  };
}

/** A create's answer: the documented object with the body's fields, a fresh ID and the world's now. */
function created(
  exchange: Exchange,
  kind: string,
  example: Json | undefined,
): TryObject {
  const {world} = exchange;
  const body = isObject(exchange.body) ? exchange.body : {};
  const fields: Fields = isObject(example) ? {...example} : {};
  for (const [name, value] of Object.entries(body)) {
    if (name in fields && name !== 'id') {
      fields[name] = value;
    }
  }
  if ('id' in fields) {
    fields.id = freshId(world.kinds[kind]?.prefix ?? '', 7);
  }
  for (const name of ['created_at', 'updated_at']) {
    if (name in fields) {
      fields[name] = world.now;
    }
  }
  return {kind, fields};
}

/** A list's answer: the world's objects that match, in its order, from the cursor, cut at the limit. */
function listAnswer(
  exchange: Exchange,
  list: TryList,
  values: Record<string, string>,
): TryResponse {
  const {request, operation, world, written: writes} = exchange;
  const query = request.query.filter(([, value]) => value !== '');
  const sent = (name: string) => query.find(([found]) => found === name)?.[1];
  const special = new Set(
    ['limit', 'cursor', 'filter', 'after', list.orderParameter].filter(
      (name) => name !== undefined,
    ),
  );
  const declared = new Set(
    operation.parameters
      .filter(({in: place}) => place === 'query')
      .map(({name}) => name),
  );
  const parameters = query.filter(
    ([name]) => declared.has(name) && !special.has(name),
  );
  const limit = Number(sent('limit') ?? list.limit);
  let order: ListOrder = parseOrder(
    parameters.map(([name]) => list.parameterOrders?.[name]).find(Boolean) ??
      list.order,
  ) ?? {field: 'id', descending: false};
  if (list.orderParameter && sent(list.orderParameter) === 'desc') {
    order = {...order, descending: !order.descending};
  }
  const filter = sent('filter');
  const parsed = filter === undefined ? undefined : parseQuery(filter);
  const scope = list.scope ? `${values[list.scope]}:` : undefined;
  const {candidates} = worldAnswer({
    objects: objectsOf(exchange, list.kind)
      .filter(([key]) => scope === undefined || key.startsWith(scope))
      .map(([key, object]) => ({
        key,
        own: {
          ...object.fields,
          ...(object.company ? {company: object.company} : {}),
        },
      })),
    fieldsOf: (key) => objectAt(exchange, key)?.fields,
    declaration: list.filter,
    expression: parsed?.ok ? parsed.expression : null,
    parameters,
    ...(list.parameterFields ? {parameterFields: list.parameterFields} : {}),
    order,
    at: instant(world.now),
    company: list.company,
    zone: list.zone,
  });
  // What this tab made is listed, whatever moment its example gave it.
  let matching = candidates.filter(
    ({out, because, undeclared, key}) =>
      undeclared === undefined &&
      (out === undefined || (because === 'created' && key in writes)),
  );
  const after = sent('after');
  if (list.pages === 'after' && after !== undefined) {
    matching = matching.filter(({key}) => key > after);
  }
  const fieldsOfKey = (key: string) => objectAt(exchange, key)!.fields;
  let start = 0;
  const cursor = sent('cursor');
  if (list.pages === 'cursor' && cursor !== undefined) {
    const index = matching.findIndex(
      ({key}) => pageCursor(fieldsOfKey(key)) === cursor,
    );
    if (index < 0) {
      const documented = documentedMessage(exchange, 422, 'invalid_cursor');
      return problem(
        exchange,
        422,
        'This cursor is not one this list issued.',
        [
          {
            field: 'cursor',
            code: 'invalid_cursor',
            message:
              documented.message ??
              'Pass next_cursor with the filter of the page it came from.',
          },
        ],
      );
    }
    start = index + 1;
  }
  const data = matching
    .slice(start, start + limit)
    .map(({key}) => fieldsOfKey(key));
  const hasMore = matching.length > start + limit;
  const last = data.at(-1);
  // A list's last page has no cursor; the change feed's always names its
  // last change, the `after` to poll with next.
  const next =
    list.pages === 'after'
      ? (last?.id ?? after ?? null)
      : hasMore && last
        ? pageCursor(last)
        : null;
  return respond(exchange, 200, {data, next_cursor: next, has_more: hasMore});
}

/** The world's answer to a request that is not the page's sample, or whose objects this tab has changed. */
function answer(exchange: Exchange): TryResponse {
  const {operation, request, world, known} = exchange;
  const values = pathValues(operation.path, request.path) ?? {};
  for (const {parameter, kind} of known.ids ?? []) {
    const id = values[parameter] ?? '';
    if (objectAt(exchange, id)?.kind !== kind) {
      return notFound(exchange, `${world.kinds[kind]!.label} with ID ${id}`);
    }
  }
  if (known.list) {
    return listAnswer(exchange, known.list, values);
  }
  const key = targetKey(exchange);
  const held = key === undefined ? undefined : objectAt(exchange, key);
  const {method} = operation;
  const target =
    held ??
    (key !== undefined && method !== 'GET'
      ? blankRecord(exchange, key)
      : undefined);
  if (key !== undefined && !target) {
    const kind =
      known.target && 'kind' in known.target ? known.target.kind : undefined;
    return notFound(
      exchange,
      `${kind ? world.kinds[kind]!.label : 'object'} of ${key.split(':').join(' in ')}`,
    );
  }
  const found = conflict(exchange, key, target);
  if (found) {
    return found;
  }
  const {status, value} = documentedSuccess(exchange);
  if (method === 'GET') {
    return respond(exchange, status, target ? target.fields : value);
  }
  if (method === 'DELETE') {
    if (key !== undefined) {
      exchange.written[key] = null;
    }
    return respond(exchange, status, status === 204 ? undefined : value);
  }
  if (key !== undefined && target) {
    // An action that answers another kind of object (a test event) answers as documented.
    const answered = isObject(value) ? keyOf(world, value) : undefined;
    if (answered && answered.kind !== target.kind) {
      return respond(exchange, status, value);
    }
    const fields = afterWrite(exchange, target);
    exchange.written[key] = {...target, fields};
    return respond(exchange, status, fields);
  }
  if (known.creates) {
    const object = created(exchange, known.creates, value);
    const made = keyOf(world, object.fields);
    if (made) {
      exchange.written[made.key] = object;
    }
    return respond(exchange, status, object.fields);
  }
  return respond(exchange, status, value);
}

/**
 * The sample world's answer to a request, as a server of the operation's
 * release would send it: 401 for a missing or production key, 400 for a
 * release that does not exist, a parameter of the wrong type or a body that
 * is not JSON, 422 for the body's fields and the list's filter, 404 for an
 * ID the world does not hold, 409 for a reused `Idempotency-Key`, a state
 * the object's lifecycle does not allow the action in, a unique field
 * another object has, or stock below 0; otherwise the page's example for
 * the page's sample, and the world's objects at now, with this tab's
 * writes, for any other request. `problems` are the request validator's
 * (validate.ts). The tab's writes are kept in `memory`.
 */
export function worldResponse({
  operation,
  request,
  problems,
  world,
  memory,
}: {
  operation: TryOperation;
  request: TryRequest;
  problems: FieldProblem[];
  world: TryWorld;
  memory: WorldMemory;
}): TryResponse {
  memory.requests += 1;
  let body: Json | undefined;
  try {
    body = request.body?.trim()
      ? (JSON.parse(request.body) as Json)
      : undefined;
  } catch {
    body = undefined;
  }
  const exchange: Exchange = {
    operation,
    request,
    world,
    memory,
    written: (memory.objects[world.release] ??= {}),
    known: world.operations[operation.operationId] ?? {},
    requestId: freshId('req_'),
    body,
  };
  const early =
    unauthorised(exchange) ??
    badRequest(exchange, problems) ??
    unprocessable(exchange, problems);
  if (early) {
    return early;
  }
  const key =
    operation.method === 'POST'
      ? headerOf(request, idempotencyHeader)
      : undefined;
  const sent = `${request.method.toUpperCase()} ${request.path} ${canonical(body)}`;
  const before = key === undefined ? undefined : memory.keys[key];
  if (before && before.request !== sent) {
    const example = documentedProblem(
      operation.responses['409'],
      'idempotency_key_reused',
    );
    const documented = documentedMessage(
      exchange,
      409,
      'idempotency_key_reused',
    );
    return problem(
      exchange,
      409,
      typeof example?.detail === 'string'
        ? example.detail
        : 'This Idempotency-Key was used in the last 24 hours for another request.',
      [
        {
          field: idempotencyHeader,
          code: 'idempotency_key_reused',
          message: documented.message ?? 'Send a new key for a new request.',
        },
      ],
    );
  }
  if (before) {
    return {
      ...before.response,
      headers: before.response.headers.map(([name, value]) => [
        name,
        name === 'Idempotent-Replayed' ? 'true' : value,
      ]),
    };
  }
  const response =
    isSample(exchange) && !touched(exchange)
      ? sampleAnswer(exchange)
      : answer(exchange);
  if (key !== undefined && response.status >= 200 && response.status < 300) {
    memory.keys[key] = {request: sent, response};
  }
  return response;
}
