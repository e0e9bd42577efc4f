// Try it's sample world as a server: the status, headers and body the API would send for a request, from the world's snapshot (try-it-world.ts) and this tab's writes. Runs in the browser: no Node or Docusaurus imports.
import type {FilterDeclaration} from '../../model/openapi-types';
import {pageCursor} from '../../model/page-cursor';
import {listConditions, parseQuery, unknownFields} from '../query-language';
import {
  instant,
  isObject,
  parseOrder,
  worldAnswer,
  type Fields,
  type ListOrder,
} from '../world/lists';
import {pathValues, releaseHeader} from './validate';
import type {
  FieldProblem,
  Json,
  TryOperation,
  TryRequest,
  TryResponse,
  TryResponseDoc,
} from './types';

/**
 * The sample world of one release as Try it answers from it, written by
 * the build (openapi-reference/try-it-world.ts) to
 * `<release>/world.json` beside the operations' modules.
 */
export interface TryWorld {
  release: string;
  /** Every release of the API, for `Hub-Version`. */
  releases: string[];
  /** The world's now: every object is as it is then. */
  now: string;
  /** The base URLs, `/v1` included: a key of the other environment is told where it works. */
  servers: {production: string; sandbox: string};
  /** The release's error catalogue: each code's status. */
  codes: Record<string, number>;
  /**
   * Each problem status's `type` and `title`, as the document's examples
   * give them, and whether its problems list `errors` (a `422` of 2023-01
   * names only the first invalid field, in `detail`).
   */
  problemTypes: Record<string, {type: string; title: string; errors: boolean}>;
  /** The kinds of object, by schema name (`Order`, `Stock`). */
  kinds: Record<string, TryKind>;
  /** Every object the world holds at now, by key: its ID, or `variant:warehouse` for stock. */
  objects: Record<string, TryObject>;
  /** What the world knows of each operation, by operationId. */
  operations: Record<string, TryOperationWorld>;
}

/** A kind of object. */
export interface TryKind {
  /** How a sentence names one: `order`, `brand store`. */
  label: string;
  /** The prefix of its IDs (`ord_`). */
  prefix?: string;
  /** The fields a key joins, for an object without an ID (stock). */
  keyFields?: string[];
  lifecycle?: TryLifecycle;
}

/** A kind's `status` lifecycle, as its `x-lifecycle` and `x-rules` declare it. */
export interface TryLifecycle {
  field: string;
  /** The states each action is allowed in, by `METHOD /path`, from the states' actions. */
  allowed: Record<string, string[]>;
  /** Where each action takes the object, by `METHOD /path` and state, from the transitions' triggers. */
  transitions: Record<string, Record<string, string>>;
  /** Fields set in a state (`approved_at` once `active`): a time is set to the moment of the change. */
  setWhen?: Record<string, string[]>;
  /** Fields that are null in every other state. */
  nullUnless?: Record<string, string[]>;
}

/** One object: its kind, its fields as the API shows them, and its company where the world says. */
export interface TryObject {
  kind: string;
  fields: Fields;
  company?: string;
}

/** A list: what it holds and in which order. */
export interface TryList {
  kind: string;
  /** Its declared order (`x-order`), such as `placed_at desc`. */
  order: string;
  /** Parameters that order the list their own way (`product_id`: `position asc`). */
  parameterOrders?: Record<string, string>;
  /** The parameter that turns the order round (`order=desc`), for the change feed. */
  orderParameter?: string;
  filter?: Pick<FilterDeclaration, 'fields' | 'related'>;
  /** The company whose objects it holds, as its example shows, and that company's time zone. */
  company?: string;
  zone: string;
  /** A path parameter whose value starts the listed keys (a subscription's deliveries). */
  scope?: string;
  /** Parameters that match other fields than their name (a transfer's `warehouse_id`: either end). */
  parameterFields?: Record<string, string[]>;
  /** How it pages: with `cursor`, or with `after` (the change feed). */
  pages: 'cursor' | 'after';
  /** Its `limit` when none is sent. */
  limit: number;
}

/** A conflict of a unique field: the fields that together must be unique among objects of a kind. */
export interface TryDuplicate {
  code: string;
  fields: string[];
  /** States in which an object no longer counts (an `ended` brand store). */
  unless?: string[];
}

/** What the world knows of one operation. */
export interface TryOperationWorld {
  /** Each path parameter that names an object, with its kind: a 404 when the world holds none. */
  ids?: {parameter: string; kind: string}[];
  /** The object the operation reads or changes: named by path parameters, or always the same one (`/company`). */
  target?: {kind: string; parameters: string[]} | {key: string};
  list?: TryList;
  /** The kind of object a `POST` makes. */
  creates?: string;
  duplicates?: TryDuplicate[];
}

