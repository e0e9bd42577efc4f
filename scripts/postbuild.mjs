// @ts-check
// The post-build step for static hosting, run after `docusaurus build`:
//   node scripts/postbuild.mjs [build dir]
// It takes the base path, the search backend and the sandbox from the
// build's own deployment facts (_deployment.json, written by the
// deployment-facts plugin).
// 1. Computes the Content-Security-Policy from the build
//    (scripts/lib/content-security-policy.mjs): the sha256 hash of every
//    inline script, <style> element and style attribute in every HTML file
//    and feed stylesheet (.xsl),
//    never 'unsafe-inline' (never kept by hand; a changed config changes the
//    hashes). connect-src names the sandbox Try it sends to (the facts'
//    origin), and Algolia's hosts for a DocSearch build.
// 2. Writes the security headers twice: `_headers` (with the caching rules)
//    for hosts that read one, which scripts/static-host.mjs puts at the root
//    of what they publish, and `_security-headers.json`, from which
//    deploy/deploy.mjs gives nginx each release's policy.
// 3. Adds the API reference's fields, parameters and enum values, from the
//    API model, to the local search index as headings, and drops repeats
//    from its breadcrumbs (scripts/lib/search-definitions.mjs), then splits
//    each index into the pieces a query reads (scripts/lib/search-shards.mjs).
// 4. Writes precompressed .br and .gz copies of every text file, which nginx
//    serves as they are (brotli_static, gzip_static).
import {readFile, readdir, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {
  contentSecurityPolicy,
  inlineHashes,
} from './lib/content-security-policy.mjs';
import {
  hashedFolder,
  readDeploymentFacts,
  searchIndexPrefix,
  securityHeadersFile,
} from '../src/model/deployment-facts.mjs';
import {addSearchDefinitions, indexFolders} from './lib/search-definitions.mjs';
import {writeSearchShards} from './lib/search-shards.mjs';
import {precompress} from './lib/precompress.mjs';

const buildDir = path.resolve(process.argv[2] ?? 'build');
const facts = readDeploymentFacts(buildDir);
const basePath = facts.baseUrl;

// Cache-Control values: hashed files never change; everything else is
// revalidated on every use.
const immutable = 'public, max-age=31536000, immutable';
const revalidate = 'no-cache';

// Cloudflare Pages reads `_headers` lines of up to 2,000 characters; the CSP
// grows with every distinct inline hash, so a build that outgrows it fails
// here rather than on the host.
const maxHeadersLine = 2_000;

/**
 * Every file under `dir`, at any depth.
 * @param {string} dir
 * @returns {Promise<string[]>}
 */
async function filesUnder(dir) {
  const entries = await readdir(dir, {withFileTypes: true, recursive: true});
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * A header name and its value.
 * @typedef {[name: string, value: string]} Header
 */

/**
 * The security headers every response carries, the policy `csp` first.
 * @param {string} csp
 * @returns {Header[]}
 */
function securityHeaders(csp) {
  return [
    ['Content-Security-Policy', csp],
    ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    [
      'Permissions-Policy',
      'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), clipboard-write=(self)',
    ],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
  ];
}

/**
 * `_headers` (Netlify and Cloudflare Pages format). Those hosts merge the
 * headers of every matching rule, so Cache-Control is set only by the
 * narrower rules; both hosts already revalidate HTML by default.
 * @param {Header[]} headers
 * @returns {string}
 */
function headersFile(headers) {
  /**
   * One rule: the paths it matches, then its headers, indented.
   * @param {string} pattern
   * @param {Header[]} pairs
   */
  const block = (pattern, pairs) =>
    [pattern, ...pairs.map(([name, value]) => `  ${name}: ${value}`)].join(
      '\n',
    );
  const revalidated = ['llms.txt', '*.md', 'openapi.yaml', 'openapi.json'];
  const contents = `${[
    block(`${basePath}*`, headers),
    block(`${basePath}${hashedFolder}/*`, [['Cache-Control', immutable]]),
    block(`${basePath}${searchIndexPrefix}*`, [['Cache-Control', immutable]]),
    ...revalidated.map((file) =>
      block(`${basePath}${file}`, [['Cache-Control', revalidate]]),
    ),
  ].join('\n\n')}\n`;
  const long = contents
    .split('\n')
    .find((line) => line.length > maxHeadersLine);
  if (long) {
    throw new Error(
      `_headers: a line of ${long.length} characters, over the ${maxHeadersLine} Cloudflare Pages reads: ${long.slice(0, 80)}…`,
    );
  }
  return contents;
}

const definitions =
  facts.search === 'local'
    ? await addSearchDefinitions(
        buildDir,
        basePath,
        path.join(import.meta.dirname, '..'),
      )
    : 0;
const shards =
  facts.search === 'local'
    ? await writeSearchShards(
        indexFolders(buildDir).map(({indexDir}) => indexDir),
      )
    : 0;
// The build's own `_` files (facts, headers) are for the server, not served.
const files = (await filesUnder(buildDir)).filter(
  (file) => !/\.(br|gz)$/.test(file) && !path.basename(file).startsWith('_'),
);
// The feeds' XSL stylesheets count as pages: the browser turns a feed into
// the HTML they hold (style attributes on its icon included), under the
// feed's policy.
const hashes = inlineHashes(
  await Promise.all(
    files
      .filter((name) => /\.(html|xsl)$/.test(name))
      .map((file) => readFile(file, 'utf8')),
  ),
);
const headers = securityHeaders(
  contentSecurityPolicy(hashes, {
    docsearch: facts.search === 'algolia',
    sandbox: facts.sandbox,
  }),
);
await writeFile(path.join(buildDir, '_headers'), headersFile(headers));
await writeFile(
  path.join(buildDir, securityHeadersFile),
  `${JSON.stringify(headers, null, 2)}\n`,
);
await precompress(files);
console.log(
  `postbuild: ${hashes.scripts.size} inline script, ${hashes.styles.size} style element and ${hashes.styleAttributes.size} style attribute hashes; ${facts.search} search under ${basePath} with ${definitions} API definitions added, in ${shards} pieces; connect-src to the sandbox ${facts.sandbox}; headers written; ${files.length} files precompressed where useful.`,
);
