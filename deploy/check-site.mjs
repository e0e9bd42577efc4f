// @ts-check
// Checks a folder laid out for a static host (scripts/static-host.mjs) the
// way the host will serve it: every page the build's sitemap lists answers
// 200, and so does every script, stylesheet and image those pages load from
// the site. CI runs it on the GitHub Pages build before handing that very
// build to the Pages deploy (see deploy/README.md).
//   node deploy/check-site.mjs --site _site --build build-pages [--mount /]
//     [--port 4190]
import {spawn} from 'node:child_process';
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {readDeploymentFacts} from '../src/model/deployment-facts.mjs';
import {pageResources, sitemapPages} from './lib/references.mjs';

/** Exit status for a check that failed or could not run (the message says why). */
const failureStatus = 2;
const startTimeoutMs = 10_000;
const pollMs = 100;
/** Requests in flight at once. */
const concurrency = 16;

const {values} = parseArgs({
  options: {
    site: {type: 'string', default: '_site'},
    build: {type: 'string', default: 'build'},
    mount: {type: 'string', default: '/'},
    port: {type: 'string', default: '4190'},
  },
});
const siteDir = path.resolve(values.site);
const {url, baseUrl} = readDeploymentFacts(path.resolve(values.build));
const mount = values.mount.endsWith('/') ? values.mount : `${values.mount}/`;
const origin = `http://127.0.0.1:${values.port}`;

/** @param {string} address */
async function status(address) {
  const response = await fetch(`${origin}${address}`);
  return {status: response.status, text: await response.text()};
}

async function waitForServer() {
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    try {
      await fetch(`${origin}${baseUrl}`);
      return;
    } catch (error) {
      if (Date.now() > deadline) {
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }
}

const server = spawn(
  process.execPath,
  [
    path.join(import.meta.dirname, '..', 'scripts', 'serve.mjs'),
    '--dir',
    siteDir,
    '--base',
    mount,
    '--port',
    values.port,
  ],
  {stdio: 'ignore'},
);
try {
  await waitForServer();
  const sitemap = await readFile(
    path.join(siteDir, baseUrl.slice(mount.length), 'sitemap.xml'),
    'utf8',
  );
  const pages = sitemapPages(sitemap, url);
  /** @type {Set<string>} */
  const loaded = new Set();
  /** @type {string[]} */
  const failures = [];
  const queue = [...pages];
  await Promise.all(
    Array.from({length: concurrency}, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const result = await status(next);
        if (result.status !== 200) {
          failures.push(`${next}: ${result.status}`);
        }
        for (const resource of pageResources(result.text, baseUrl)) {
          if (!loaded.has(resource)) {
            loaded.add(resource);
            queue.push(resource);
          }
        }
      }
    }),
  );
  if (pages.length === 0 || failures.length > 0) {
    console.error(
      `${siteDir} fails as served at ${mount}: ${pages.length === 0 ? 'its sitemap lists no page' : failures.slice(0, 10).join(', ')}; fix the build before publishing it.`,
    );
    process.exitCode = failureStatus;
  } else {
    console.log(
      `check-site: ${pages.length} pages and ${loaded.size} files of ${siteDir} answer 200 at ${mount}.`,
    );
  }
} finally {
  server.kill();
}
