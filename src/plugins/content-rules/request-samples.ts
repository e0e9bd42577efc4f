import {type ErrorObject} from 'ajv/dist/2020';
import {fieldProblem} from '../../lib/try-it/validate';
import {requestBackend} from '../../model/request-backend';
import {readPage, type CodeBlock} from '../../model/page-reading';
import {apiHosts, withoutApiPrefix} from '../openapi-reference/latest-document';
import type {LoadedSpec} from '../../model/openapi-types';

/**
 * The hand-written request samples of a page (a ```bash block with a
 * `curl` command, or an ```http block that opens with a request line),
 * validated against the document of the page's release by an OpenAPI
 * request validator (openapi-backend, see `requestValidator`): the
 * operation exists, every required parameter and header is sent and every
 * one sent is declared and valid, an operation that needs a key gets an
 * `Authorization: Bearer` header, and the body is sent when the operation
 * requires one, as JSON, and is valid against its request body schema.
 * Every sample sends the release header (`Hub-Version`), which the loader
 * declares on every operation with the release's name as its one value, so
 * a sample pins the release of its page (PRODUCT-DECISIONS.md, "Every
 * request sample"); a blog post's, one that had shipped by its date
 * (openapi-reference/release-days.ts).
 */

/** The header that chooses the release, declared on every operation by the loader. */
const RELEASE_HEADER = 'Hub-Version';

export interface RequestSample {
  method: string;
  /** The path after the API's `/v1`. */
  path: string;
  query: [string, string][];
  /** Header names in lower case. */
  headers: Map<string, string>;
  body?: string;
  /** The line of the page the sample starts at. */
  line: number;
}

const lineAt = (source: string, index: number) =>
  source.slice(0, index).split('\n').length;

/** A shell command split into words, with quotes removed (enough for curl samples). */
export function shellWords(command: string): string[] {
  const words: string[] = [];
  let current = '';
  let quote: string | undefined;
  let inWord = false;
  for (let index = 0; index < command.length; index += 1) {
    const char = command[index]!;
    if (quote) {
      if (char === quote) {
        quote = undefined;
      } else if (char === '\\' && quote === '"' && index + 1 < command.length) {
        index += 1;
        current += command[index];
      } else {
        current += char;
      }
    } else if (char === "'" || char === '"') {
      quote = char;
      inWord = true;
    } else if (char === '\\' && command[index + 1] === '\n') {
      index += 1;
    } else if (/\s/.test(char)) {
      if (inWord) {
        words.push(current);
        current = '';
        inWord = false;
      }
    } else {
      current += char;
      inWord = true;
    }
  }
  if (inWord) {
    words.push(current);
  }
  return words;
}

