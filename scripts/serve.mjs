// @ts-check
// Serves a built site the way a static host does: files under the build's
// base path (from its deployment facts), folders answer with their
// index.html, unknown paths answer 404 with the site's 404.html, a malformed
// address answers 400, and nothing outside the build folder is ever read.
// Used by the browser tests.
//   node scripts/serve.mjs [--dir build] [--base <path>] [--port <port>]
// (by default the browser tests' site port, scripts/lib/ports.mjs).
// --base serves the build at another path than it was built for (the tests'
// wrong-base-URL case).
import {createReadStream} from 'node:fs';
import {createServer} from 'node:http';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {readDeploymentFacts} from '../src/model/deployment-facts.mjs';
import {sitePort} from './lib/ports.mjs';
import {resolveRequest} from './lib/serve-path.mjs';

/** @type {Record<string, string>} */
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
 * @param {import('node:http').ServerResponse} response
 * @param {number} status
 * @param {string} file
 */
function send(response, status, file) {
  response.writeHead(status, {
    'Content-Type':
      contentTypes[path.extname(file)] ?? 'application/octet-stream',
    'Cache-Control': 'no-cache',
  });
  createReadStream(file).pipe(response);
}

const {values} = parseArgs({
  options: {
    dir: {type: 'string', default: 'build'},
    base: {type: 'string'},
    port: {type: 'string', default: String(sitePort)},
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
