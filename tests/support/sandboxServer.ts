// A local stand-in for a reader's sandbox, which Try it sends to with the
// reader's test key when the site is built with SANDBOX_API_URL pointing
// here (tests/variant/variant.spec.ts). It answers CORS preflights as a
// sandbox must for the browser to send at all, answers every request under
// the API's prefix with JSON that echoes what it received, and records
// each request, so a test can check exactly what arrived.
import {createServer, type IncomingMessage} from 'node:http';
import type {AddressInfo} from 'node:net';
import {apiPathPrefix} from '../../src/plugins/openapi-reference/latest-document';
import {releaseHeader} from '../../src/plugins/openapi-reference/releases';

/** What the echo says answered, so a test tells it from the sample world. */
export const answeredBy = 'test sandbox';

/** The methods and request headers a preflight allows: what Try it sends. */
const allowedMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const allowedHeaders = [
  'Authorization',
  'Content-Type',
  releaseHeader,
  'Idempotency-Key',
];
/** The header naming each answer, which the page may read. */
const requestIdHeader = 'Request-Id';

/** One request as the sandbox received it. */
export interface SandboxRequest {
  method: string;
  /** The path as sent, the API's prefix included (`/v1/orders/ord_1`). */
  path: string;
  /** The query's names and values, in order. */
  query: [string, string][];
  /** Every header, by its lower-case name. */
  headers: Record<string, string>;
  /** The body: parsed JSON, the text when it is not JSON, null for none. */
  body: unknown;
}

export interface TestSandbox {
  /** The base URL to build the site with (SANDBOX_API_URL). */
  url: string;
  origin: string;
  /** The requests answered, in order; preflights are apart. */
  requests: SandboxRequest[];
  /** The CORS preflights answered, in order. */
  preflights: SandboxRequest[];
  close(): Promise<void>;
}

async function received(request: IncomingMessage): Promise<SandboxRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) {
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  let body: unknown = text === '' ? null : text;
  if (text !== '' && /json/i.test(request.headers['content-type'] ?? '')) {
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON after all: the text as it came.
    }
  }
  const url = new URL(request.url ?? '/', 'http://sandbox.invalid');
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) {
      headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
  }
  return {
    method: request.method ?? '',
    path: url.pathname,
    query: [...url.searchParams],
    headers,
    body,
  };
}

/**
 * Starts the test sandbox on 127.0.0.1:`port`: its base URL is
 * `http://127.0.0.1:<port>/v1`.
 */
export async function startSandbox(port: number): Promise<TestSandbox> {
  const requests: SandboxRequest[] = [];
  const preflights: SandboxRequest[] = [];
  let answered = 0;
  const server = createServer(async (request, response) => {
    const got = await received(request);
    const origin = request.headers.origin;
    const cors: Record<string, string> = origin
      ? {'Access-Control-Allow-Origin': origin, Vary: 'Origin'}
      : {};
    if (
      got.method === 'OPTIONS' &&
      request.headers['access-control-request-method']
    ) {
      preflights.push(got);
      response.writeHead(204, {
        ...cors,
        'Access-Control-Allow-Methods': allowedMethods.join(', '),
        'Access-Control-Allow-Headers': allowedHeaders.join(', '),
        'Access-Control-Max-Age': '0',
      });
      response.end();
      return;
    }
    requests.push(got);
    answered += 1;
    const underApi =
      got.path === apiPathPrefix || got.path.startsWith(`${apiPathPrefix}/`);
    const status = !underApi ? 404 : got.method === 'POST' ? 201 : 200;
    const echo = {
      answered_by: answeredBy,
      method: got.method,
      path: got.path,
      query: got.query,
      authorization: got.headers.authorization ?? null,
      hub_version: got.headers[releaseHeader.toLowerCase()] ?? null,
      body: got.body,
      ...(underApi ? {} : {error: `Not under ${apiPathPrefix}.`}),
    };
    response.writeHead(status, {
      ...cors,
      'Access-Control-Expose-Headers': requestIdHeader,
      'Content-Type': 'application/json',
      [requestIdHeader]: `req_test_${answered}`,
    });
    response.end(`${JSON.stringify(echo, null, 2)}\n`);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}${apiPathPrefix}`,
    origin,
    requests,
    preflights,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
