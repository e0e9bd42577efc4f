import {validateExample} from '../openapi-reference/examples';
import {
  allOperations,
  deref,
  type JsonValue,
  type LoadedSpec,
  type OperationEntry,
  type Schema,
} from '../openapi-reference/spec';

/**
 * The hand-written request samples of a page (a ```bash block with a
 * `curl` command, or an ```http block that opens with a request line),
 * validated against the document of the page's release as a server would:
 * the operation exists, every required parameter and header is sent and
 * every one sent is declared and valid, an operation that needs a key gets
 * an `Authorization: Bearer` header, and the body is sent when the
 * operation requires one, as JSON, and is valid against the operation's
 * request body schema (with Ajv, as the spec's own examples are). Every
 * sample sends the release header (`Hub-Version`), which the loader
 * declares on every operation with the release's name as its one value, so
 * a sample pins the release of its page (PRODUCT-DECISIONS.md, "Every
 * request sample"); a blog post, true at its date, may send none.
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
  if (!parsed || (parsed[1] && !parsed[1].includes('api.'))) {
    return undefined;
  }
  const path = parsed[2]!.replace(/^\/v1(?=\/)/, '');
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

/** Every request sample of a page. */
export function requestSamples(source: string): RequestSample[] {
  return [...source.matchAll(/^```(bash|sh|http)\b[^\n]*\n([\s\S]*?)^```/gm)]
    .flatMap((match) => {
      const line = lineAt(source, match.index) + 1;
      if (match[1] === 'http') {
        return [httpSample(match[2]!.trimEnd(), line)];
      }
      // Each command runs from `curl` to the next one or the block's end.
      const commands = match[2]!.split(/^(?=curl\b)/m);
      let offset = 0;
      return commands.map((command) => {
        const at = line + lineAt(match[2]!, offset) - 1;
        offset += command.length;
        return command.startsWith('curl')
          ? curlSample(command.trimEnd(), at)
          : undefined;
      });
    })
    .filter((sample): sample is RequestSample => sample !== undefined)
    .map((sample) => withBodyFile(source, sample));
}

/** A sample that sends a file (`-d @count.json`), with the page's block titled with that name as its body. */
function withBodyFile(source: string, sample: RequestSample): RequestSample {
  const file = sample.body?.startsWith('@') ? sample.body.slice(1) : undefined;
  if (file === undefined) {
    return sample;
  }
  const block = [...source.matchAll(/^```json[^\n]*\n([\s\S]*?)^```/gm)].find(
    (candidate) => candidate[0].split('\n')[0]!.includes(`title="${file}"`),
  );
  return {...sample, body: block?.[1]};
}

const isParameter = (segment: string) => /^\{[^}]+\}$/.test(segment);

function operationFor(
  spec: LoadedSpec,
  sample: RequestSample,
): {entry: OperationEntry; pathValues: Record<string, string>} | undefined {
  const segments = sample.path.split('/');
  for (const entry of allOperations(spec.document)) {
    const template = entry.path.split('/');
    if (
      entry.method.toUpperCase() !== sample.method ||
      template.length !== segments.length
    ) {
      continue;
    }
    const pathValues: Record<string, string> = {};
    const matches = template.every((part, index) => {
      if (isParameter(part)) {
        pathValues[part.slice(1, -1)] = segments[index]!;
        return true;
      }
      return part === segments[index];
    });
    if (matches) {
      return {entry, pathValues};
    }
  }
  return undefined;
}

/** A parameter's text as the value its schema describes. */
function typed(value: string, schema: Schema): JsonValue {
  const types = [schema.type ?? []].flat();
  if (types.includes('integer') || types.includes('number')) {
    return value.trim() !== '' && !Number.isNaN(Number(value))
      ? Number(value)
      : value;
  }
  if (types.includes('boolean')) {
    return value === 'true' ? true : value === 'false' ? false : value;
  }
  return value;
}

/** What is wrong with one request sample, against one release's document. */
export function requestSampleProblems(
  spec: LoadedSpec,
  sample: RequestSample,
  {pinsRelease = true}: {pinsRelease?: boolean} = {},
): string[] {
  const named = `${sample.method} ${sample.path}`;
  const found = operationFor(spec, sample);
  if (!found) {
    return [`${named} is no operation of this release`];
  }
  const {entry, pathValues} = found;
  const {document} = spec;
  const problems: string[] = [];
  const check = (
    where: string,
    schema: Schema | undefined,
    value: JsonValue,
  ) => {
    if (schema) {
      problems.push(...validateExample({where, schema, value}, spec));
    }
  };
  const sentQuery = new Map(sample.query);
  for (const parameter of entry.parameters) {
    const where = `${named}, ${parameter.in} parameter ${parameter.name}`;
    const sent =
      parameter.in === 'query'
        ? sentQuery.get(parameter.name)
        : parameter.in === 'header'
          ? sample.headers.get(parameter.name.toLowerCase())
          : parameter.in === 'path'
            ? pathValues[parameter.name]
            : undefined;
    if (sent === undefined) {
      if (parameter.required) {
        problems.push(`${where} is required but not sent`);
      } else if (
        pinsRelease &&
        parameter.in === 'header' &&
        parameter.name === RELEASE_HEADER
      ) {
        const release = parameter.schema && deref(document, parameter.schema);
        problems.push(
          `${named} sends no ${RELEASE_HEADER} header; every request sample pins its page's release (${RELEASE_HEADER}: ${String(release?.enum?.[0] ?? '…')})`,
        );
      }
      continue;
    }
    const schema = parameter.schema && deref(document, parameter.schema);
    if (!sent.includes('…') && !/^\{.*\}$/.test(sent)) {
      check(where, schema, schema ? typed(sent, schema) : sent);
    }
  }
  const declared = new Set(
    entry.parameters
      .filter((parameter) => parameter.in === 'query')
      .map((parameter) => parameter.name),
  );
  for (const name of sentQuery.keys()) {
    if (!declared.has(name)) {
      problems.push(`${named} has no query parameter ${name}`);
    }
  }
  // The operation's security requirements, or the document's.
  type Secured = {security?: Record<string, string[]>[]};
  const security =
    (entry.operation as Secured).security ??
    (document as Secured).security ??
    [];
  if (
    security.some((requirement) => Object.keys(requirement).length > 0) &&
    !/^Bearer \S+/.test(sample.headers.get('authorization') ?? '')
  ) {
    problems.push(`${named} needs an Authorization: Bearer header`);
  }
  const requestBody =
    entry.operation.requestBody && deref(document, entry.operation.requestBody);
  if (sample.body === undefined) {
    if (requestBody?.required) {
      problems.push(`${named} requires a body`);
    }
  } else if (!requestBody) {
    problems.push(`${named} takes no body`);
  } else {
    const media = requestBody.content['application/json'];
    const contentType = sample.headers.get('content-type');
    if (
      contentType !== undefined &&
      !contentType.startsWith('application/json')
    ) {
      problems.push(`${named} is sent as ${contentType}, not application/json`);
    }
    let value: JsonValue | undefined;
    try {
      value = JSON.parse(sample.body) as JsonValue;
    } catch {
      problems.push(`${named}: the body is not valid JSON`);
    }
    if (value !== undefined && media?.schema) {
      check(`${named}, body`, media.schema, value);
    }
  }
  return problems;
}
