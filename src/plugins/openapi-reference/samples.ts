import {createHash} from 'node:crypto';
import {HTTPSnippet, type HarRequest} from '@readme/httpsnippet';
import {listConditions, parseQuery} from '../../lib/query-language';
import {deref} from '../../model/refs';
import {filterParameterName, firstExample} from '../../model/operations';
import {
  type JsonValue,
  type Parameter,
  type OpenApiDocument,
  type OperationEntry,
} from '../../model/openapi-types';
import {sampleApiKey} from '../../lib/try-it/sample-key';
import {releaseHeader} from './releases';
import {sampleLanguages, type SampleLanguage} from './theme/language';

/**
 * Code samples generated at build time from an operation of the spec by
 * HTTPSnippet (`@readme/httpsnippet`), so their method, path, query, headers
 * and body always match it. The samples call the sandbox with a test key,
 * so they are safe to paste and run, and each operation sends its own
 * stable `Idempotency-Key`, so samples can be run one after another. Each
 * sends `Hub-Version` with the release of the page it is on.
 */

export {sampleApiKey};

type TargetId = Parameters<HTTPSnippet['convert']>[0];

/** How HTTPSnippet writes each language of the picker, and its Prism grammar. */
const generators: Record<
  SampleLanguage,
  {target: TargetId; client: string; prism: string}
> = {
  curl: {target: 'shell', client: 'curl', prism: 'bash'},
  javascript: {target: 'javascript', client: 'fetch', prism: 'javascript'},
  node: {target: 'node', client: 'axios', prism: 'javascript'},
  python: {target: 'python', client: 'requests', prism: 'python'},
  ruby: {target: 'ruby', client: 'native', prism: 'ruby'},
  php: {target: 'php', client: 'guzzle', prism: 'php'},
  go: {target: 'go', client: 'native', prism: 'go'},
  java: {target: 'java', client: 'nethttp', prism: 'java'},
};

export interface CodeSample {
  language: SampleLanguage;
  label: string;
  /** Prism language of the code block. */
  prism: string;
  code: string;
}

export interface SampleRequest {
  method: string;
  /** The full URL, query included. */
  url: string;
  headers: [string, string][];
  body?: JsonValue;
}

const jsonMediaType = 'application/json';
export const idempotencyHeader = 'Idempotency-Key';

function sampleServer(document: OpenApiDocument): string {
  const sandbox = document.servers.find((server) =>
    server.url.includes('sandbox'),
  );
  return (sandbox ?? document.servers[0]!).url;
}

/**
 * The release a document describes (`info.version`, checked against the
 * page's release when it loads): every sample pins it with `Hub-Version`,
 * so a sample answers the same whatever release its key defaults to.
 */
export function sampleRelease(document: OpenApiDocument): string {
  const release = document.info.version;
  if (typeof release !== 'string' || !/^\d{4}-\d{2}$/.test(release)) {
    throw new Error(`info.version ${String(release)} is not an API release.`);
  }
  return release;
}

/** The fields the example `filter` of a list narrows, if it has one. */
export function filteredFields(parameters: Parameter[]): string[] {
  const filter = parameters.find(
    ({name, in: location}) =>
      name === filterParameterName && location === 'query',
  );
  if (typeof filter?.example !== 'string') {
    return [];
  }
  const parsed = parseQuery(filter.example);
  if (!parsed.ok) {
    throw new Error(
      `The filter example ${filter.example} does not parse: ${parsed.error.message}.`,
    );
  }
  return listConditions(parsed.expression).map(({field}) => field);
}

/** A stable key of UUID shape, its own for each operation. */
export function sampleIdempotencyKey(operationId: string): string {
  const hex = createHash('sha256').update(operationId).digest('hex');
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    hex.slice(12, 16),
    hex.slice(16, 20),
    hex.slice(20, 32),
  ].join('-');
}

/**
 * The request an operation's samples make: the path from its parameters'
 * examples, the query from every query parameter that has an example (and
 * every required one), and the body from the request body's first example.
 */
export function sampleRequest(
  document: OpenApiDocument,
  entry: OperationEntry,
): SampleRequest {
  const {method, operation, parameters} = entry;
  const valueOf = (name: string) => {
    const parameter = parameters.find((candidate) => candidate.name === name);
    if (parameter?.example === undefined) {
      throw new Error(
        `${operation.operationId}: parameter ${name} has no example.`,
      );
    }
    return String(parameter.example);
  };
  const pathname = entry.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(valueOf(name)),
  );
  const filtered = filteredFields(parameters);
  const query = new URLSearchParams(
    parameters
      .filter(
        (parameter) =>
          parameter.in === 'query' &&
          (parameter.required ||
            (parameter.example !== undefined &&
              // The filter already narrows this field: not twice.
              !filtered.includes(parameter.name))),
      )
      .map((parameter) => [parameter.name, valueOf(parameter.name)]),
  ).toString();
  const url = `${sampleServer(document)}${pathname}${query ? `?${query}` : ''}`;

  // The release header comes from the operation's own parameter, whose one
  // value is the document's release.
  const release = valueOf(releaseHeader);
  if (release !== sampleRelease(document)) {
    throw new Error(
      `${operation.operationId}: ${releaseHeader} is ${release}, but the document is ${sampleRelease(document)}.`,
    );
  }
  const headers: [string, string][] = [
    ['Authorization', `Bearer ${sampleApiKey}`],
    [releaseHeader, release],
  ];
  const requestBody =
    operation.requestBody && deref(document, operation.requestBody);
  const body = firstExample(document, requestBody?.content[jsonMediaType])
    ?.example.value;
  if (body !== undefined) {
    headers.push(['Content-Type', jsonMediaType]);
  }
  parameters
    .filter(
      (parameter) =>
        parameter.in === 'header' && parameter.name !== releaseHeader,
    )
    .forEach((parameter) =>
      headers.push([
        parameter.name,
        parameter.name === idempotencyHeader
          ? sampleIdempotencyKey(operation.operationId)
          : valueOf(parameter.name),
      ]),
    );
  return {method: method.toUpperCase(), url, headers, body};
}

/** The request as a HAR entry, HTTPSnippet's input. */
export function harRequest({
  method,
  url,
  headers,
  body,
}: SampleRequest): HarRequest {
  const {searchParams} = new URL(url);
  return {
    method,
    url,
    httpVersion: 'HTTP/1.1',
    cookies: [],
    headers: headers.map(([name, value]) => ({name, value})),
    queryString: [...searchParams].map(([name, value]) => ({name, value})),
    headersSize: -1,
    bodySize: -1,
    // HTTPSnippet's type wants a body; an empty one writes none.
    postData:
      body === undefined
        ? {mimeType: ''}
        : {mimeType: jsonMediaType, text: JSON.stringify(body)},
  };
}

/** One sample per language of `sampleLanguages`, for one operation. */
export function codeSamples(
  document: OpenApiDocument,
  entry: OperationEntry,
): CodeSample[] {
  const snippet = new HTTPSnippet(harRequest(sampleRequest(document, entry)));
  return sampleLanguages.map(({language, label}) => {
    const {target, client, prism} = generators[language];
    const [code] = snippet.convert(target, client, {indent: '  '}) || [];
    if (!code) {
      throw new Error(
        `${entry.operation.operationId}: HTTPSnippet wrote no ${label} sample.`,
      );
    }
    return {language, label, prism, code};
  });
}
