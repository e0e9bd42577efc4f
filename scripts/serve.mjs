// Serves a built site the way a static host does: files under a base path,
// folders answer with their index.html, unknown paths answer 404 with the
// site's 404.html. Used by the browser tests.
//   node scripts/serve.mjs [--dir build] [--base /help/] [--port 4173]
import {createReadStream} from 'node:fs';
import {stat} from 'node:fs/promises';
import {createServer} from 'node:http';
import path from 'node:path';
import {parseArgs} from 'node:util';

const {values} = parseArgs({
  options: {
    dir: {type: 'string', default: 'build'},
    base: {type: 'string', default: '/help/'},
    port: {type: 'string', default: '4173'},
  },
});

const root = path.resolve(values.dir);
const base = values.base.endsWith('/') ? values.base : `${values.base}/`;

const contentTypes = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.yaml': 'application/yaml; charset=utf-8',
  '.woff2': 'font/woff2',
};

async function findFile(urlPath) {
  if (!urlPath.startsWith(base) && `${urlPath}/` !== base) {
    return undefined;
  }
  const relative = decodeURIComponent(urlPath.slice(base.length - 1));
  const file = path.join(root, relative);
  if (!file.startsWith(root)) {
    return undefined;
  }
  for (const candidate of [
    file,
    path.join(file, 'index.html'),
    `${file}.html`,
  ]) {
    const info = await stat(candidate).catch(() => undefined);
    if (info?.isFile()) {
      return candidate;
    }
  }
  return undefined;
}

function send(response, status, file) {
  response.writeHead(status, {
    'Content-Type':
      contentTypes[path.extname(file)] ?? 'application/octet-stream',
    'Cache-Control': 'no-cache',
  });
  createReadStream(file).pipe(response);
}

createServer(async (request, response) => {
  const {pathname} = new URL(request.url ?? '/', 'http://localhost');
  const file = await findFile(pathname);
  if (file) {
    send(response, 200, file);
  } else {
    send(response, 404, path.join(root, '404.html'));
  }
}).listen(Number(values.port), '127.0.0.1', () => {
  console.log(`Serving ${root} at http://127.0.0.1:${values.port}${base}`);
});
