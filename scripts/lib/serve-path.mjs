// @ts-check
// How the test server (scripts/serve.mjs) maps a request path to a file of
// the build: never outside it, 400 for a malformed address.
import {stat} from 'node:fs/promises';
import path from 'node:path';

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
