// The Try it form's values as a request, its problems by field, the request as a cURL command, and a status's reason phrase.
import type {
  FieldProblem,
  TryOperation,
  TryParameter,
  TryRequest,
} from '../../../../lib/try-it/types';

/** The header that carries the key. */
export const authorizationHeader = 'Authorization';

/** A form control's key: the parameter's place and name (header names in lower case, as HTTP compares them). */
export const controlKey = (place: TryParameter['in'], name: string) =>
  `${place}:${place === 'header' ? name.toLowerCase() : name}`;

/** The form's values by control key, each parameter's sample to start with. */
export type FormValues = Record<string, string>;

export const sampleValues = (operation: TryOperation): FormValues =>
  Object.fromEntries(
    operation.parameters.map((parameter) => [
      controlKey(parameter.in, parameter.name),
      parameter.sample ?? '',
    ]),
  );

/**
 * The request the form's values make: the path with its parameters filled
 * in, the query and header parameters that have a value, the key as a
 * bearer token where the operation needs one, and the body as typed.
 */
export function formRequest(
  operation: TryOperation,
  values: FormValues,
  body: string,
  key: string,
): TryRequest {
  const valueOf = (parameter: TryParameter) =>
    values[controlKey(parameter.in, parameter.name)] ?? '';
  const sent = (place: TryParameter['in']) =>
    operation.parameters
      .filter(
        (parameter) => parameter.in === place && valueOf(parameter) !== '',
      )
      .map((parameter): [string, string] => [
        parameter.name,
        valueOf(parameter),
      ]);
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(values[controlKey('path', name)] ?? ''),
  );
  const headers: [string, string][] = [
    ...(operation.needsKey && key.trim() !== ''
      ? [[authorizationHeader, `Bearer ${key.trim()}`] as [string, string]]
      : []),
    ...sent('header'),
  ];
  const hasBody = operation.body !== undefined && body.trim() !== '';
  if (hasBody) {
    headers.push(['Content-Type', 'application/json']);
  }
  return {
    method: operation.method,
    path,
    query: sent('query'),
    headers,
    ...(operation.body === undefined ? {} : {body}),
  };
}

/** The request's full address: the base URL (`/v1` included), the path and the query. */
export function requestUrl(base: string, request: TryRequest): string {
  const query = new URLSearchParams(request.query).toString();
  return `${base}${request.path}${query ? `?${query}` : ''}`;
}

/** A word for a POSIX shell, in single quotes. */
const quoted = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;

/** The request as a cURL command, exactly as the form would send it to `base`. */
export function curlCommand(base: string, request: TryRequest): string {
  const lines = [
    `curl --request ${request.method}`,
    `--url ${quoted(requestUrl(base, request))}`,
    ...request.headers.map(
      ([name, value]) => `--header ${quoted(`${name}: ${value}`)}`,
    ),
    ...(request.body !== undefined && request.body.trim() !== ''
      ? [`--data ${quoted(request.body)}`]
      : []),
  ];
  return lines.join(' \\\n  ');
}

/** The problems of a request, where the form shows them. */
export interface PlacedProblems {
  /** By control key (the key field's is `header:authorization`). */
  fields: Map<string, string[]>;
  /** The body's, each with its JSON pointer. */
  body: FieldProblem[];
  /** Those of no one field. */
  request: string[];
}

/** Each problem at the control it is about, else the request's. */
export function placeProblems(
  operation: TryOperation,
  problems: FieldProblem[],
): PlacedProblems {
  // Each control's key, and the name its label shows.
  const controls = new Map([
    ...operation.parameters.map((parameter): [string, string] => [
      controlKey(parameter.in, parameter.name),
      parameter.name,
    ]),
    [controlKey('header', authorizationHeader), authorizationHeader],
  ]);
  const placed: PlacedProblems = {fields: new Map(), body: [], request: []};
  for (const problem of problems) {
    if (problem.place === 'body') {
      placed.body.push(problem);
      continue;
    }
    const key =
      problem.place && problem.field !== undefined
        ? controlKey(problem.place, problem.field)
        : undefined;
    const name = key === undefined ? undefined : controls.get(key);
    if (key !== undefined && name !== undefined) {
      placed.fields.set(key, [
        ...(placed.fields.get(key) ?? []),
        `${name} ${problem.message}`,
      ]);
    } else {
      placed.request.push(
        problem.field === undefined
          ? problem.message
          : `${problem.field} ${problem.message}`,
      );
    }
  }
  return placed;
}

/** The reason phrases of the statuses the API answers with (RFC 9110). */
const reasons: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** "201 Created". */
export const statusLine = (status: number, statusText = '') =>
  `${status} ${reasons[status] ?? statusText}`.trim();

/** A body as the response shows it: JSON pretty-printed, anything else as it came. */
export function prettyBody(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