/** This tab's writes and keys: what a later request of the tab sees. */
export interface WorldMemory {
  /** Each release's objects as this tab last wrote them, by key; null once deleted. */
  objects: Record<string, Record<string, TryObject | null>>;
  /** Each `Idempotency-Key` sent with a `POST`: its request and the answer it got. */
  keys: Record<string, {request: string; response: TryResponse}>;
  /** How many requests the tab has sent, for the rate-limit headers. */
  requests: number;
}

export function newWorldMemory(): WorldMemory {
  return {objects: {}, keys: {}, requests: 0};
}

/** What one answer needs to hand. */
interface Exchange {
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
interface ProblemEntry {
  field: string | null;
  code: string;
  message: string;
}

const jsonType = 'application/json';
const problemType = 'application/problem+json';
const idempotencyHeader = 'Idempotency-Key';
const authorizationHeader = 'Authorization';
const letters =
  'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A fresh ID with a prefix, as the API makes them (`req_7Hk2Lm9Qw4`). */
function freshId(prefix: string, length = 10): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return `${prefix}${[...bytes].map((byte) => letters[byte % letters.length]).join('')}`;
}

const headerOf = (request: TryRequest, name: string) =>
  request.headers.find(
    ([candidate]) => candidate.toLowerCase() === name.toLowerCase(),
  )?.[1];

