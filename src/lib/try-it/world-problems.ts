// The sample world's problem answers: 401 for the key, 400 for the request's form, 422 for the body's fields, as the release's catalogue words them.
import {listConditions, parseQuery, unknownFields} from '../query-language';
import {isObject} from '../world/lists';
import {releaseHeader} from './validate';
import type {FieldProblem, Json, TryResponse, TryResponseDoc} from './types';
import {
  type Exchange,
  type ProblemEntry,
  jsonType,
  problemType,
  authorizationHeader,
  headerOf,
  dotted,
  apiWording,
  rangeKeywords,
  headersFor,
} from './world-exchange';

/** A body as text: JSON pretty-printed, or a text format (a CSV template) as it is. */
export const text = (body: Json | undefined, mediaType = jsonType) =>
  body === undefined
    ? ''
    : typeof body === 'string' && !/[/+]json$/.test(mediaType)
      ? body
      : JSON.stringify(body, null, 2);

export function respond(
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
export function documentedProblem(
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
export function documents(
  exchange: Exchange,
  status: number,
  code: string,
): boolean {
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
export function problem(
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
export function documentedMessage(
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

export function unauthorised(exchange: Exchange): TryResponse | undefined {
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

export function badRequest(
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
export function bodyEntry(found: FieldProblem): ProblemEntry {
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

export function unprocessable(
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
