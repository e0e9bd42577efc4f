// Serves a built site the way a static host does: files under the build's
// base path (from its deployment facts), folders answer with their
// index.html, unknown paths answer 404 with the site's 404.html, a malformed
// address answers 400, and nothing outside the build folder is ever read.
// Used by the browser tests.
//   node scripts/serve.mjs [--dir build] [--base <path>] [--port 4173]
// --base serves the build at another path than it was built for (the tests'
// wrong-base-URL case).
import {createReadStream} from 'node:fs';
import {stat} from 'node:fs/promises';
import {createServer} from 'node:http';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {readDeploymentFacts} from './lib/deployment-facts.mjs';

const contentTypes = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.xml': 'application/xml; charset=utf-8',
  '.xsl': 'text/xsl; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.yaml': 'application/yaml; charset=utf-8',
  '.woff2': 'font/woff2',
};

/**
 * The file a request path maps to: `{status: 400}` for a malformed address,
 * `{status: 404}` for anything that is not a file of the build (outside the
 * base path, outside the folder, the build's own `_` files).
 * @param {string} root absolute build folder
 * @param {string} base base path with a trailing slash
 * @param {string} urlPath the request's path, still percent-encoded
 * @returns {Promise<{status: 200, file: string} | {status: 400 | 404}>}
 */
export async function resolveRequest(root, base, urlPath) {
  if (!urlPath.startsWith(base) && `${urlPath}/` !== base) {
    return {status: 404};
  }
  let relative;
  try {
    relative = decodeURIComponent(urlPath.slice(base.length));
  } catch {
    return {status: 400};
  }
  if (relative.includes('\0')) {
    return {status: 400};
  }
  const file = path.resolve(root, relative);
  const inside = path.relative(root, file);
  if (
    inside.startsWith('..') ||
    path.isAbsolute(inside) ||
    inside.split(path.sep).some((part) => part.startsWith('_'))
  ) {
    return {status: 404};
  }
  for (const candidate of [
    file,
    path.join(file, 'index.html'),
    `${file}.html`,
  ]) {
    const info = await stat(candidate).catch(() => undefined);
    if (info?.isFile()) {
      return {status: 200, file: candidate};
    }
  }
  return {status: 404};
}

function send(response, status, file) {
  response.writeHead(status, {
    'Content-Type':
      contentTypes[path.extname(file)] ?? 'application/octet-stream',
    'Cache-Control': 'no-cache',
  });
  createReadStream(file).pipe(response);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const {values} = parseArgs({
    options: {
      dir: {type: 'string', default: 'build'},
      base: {type: 'string'},
      port: {type: 'string', default: '4173'},
    },
  });
  const root = path.resolve(values.dir);
  const given = values.base ?? readDeploymentFacts(root).baseUrl;
  const base = given.endsWith('/') ? given : `${given}/`;
  createServer(async (request, response) => {
    // The raw path: URL() would resolve ".." and %2f-free traversals away
    // before the check, and decode nothing.
    const urlPath = (request.url ?? '/').split(/[?#]/)[0];
    const result = await resolveRequest(root, base, urlPath);
    if (result.status === 200) {
      send(response, 200, result.file);
    } else if (result.status === 400) {
      response.writeHead(400, {'Content-Type': 'text/plain; charset=utf-8'});
      response.end('Bad request: malformed address.\n');
    } else {
      send(response, 404, path.join(root, '404.html'));
    }
  }).listen(Number(values.port), '127.0.0.1', () => {
    console.log(`Serving ${root} at http://127.0.0.1:${values.port}${base}`);
  });
}
