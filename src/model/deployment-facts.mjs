// @ts-check
// The build's own record of how it is served, written by the
// deployment-facts plugin (src/plugins/deployment-facts) at the end of
// `docusaurus build`. The post-build step, the deploy, the test server, the
// nginx helper and the tests read it instead of flags or literals.
import {readFileSync} from 'node:fs';
import path from 'node:path';

/**
 * The base path the site is served under unless the deployer sets
 * BASE_URL, and the one deploy/nginx/help.conf serves.
 */
export const defaultBaseUrl = '/help/';

/**
 * Hashed files, whose names change with their content, so a host caches them
 * for good: every file in this folder of the build (the bundler's chunks and
 * assets, such as `assets/js/main.1a2b3c4d.js`) and the local search's index
 * at the root.
 */
export const hashedFolder = 'assets';
/**
 * The bundler's hash in a file name, between dots (a RegExp's source):
 * eight hex digits in a build, any number in the deploy's test builds.
 */
export const contentHash = '[0-9a-f]+';
/** The local search's index file, `search-index-<hash>.json`: its name's start… */
export const searchIndexPrefix = 'search-index-';
/** …and the whole name (a RegExp's source). */
export const searchIndexFile = `${searchIndexPrefix}[0-9a-f]+\\.json`;

/** Where the facts are written, relative to the build folder. */
export const deploymentFactsFile = '_deployment.json';

/**
 * The security headers the post-build step computed for the build, as
 * `[name, value]` pairs; the CSP lists the build's inline-script hashes.
 */
export const securityHeadersFile = '_security-headers.json';

/**
 * @typedef {object} DeploymentFacts
 * @property {string} url The public origin (`url` in the config).
 * @property {string} baseUrl The base path, with a leading and trailing slash
 *   (never a "." or ".." segment: it names folders on the server).
 * @property {'local' | 'algolia'} search The local index or Algolia DocSearch.
 * @property {string[]} searchFolders The folders under the base path whose
 *   pages read a local search index of their own: `''` for the site's, then
 *   each older API release's (`docs/api/2023-01/`); none with DocSearch.
 * @property {string} sandbox The origin of the sandbox Try it sends to with
 *   the reader's test key (SANDBOX_API_URL's, or the OpenAPI document's
 *   sandbox server's): the one host besides the site's own that the
 *   policy's `connect-src` names (with Algolia's for DocSearch).
 */

/**
 * Whether `origin` is an origin the policy's `connect-src` can name as the
 * sandbox: http or https, a domain name or IPv4 address (CSP's host-source
 * has no IPv6 form), an optional port, and nothing else: no path, and none
 * of the characters a URL's host may hold that would end or widen a source.
 * @param {unknown} origin
 * @returns {origin is string}
 */
export const isSandboxOrigin = (origin) =>
  typeof origin === 'string' &&
  /^https?:\/\/[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/.test(origin) &&
  URL.canParse(origin) &&
  new URL(origin).origin === origin;

/**
 * A folder under the base path: empty, or /-separated names ending in `/`,
 * none of them "." or "..".
 * @param {string} folder
 */
const isFolderPath = (folder) =>
  folder === '' ||
  (/^([^/]+\/)+$/.test(folder) &&
    !folder.split('/').some((part) => part === '.' || part === '..'));

/**
 * Reads the facts of a build folder; throws a message naming the folder when
 * it is not a build of this site.
 * @param {string} buildDir
 * @returns {DeploymentFacts}
 */
export function readDeploymentFacts(buildDir) {
  const file = path.join(buildDir, deploymentFactsFile);
  /** @type {any} JSON of unknown shape until checked below. */
  let facts;
  try {
    facts = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(
      `${buildDir} is not a build of this site: cannot read ${deploymentFactsFile} (${error instanceof Error ? error.message : error}). Run npm run build.`,
    );
  }
  if (
    typeof facts?.url !== 'string' ||
    typeof facts.baseUrl !== 'string' ||
    !/^\/([^/]+\/)*$/.test(facts.baseUrl) ||
    facts.baseUrl
      .split('/')
      .some((/** @type {string} */ part) => part === '.' || part === '..') ||
    !['local', 'algolia'].includes(facts.search) ||
    !Array.isArray(facts.searchFolders) ||
    facts.searchFolders.some(
      (/** @type {unknown} */ folder) =>
        typeof folder !== 'string' || !isFolderPath(folder),
    )
  ) {
    throw new Error(
      `${file} does not hold valid deployment facts (a site URL, a base path of /-separated names with no "." or "..", local or algolia search, the search index folders): build again with a plain BASE_URL such as ${defaultBaseUrl}.`,
    );
  }
  if (!isSandboxOrigin(facts.sandbox)) {
    throw new Error(
      `${file} records no sandbox for Try it (sandbox is ${JSON.stringify(facts.sandbox)}, not an http(s) origin such as https://sandbox.example.com): build again with npm run build, whose facts name the OpenAPI document's sandbox or SANDBOX_API_URL's.`,
    );
  }
  return facts;
}
