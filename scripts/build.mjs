// @ts-check
// `npm run build [-- <docusaurus build options>]`: the production build, then
// the post-build step on the folder it wrote (`--out-dir`, `build` by default).
// Whatever the post-build step needs it reads from the build itself.
import {spawnSync} from 'node:child_process';
import {createRequire} from 'node:module';
import path from 'node:path';
import {parseArgs} from 'node:util';

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
 * Runs `command` with the terminal's stdio; exits with its status if it fails.
 * @param {string} command
 * @param {string[]} commandArgs
 */
function run(command, commandArgs) {
  const {status} = spawnSync(command, commandArgs, {stdio: 'inherit'});
  if (status !== 0) {
    process.exit(status ?? 1);
  }
}

run(process.execPath, [docusaurus, 'build', ...args]);
run(process.execPath, [
  path.join(scripts, 'postbuild.mjs'),
  String(values['out-dir']),
]);
