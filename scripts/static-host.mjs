// @ts-check
// Lays out a build for a static host (GitHub Pages, Netlify, Cloudflare
// Pages): the folder those hosts publish, with the site under its base path,
// `_headers` at its root (where Netlify and Cloudflare Pages read it), the
// not-found page at its root, and none of the build's own `_` files or
// precompressed copies. With --assets, hashed files of earlier publishes are
// carried for as long as deploy/deploy.mjs keeps them (--keep-days after a
// published build last held them), and the folder is updated for the next
// publish.
//   node scripts/static-host.mjs [--build build] [--out _site]
//     [--mount /] [--assets .published-assets] [--keep-days 14]
// --mount is the path the host serves the folder at (GitHub Pages project
// sites: /<repository>/).
import {copyFile, mkdir, readFile, rm, writeFile} from 'node:fs/promises';
import {existsSync} from 'node:fs';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {readDeploymentFacts} from '../src/model/deployment-facts.mjs';
import {defaultKeepDays, validateKeepDays} from '../deploy/releases.mjs';
import {filesUnder, isHashed} from '../deploy/lib/build.mjs';

const dayMs = 24 * 60 * 60 * 1000;
/** Exit status for a mistake the operator can fix (the message says how). */
const operatorErrorStatus = 2;

/**
 * The options, checked: a mistake ends the run with one sentence saying
 * what to do.
 */
function options() {
  try {
    const {values} = parseArgs({
      options: {
        build: {type: 'string', default: 'build'},
        out: {type: 'string', default: '_site'},
        mount: {type: 'string', default: '/'},
        assets: {type: 'string'},
        'keep-days': {type: 'string', default: String(defaultKeepDays)},
      },
    });
    const {baseUrl} = readDeploymentFacts(path.resolve(values.build));
    const mount = values.mount.endsWith('/')
      ? values.mount
      : `${values.mount}/`;
    if (!baseUrl.startsWith(mount)) {
      throw new Error(
        `The build's base path ${baseUrl} is not under --mount ${mount}: give the path the host serves the folder at, or build with a BASE_URL under it.`,
      );
    }
    return {
      values,
      baseUrl,
      mount,
      keepMs: validateKeepDays(values['keep-days']) * dayMs,
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const parseError =
      error instanceof Error &&
      'code' in error &&
      String(error.code).startsWith('ERR_PARSE_ARGS_');
    console.error(
      parseError
        ? `${message.split('\n')[0]?.replace(/\.$/, '')}: give each option its value, as in node scripts/static-host.mjs --build build --out _site.`
        : message,
    );
    return process.exit(operatorErrorStatus);
  }
}

const {values, baseUrl, mount, keepMs} = options();
const buildDir = path.resolve(values.build);
const outDir = path.resolve(values.out);
const siteOut = path.join(outDir, baseUrl.slice(mount.length));
/**
 * @param {string} from
 * @param {string} to
 */
async function put(from, to) {
  await mkdir(path.dirname(to), {recursive: true});
  await copyFile(from, to);
}

await rm(outDir, {recursive: true, force: true});
const published = (await filesUnder(buildDir)).filter(
  (relative) =>
    !/\.(br|gz)$/.test(relative) &&
    !relative.split(path.sep).some((part) => part.startsWith('_')),
);
for (const relative of published) {
  await put(path.join(buildDir, relative), path.join(siteOut, relative));
}
await put(path.join(buildDir, '_headers'), path.join(outDir, '_headers'));
if (siteOut !== outDir) {
  await put(path.join(buildDir, '404.html'), path.join(outDir, '404.html'));
}

if (values.assets) {
  // <assets>/served.json: for each hashed file, when a published build last
  // held it (null: the build published now holds it).
  const store = path.resolve(values.assets);
  const now = Date.now();
  const servedFile = path.join(store, 'served.json');
  const served = existsSync(servedFile)
    ? JSON.parse(await readFile(servedFile, 'utf8'))
    : {};
  const own = new Set(published.filter(isHashed));
  /** @type {Record<string, number | null>} */
  const next = {};
  let carried = 0;
  for (const [relative, time] of Object.entries(served)) {
    const lastServed = time ?? now;
    if (
      !own.has(relative) &&
      now - lastServed < keepMs &&
      existsSync(path.join(store, relative))
    ) {
      await put(path.join(store, relative), path.join(siteOut, relative));
      next[relative] = lastServed;
      carried += 1;
    }
  }
  for (const relative of own) {
    next[relative] = null;
  }
  await rm(store, {recursive: true, force: true});
  for (const relative of Object.keys(next)) {
    await put(path.join(siteOut, relative), path.join(store, relative));
  }
  await writeFile(servedFile, `${JSON.stringify(next, null, 2)}\n`);
  console.log(
    `static-host: carried ${carried} hashed files of earlier publishes.`,
  );
}
console.log(
  `static-host: ${outDir} publishes ${baseUrl} (mounted at ${mount}).`,
);