/** A URL's API path (after `/v1`) and query, or undefined for another server. */
function splitUrl(
  url: string,
): {path: string; query: [string, string][]} | undefined {
  const parsed = /^(?:https?:\/\/([^/]+))?(\/[^?#]*)(?:\?([^#]*))?/.exec(url);
  if (!parsed || (parsed[1] && !apiHosts.includes(parsed[1]))) {
    return undefined;
  }
  const path = withoutApiPrefix(parsed[2]!);
  if (path === parsed[2] && parsed[1] === undefined) {
    return undefined;
  }
  return {
    path: path.replace(/\/$/, ''),
    query: [...new URLSearchParams(parsed[3] ?? '')],
  };
}

function curlSample(command: string, line: number): RequestSample | undefined {
  const words = shellWords(command);
  let method: string | undefined;
  let url: string | undefined;
  let asQuery = false;
  const headers = new Map<string, string>();
  const data: string[] = [];
  const encoded: string[] = [];
  for (let index = 1; index < words.length; index += 1) {
    const word = words[index]!;
    const next = () => words[++index] ?? '';
    if (word === '-X' || word === '--request') {
      method = next().toUpperCase();
    } else if (word === '-H' || word === '--header') {
      const header = next();
      const colon = header.indexOf(':');
      headers.set(
        header.slice(0, colon).trim().toLowerCase(),
        header.slice(colon + 1).trim(),
      );
    } else if (['-d', '--data', '--data-raw', '--data-binary'].includes(word)) {
      data.push(next());
    } else if (word === '--data-urlencode') {
      encoded.push(next());
    } else if (word === '-G' || word === '--get') {
      asQuery = true;
    } else if (!word.startsWith('-') && url === undefined) {
      url = word;
    }
  }
  const target = url === undefined ? undefined : splitUrl(url);
  if (!target) {
    return undefined;
  }
  const pairs = encoded.map((pair): [string, string] => {
    const equals = pair.indexOf('=');
    return [pair.slice(0, equals), pair.slice(equals + 1)];
  });
  if (asQuery) {
    target.query.push(
      ...pairs,
      ...data.flatMap((text) => [...new URLSearchParams(text)]),
    );
  }
  const body = asQuery ? undefined : data.join('&') || undefined;
  return {
    method:
      method ??
      (!asQuery && (body !== undefined || pairs.length > 0) ? 'POST' : 'GET'),
    path: target.path,
    query: target.query,
    headers,
    body,
    line,
  };
}

function httpSample(text: string, line: number): RequestSample | undefined {
  const [head, ...rest] = text.split(/\r?\n\r?\n/);
  const [requestLine, ...headerLines] = (head ?? '').split('\n');
  const request = /^([A-Z]+) (\S+) HTTP\/[\d.]+$/.exec(requestLine ?? '');
  if (!request) {
    return undefined;
  }
  const headers = new Map(
    headerLines.map((header): [string, string] => {
      const colon = header.indexOf(':');
      return [
        header.slice(0, colon).trim().toLowerCase(),
        header.slice(colon + 1).trim(),
      ];
    }),
  );
  const host = headers.get('host');
  const target = splitUrl(host ? `https://${host}${request[2]}` : request[2]!);
  if (!target) {
    return undefined;
  }
  const body = rest.join('\n\n').trim();
  return {
    method: request[1]!,
    path: target.path,
    query: target.query,
    headers,
    body: body || undefined,
    line,
  };
}

/** The languages of the code blocks that hold request samples. */
export const sampleLanguages = ['bash', 'sh', 'http'];

/**
 * The request samples of one code block, given its language, its text and
 * the page's line its text starts at (a body file is not looked up).
 */
export function codeBlockSamples(
  language: string,
  code: string,
  line: number,
): RequestSample[] {
  if (!sampleLanguages.includes(language)) {
    return [];
  }
  if (language === 'http') {
    const sample = httpSample(code.trimEnd(), line);
    return sample ? [sample] : [];
  }
  // Each command runs from `curl` to the next one or the block's end.
  const commands = code.split(/^(?=curl\b)/m);
  let offset = 0;
  return commands.flatMap((command) => {
    const at = line + lineAt(code, offset) - 1;
    offset += command.length;
    const sample = command.startsWith('curl')
      ? curlSample(command.trimEnd(), at)
      : undefined;
    return sample ? [sample] : [];
  });
}

/** Every request sample of a page. */
export function requestSamples(source: string): RequestSample[] {
  const {codeBlocks} = readPage(source);
  return codeBlocks
    .flatMap(({lang, value, line}) => codeBlockSamples(lang, value, line))
    .map((sample) => withBodyFile(codeBlocks, sample));
}

/** A sample that sends a file (`-d @count.json`), with the page's block titled with that name as its body. */
function withBodyFile(
  codeBlocks: readonly CodeBlock[],
  sample: RequestSample,
): RequestSample {
  const file = sample.body?.startsWith('@') ? sample.body.slice(1) : undefined;
  if (file === undefined) {
    return sample;
  }
  const block = codeBlocks.find(
    ({lang, meta}) => lang === 'json' && meta.includes(`title="${file}"`),
  );
  return {...sample, body: block?.value};
}

/** What is wrong with a request sample, against one release's document. */
export type RequestValidator = (sample: RequestSample) => string[];

/** A sample that openapi-backend refuses: Ajv's error, at its part of the request (the form of "Try it" reads the same). */
function describeRefusal(named: string, error: ErrorObject): string {
  const {place, field, keyword, message} = fieldProblem(error);

  if (place === undefined) {
    return `${named}: ${message}`;
  }
  if (place === 'body') {
    return error.params.missingProperty === 'requestBody'
      ? `${named} requires a body`
      : `${named}, body: field "${field || '/'}" ${message}`;
  }
  const where = place === 'header' ? 'header' : `${place} parameter`;
  if (keyword === 'additionalProperties' && !error.instancePath.split('/')[2]) {
    return `${named} has no ${where} ${field}`;
  }
  return field === undefined
    ? `${named}, ${where}s: ${message}`
    : `${named}, ${where} ${field} ${message}`;
}

const validators = new WeakMap<LoadedSpec, Promise<RequestValidator>>();

/**
 * The request validator of one release's document: openapi-backend's, as a
 * server built on the document would validate (the operation by method and
 * path, then its path, query and header parameters and its body), with
 * Ajv in JSON Schema 2020-12, as the spec's own examples are checked. What
 * openapi-backend leaves to a server's own code is checked here: a key
 * where the operation needs one, and a body that is JSON, sent as JSON, to
 * an operation that takes one.
 */
export function requestValidator(spec: LoadedSpec): Promise<RequestValidator> {
  const known = validators.get(spec);
  if (known) {
    return known;
  }
  const validator = (async (): Promise<RequestValidator> => {
    const api = await requestBackend(spec);
    return (sample) => {
      const named = `${sample.method} ${sample.path}`;
      const operation = api.router.matchOperation({
        method: sample.method,
        path: sample.path,
        headers: {},
      });
      if (!operation) {
        return [`${named} is no operation of this release`];
      }
      const problems: string[] = [];
      let body: unknown;
      if (sample.body !== undefined) {
        const contentType = sample.headers.get('content-type');
        if (!operation.requestBody) {
          problems.push(`${named} takes no body`);
        } else if (
          contentType !== undefined &&
          !contentType.startsWith('application/json')
        ) {
          problems.push(
            `${named} is sent as ${contentType}, not application/json`,
          );
        }
        try {
          body = JSON.parse(sample.body);
        } catch {
          problems.push(`${named}: the body is not valid JSON`);
        }
      }
      const security = operation.security ?? api.definition.security ?? [];
      if (
        security.some((requirement) => Object.keys(requirement).length > 0) &&
        !/^Bearer \S+/.test(sample.headers.get('authorization') ?? '')
      ) {
        problems.push(`${named} needs an Authorization: Bearer header`);
      }
      const declaresRelease = (operation.parameters ?? []).some(
        (parameter) =>
          'in' in parameter &&
          parameter.in === 'header' &&
          parameter.name === RELEASE_HEADER,
      );
      if (
        declaresRelease &&
        !sample.headers.has(RELEASE_HEADER.toLowerCase())
      ) {
        problems.push(
          `${named} sends no ${RELEASE_HEADER} header; every request sample pins its page's release (${RELEASE_HEADER}: ${String(spec.document.info.version)})`,
        );
      }
      const query: Record<string, string | string[]> = {};
      for (const [name, value] of sample.query) {
        const before = query[name];
        query[name] = before === undefined ? value : [before, value].flat();
      }
      const result = api.validateRequest(
        {
          method: sample.method,
          path: sample.path,
          query,
          headers: Object.fromEntries(sample.headers),
          body,
        },
        operation,
      );
      problems.push(
        ...(result.errors ?? []).map((error) => describeRefusal(named, error)),
      );
      return problems;
    };
  })();
  validators.set(spec, validator);
  return validator;
}
