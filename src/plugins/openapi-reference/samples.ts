import {
  deref,
  type Example,
  type JsonValue,
  type MediaType,
  type OpenApiDocument,
  type OperationEntry,
} from './spec';

/**
 * Code samples generated from an operation of the spec, so their method,
 * path, headers and body always match it. The samples call the sandbox with
 * a test key, so they are safe to paste and run.
 */

export const sampleApiKey = 'ih_test_4eC39HqLyjWDarjtT1zdp7dc';

export interface CodeSample {
  language: 'curl' | 'javascript' | 'python';
  label: string;
  /** Prism language of the code block. */
  prism: string;
  code: string;
}

export interface SampleRequest {
  method: string;
  url: string;
  headers: [string, string][];
  body?: JsonValue;
}

const jsonMediaType = 'application/json';

/** The first named example of a media type, or its single `example`. */
export function firstExample(
  document: OpenApiDocument,
  media: MediaType | undefined,
): {name: string; example: Example} | undefined {
  if (!media) {
    return undefined;
  }
  const [entry] = Object.entries(media.examples ?? {});
  if (entry) {
    return {name: entry[0], example: deref(document, entry[1])};
  }
  return media.example === undefined
    ? undefined
    : {name: 'example', example: {value: media.example}};
}

function sampleServer(document: OpenApiDocument): string {
  const sandbox = document.servers.find((server) =>
    server.url.includes('sandbox'),
  );
  return (sandbox ?? document.servers[0]!).url;
}

/** The request an operation's samples make: path and query from parameter examples. */
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
  const query = parameters
    .filter((parameter) => parameter.in === 'query' && parameter.required)
    .map(
      (parameter) =>
        `${parameter.name}=${encodeURIComponent(valueOf(parameter.name))}`,
    );
  const url = `${sampleServer(document)}${pathname}${query.length ? `?${query.join('&')}` : ''}`;

  const headers: [string, string][] = [
    ['Authorization', `Bearer ${sampleApiKey}`],
  ];
  const requestBody =
    operation.requestBody && deref(document, operation.requestBody);
  const body = firstExample(document, requestBody?.content[jsonMediaType])
    ?.example.value;
  if (body !== undefined) {
    headers.push(['Content-Type', jsonMediaType]);
  }
  parameters
    .filter((parameter) => parameter.in === 'header')
    .forEach((parameter) =>
      headers.push([parameter.name, valueOf(parameter.name)]),
    );
  return {method: method.toUpperCase(), url, headers, body};
}

const indent = (text: string, spaces: number) =>
  text
    .split('\n')
    .map((line, index) => (index === 0 ? line : `${' '.repeat(spaces)}${line}`))
    .join('\n');

function curlSample({method, url, headers, body}: SampleRequest): string {
  const lines = [`curl${method === 'GET' ? '' : ` -X ${method}`} "${url}"`];
  headers.forEach(([name, value]) => lines.push(`  -H "${name}: ${value}"`));
  if (body !== undefined) {
    const json = JSON.stringify(body, null, 2).replaceAll("'", "'\\''");
    lines.push(`  -d '${indent(json, 2)}'`);
  }
  return lines.join(' \\\n');
}

const jsString = (value: string) =>
  `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;

function javascriptSample(
  {method, url, headers, body}: SampleRequest,
  reads: ReadKind,
): string {
  const options = [`  method: '${method}',`, '  headers: {'];
  headers.forEach(([name, value]) =>
    options.push(`    ${jsString(name)}: ${jsString(value)},`),
  );
  options.push('  },');
  if (body !== undefined) {
    options.push(
      `  body: JSON.stringify(${indent(JSON.stringify(body, null, 2), 2)}),`,
    );
  }
  const read = {
    json: 'console.log(await response.json());',
    text: 'console.log(await response.text());',
    none: 'console.log(response.status);',
  }[reads];
  return [
    `const response = await fetch(${jsString(url)}, {`,
    ...options,
    '});',
    read,
  ].join('\n');
}

/** A JSON value as a Python literal. */
export function pythonLiteral(value: JsonValue, level = 0): string {
  const pad = '    '.repeat(level + 1);
  const end = '    '.repeat(level);
  if (value === null) {
    return 'None';
  }
  if (typeof value === 'boolean') {
    return value ? 'True' : 'False';
  }
  if (typeof value === 'number' || typeof value === 'string') {
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) {
    return value.length === 0
      ? '[]'
      : `[\n${value.map((item) => `${pad}${pythonLiteral(item, level + 1)},`).join('\n')}\n${end}]`;
  }
  const entries = Object.entries(value);
  return entries.length === 0
    ? '{}'
    : `{\n${entries
        .map(
          ([key, item]) =>
            `${pad}${JSON.stringify(key)}: ${pythonLiteral(item, level + 1)},`,
        )
        .join('\n')}\n${end}}`;
}

function pythonSample(
  {method, url, headers, body}: SampleRequest,
  reads: ReadKind,
): string {
  const args = [`    "${url}",`, '    headers={'];
  headers
    .filter(([name]) => name !== 'Content-Type')
    .forEach(([name, value]) => args.push(`        "${name}": "${value}",`));
  args.push('    },');
  if (body !== undefined) {
    args.push(`    json=${pythonLiteral(body, 1)},`);
  }
  const read = {
    json: 'print(response.json())',
    text: 'print(response.text)',
    none: '',
  }[reads];
  return [
    'import requests',
    '',
    `response = requests.${method.toLowerCase()}(`,
    ...args,
    ')',
    'response.raise_for_status()',
    read,
  ]
    .filter((line, index, all) => line !== '' || index < all.length - 1)
    .join('\n');
}

type ReadKind = 'json' | 'text' | 'none';

function readKind(document: OpenApiDocument, entry: OperationEntry): ReadKind {
  const [status, response] = Object.entries(entry.operation.responses).find(
    ([code]) => code.startsWith('2'),
  )!;
  const content = deref(document, response).content;
  if (status === '204' || !content) {
    return 'none';
  }
  return content[jsonMediaType] ? 'json' : 'text';
}

/** cURL, JavaScript (fetch) and Python (requests) samples for one operation. */
export function codeSamples(
  document: OpenApiDocument,
  entry: OperationEntry,
): CodeSample[] {
  const request = sampleRequest(document, entry);
  const reads = readKind(document, entry);
  return [
    {language: 'curl', label: 'cURL', prism: 'bash', code: curlSample(request)},
    {
      language: 'javascript',
      label: 'JavaScript',
      prism: 'javascript',
      code: javascriptSample(request, reads),
    },
    {
      language: 'python',
      label: 'Python',
      prism: 'python',
      code: pythonSample(request, reads),
    },
  ];
}
