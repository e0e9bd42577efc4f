// @ts-check
// `npm run build [-- <docusaurus build options>]`: the production build, then
// the post-build step on the folder it wrote (`--out-dir`, `build` by default).
// Whatever the post-build step needs it reads from the build itself.
//
// Docusaurus runs in this process, through the command line its own
// `docusaurus` command runs, so that its failure can be read here: an
// authoring mistake (`AuthoringError`, src/model/authoringError.ts) prints its
// own line(s) and nothing else, as `npm start` shows it; any other failure
// prints the whole error with its stack, as Docusaurus would.
import {spawnSync} from 'node:child_process';
import {createRequire} from 'node:module';
import path from 'node:path';
import {inspect, parseArgs} from 'node:util';
import {runCLI} from '@docusaurus/core/lib/index.js';

const args = process.argv.slice(2);
const {values} = parseArgs({
  args,
  strict: false,
  options: {'out-dir': {type: 'string', default: 'build'}},
});
const scripts = import.meta.dirname;
const docusaurus = createRequire(import.meta.url).resolve(
  '@docusaurus/core/bin/docusaurus.mjs',
);

/**
 * The authoring error an error is, or was caused by (Docusaurus wraps a
 * plugin's error in "Unable to build website for locale …"). Known by its
 * name: the class is loaded, through the site's config, by another module
 * loader than this script's.
 * @param {unknown} error
 * @returns {Error | undefined}
 */
function authoringErrorIn(error) {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause.name === 'AuthoringError') {
      return cause;
    }
  }
  return undefined;
}

/**
 * Prints why the build stopped and exits with a failure.
 * @param {unknown} error
 * @returns {never}
 */
function stop(error) {
  const authoring = authoringErrorIn(error);
  // An authoring error's stack is its message (src/model/authoringError.ts).
  console.error(
    authoring ? authoring.stack : inspect(error, {depth: Infinity}),
  );
  process.exit(1);
}

process.on('unhandledRejection', stop);
try {
  await runCLI([process.execPath, docusaurus, 'build', ...args]);
} catch (error) {
  stop(error);
}

const {status} = spawnSync(
  process.execPath,
  [path.join(scripts, 'postbuild.mjs'), String(values['out-dir'])],
  {stdio: 'inherit'},
);
process.exit(status ?? 1);