/** A JSON value with its objects' keys sorted, as text: two bodies are the same request when these are equal. */
function canonical(value: Json | undefined): string {
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

const words = (name: string) =>
  name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

const capitalised = (text: string) =>
  text.charAt(0).toUpperCase() + text.slice(1);

/** A body field's JSON pointer (`/items/0/quantity`) in dotted notation (`items[0].quantity`). */
function dotted(pointer: string): string {
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
const apiWording = (message: string) =>
  message
    .replace(/^must be integer$/, 'must be a whole number')
    .replace(/^must be number$/, 'must be a number')
    .replace(/^must be equal to one of the allowed values/, 'must be one of');

/** The keywords of a value out of its range: `out_of_range`; the others are `invalid_value`. */
const rangeKeywords = new Set([
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minItems',
  'maxItems',
  'minLength',
  'maxLength',
  'minProperties',
  'maxProperties',
]);

// ---------------------------------------------------------------------------
// The objects: the world's at now, with this tab's writes over them.

/** An object as this tab sees it: its last write, or the world's; undefined when there is none or it was deleted. */
function objectAt(exchange: Exchange, key: string): TryObject | undefined {
  if (key in exchange.written) {
    return exchange.written[key] ?? undefined;
  }
  return exchange.world.objects[key];
}

/** Every object of a kind this tab sees, the world's first, then those the tab made. */
function objectsOf(exchange: Exchange, kind: string): [string, TryObject][] {
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
function targetKey(exchange: Exchange): string | undefined {
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
function momentOf(exchange: Exchange, fields: Fields | undefined): string {
  const last = fields?.updated_at;
  return typeof last === 'string' && instant(last) > instant(exchange.world.now)
    ? last
    : exchange.world.now;
}

// ---------------------------------------------------------------------------
// Responses.

/** The response headers a status sends: Content-Type, then each the operation declares for it. */
function headersFor(
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

/** A body as text: JSON pretty-printed, or a text format (a CSV template) as it is. */
const text = (body: Json | undefined, mediaType = jsonType) =>
  body === undefined
    ? ''
    : typeof body === 'string' && !/[/+]json$/.test(mediaType)
      ? body
      : JSON.stringify(body, null, 2);

function respond(
  exchange: Exchange,
  status: number,
  body: Json | undefined,
): TryResponse {
  const mediaType =
    body === undefined
      ? undefined
      : (exchange.operation.responses[String(status)]?.mediaType ?? jsonType);
  return {
    status,
    headers: headersFor(exchange, status, mediaType),
    body: text(body, mediaType),
  };
}

/** The documented example of a status with one of its codes, if the operation has one. */
function documentedProblem(
  doc: TryResponseDoc | undefined,
  code: string | undefined,
): Record<string, Json> | undefined {
  const values = (doc?.examples ?? [])
    .map(({value}) => value)
    .filter((value): value is Record<string, Json> => isObject(value));
  const codeOf = (value: Record<string, Json>) => {
    const [first] = Array.isArray(value.errors) ? value.errors : [];
    return isObject(first) ? first.code : undefined;
  };
  return (
    values.find((value) => code !== undefined && codeOf(value) === code) ??
    values[0]
  );
}

/** Whether the operation documents a code on a status (its examples show it). */
function documents(exchange: Exchange, status: number, code: string): boolean {
  return (exchange.operation.responses[String(status)]?.examples ?? []).some(
    ({value}) =>
      isObject(value) &&
      Array.isArray(value.errors) &&
      value.errors.some((entry) => isObject(entry) && entry.code === code),
  );
}

/**
 * A problem document (RFC 9457) as the release writes it: the operation's
 * own example for the status and code where there is one, with this
 * request's detail and entries. A release whose catalogue has no code of
 * the status (`422` in 2023-01) names the first entry in `detail` instead
 * of listing `errors`.
 */
function problem(
  exchange: Exchange,
  status: number,
  detail: string,
  entries: ProblemEntry[],
): TryResponse {
  const {world, operation} = exchange;
  const doc = operation.responses[String(status)];
  const example = documentedProblem(doc, entries[0]?.code);
  const kind = world.problemTypes[String(status)];
  const type = example?.type ?? kind?.type ?? 'about:blank';
  const title = example?.title ?? kind?.title ?? 'Error';
  const body: Record<string, Json> =
    (kind?.errors ?? true)
      ? {
          type,
          title,
          status,
          detail,
          errors: entries
            .filter(({code}) => code in world.codes)
            .map(({field, code, message}) => ({field, code, message})),
          request_id: exchange.requestId,
        }
      : {
          type,
          title,
          status,
          detail: entries[0]
            ? `${entries[0].field ?? 'body'}: ${entries[0].message}`
            : detail,
          request_id: exchange.requestId,
        };
  return {
    status,
    headers: headersFor(exchange, status, doc?.mediaType ?? problemType),
    body: text(body),
  };
}

/** The message of the operation's own example for a code, if it has one. */
function documentedMessage(
  exchange: Exchange,
  status: number,
  code: string,
): {field?: string | null; message?: string} {
  const example = documentedProblem(
    exchange.operation.responses[String(status)],
    code,
  );
  const [entry] = Array.isArray(example?.errors) ? example.errors : [];
  return isObject(entry) && entry.code === code
    ? {
        field: typeof entry.field === 'string' ? entry.field : null,
        message: typeof entry.message === 'string' ? entry.message : undefined,
      }
    : {};
}

// ---------------------------------------------------------------------------
// 401, 400 and 422: the request itself.

function unauthorised(exchange: Exchange): TryResponse | undefined {
  if (!exchange.operation.needsKey) {
    return undefined;
  }
  const sent = headerOf(exchange.request, authorizationHeader)?.trim() ?? '';
  const key = /^Bearer (\S+)$/.exec(sent)?.[1];
  const {servers} = exchange.world;
  if (key?.startsWith('ih_live_')) {
    return problem(
      exchange,
      401,
      `This is a production key (ih_live_); use it with ${servers.production}.`,
      [
        {
          field: authorizationHeader,
          code: 'wrong_environment',
          message: 'ih_live_ keys work only in production.',
        },
      ],
    );
  }
  if (key && /^ih_test_[A-Za-z0-9]+$/.test(key)) {
    return undefined;
  }
  const {message} = documentedMessage(exchange, 401, 'invalid_api_key');
  return problem(
    exchange,
    401,
    'The API key is not valid. Check Settings → API keys.',
    [
      {
        field: authorizationHeader,
        code: 'invalid_api_key',
        message: !sent
          ? 'No API key was sent: send Authorization: Bearer <key>.'
          : !key
            ? 'Send the key as Authorization: Bearer <key>.'
            : (message ?? 'No current key matches this one.'),
      },
    ],
  );
}

function badRequest(
  exchange: Exchange,
  problems: FieldProblem[],
): TryResponse | undefined {
  const {request, world, operation} = exchange;
  const version = headerOf(request, releaseHeader);
  if (version !== undefined && !world.releases.includes(version)) {
    const {message} = documentedMessage(exchange, 400, 'invalid_version');
    return problem(
      exchange,
      400,
      `${releaseHeader} ${version} is no release of the API.`,
      [
        {
          field: releaseHeader,
          code: 'invalid_version',
          message:
            message ??
            'Send a release the introduction lists, or leave the header out.',
        },
      ],
    );
  }
  const entries: (ProblemEntry & {detail: string})[] = [];
  const takesFilter = operation.parameters.some(
    ({name, in: place}) => name === 'filter' && place === 'query',
  );
  if (
    !takesFilter &&
    request.query.some(([name]) => name === 'filter') &&
    'filter_not_supported' in world.codes
  ) {
    const {message} = documentedMessage(exchange, 400, 'filter_not_supported');
    entries.push({
      field: 'filter',
      code: 'filter_not_supported',
      message:
        message ?? `This list takes no filter in release ${world.release}.`,
      detail: `This list takes no filter in release ${world.release}.`,
    });
  }
  for (const found of problems) {
    const isParameter =
      found.place === 'path' ||
      found.place === 'query' ||
      found.place === 'header';
    // A parameter the operation does not take is not read; the key and
    // the release are answered above.
    if (
      !isParameter ||
      found.keyword === 'additionalProperties' ||
      found.field === undefined ||
      [authorizationHeader, releaseHeader].includes(found.field)
    ) {
      continue;
    }
    const wording = apiWording(found.message);
    entries.push({
      field: found.field,
      code: 'invalid_parameter',
      message: `${found.field} ${wording}.`,
      detail: `The parameter ${found.field} ${wording}.`,
    });
  }
  if (problems.some(({keyword}) => keyword === 'parse')) {
    let reason = 'it does not parse';
    try {
      JSON.parse(request.body ?? '');
    } catch (error) {
      reason = (error as Error).message;
    }
    entries.push({
      field: null,
      code: 'malformed_json',
      message: reason,
      detail: `The request body is not valid JSON (${reason}).`,
    });
  }
  const [first] = entries;
  if (!first) {
    return undefined;
  }
  return problem(
    exchange,
    400,
    entries.length === 1
      ? first.detail
      : `The request has ${entries.length} problems; errors lists each.`,
    entries,
  );
}

/** A problem of the body as an entry of a `422`: its field in dotted notation, its code and message. */
function bodyEntry(found: FieldProblem): ProblemEntry {
  const at = dotted(found.field ?? '');
  if (found.keyword === 'required') {
    const missing = /required property '([^']+)'/.exec(found.message)?.[1];
    if (missing === undefined) {
      return {
        field: at || null,
        code: 'required',
        message: 'The request needs a body.',
      };
    }
    return {
      field: at ? `${at}.${missing}` : missing,
      code: 'required',
      message: `${missing} is required.`,
    };
  }
  if (found.keyword === 'additionalProperties') {
    const extra = /\(([^)]+)\)$/.exec(found.message)?.[1] ?? '';
    return {
      field: at ? `${at}.${extra}` : extra,
      code: 'invalid_value',
      message: `${extra} is not a field of this request.`,
    };
  }
  const name =
    at
      .replace(/\[\d+\]$/, '')
      .split('.')
      .at(-1) || 'The body';
  return {
    field: at || null,
    code: rangeKeywords.has(found.keyword) ? 'out_of_range' : 'invalid_value',
    message: `${name} ${apiWording(found.message)}.`,
  };
}

function unprocessable(
  exchange: Exchange,
  problems: FieldProblem[],
): TryResponse | undefined {
  const entries = problems
    .filter(
      ({place, keyword}) =>
        place === 'body' && keyword !== 'parse' && keyword !== 'body',
    )
    .map(bodyEntry)
    // Ajv reports a required field once per schema branch that asks for it.
    .filter(
      (entry, index, all) =>
        all.findIndex(
          (other) => other.field === entry.field && other.code === entry.code,
        ) === index,
    );
  if (entries.length > 0) {
    return problem(
      exchange,
      422,
      `The request has ${entries.length} invalid field${entries.length === 1 ? '' : 's'}.`,
      entries,
    );
  }
  const {known, operation, request} = exchange;
  const {list} = known;
  const filter = request.query.find(([name]) => name === 'filter')?.[1];
  if (!list?.filter || filter === undefined) {
    return undefined;
  }
  const parsed = parseQuery(filter);
  if (!parsed.ok) {
    return problem(exchange, 422, 'The filter is not a valid Advanced query.', [
      {field: 'filter', code: 'invalid_filter', message: parsed.error.message},
    ]);
  }
  const unknown = unknownFields(parsed.expression, {
    name: operation.operationId,
    fields: [...list.filter.fields, ...Object.keys(list.filter.related ?? {})],
  });
  if (unknown.length === 0) {
    return undefined;
  }
  const conditions = listConditions(parsed.expression);
  const columnOf = (field: string) =>
    conditions.find((condition) => condition.field === field)?.column;
  return problem(
    exchange,
    422,
    `This list can't filter on ${unknown.join(' or ')}.`,
    unknown.map((field) => ({
      field: 'filter',
      code: 'unknown_field',
      message: `Unknown field "${field}" at column ${columnOf(field)}`,
    })),
  );
}

// ---------------------------------------------------------------------------
// The page's sample: the story's answer.

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
  return problem(exchange, 404, `No ${what} exists in your company.`, []);
}

const vowels = new Set(['a', 'e', 'i', 'o', 'u']);
const article = (word: string) =>
  vowels.has(word.charAt(0).toLowerCase()) ? 'an' : 'a';

const snake = (kind: string) => words(kind).replaceAll(' ', '_');

/** The object an action's lifecycle is about: the one the path names, or the one it names by ID (a dispatch's order). */
function lifecycleSubject(
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

const sameValue = (a: Json | undefined, b: Json | undefined) =>
  typeof a === 'string' && typeof b === 'string'
    ? a.toLowerCase() === b.toLowerCase()
    : canonical(a) === canonical(b);

/** A conflict the world plainly tells: a state, a unique field, stock below 0, an inactive warehouse, an archived parent. */
function conflict(
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
