// @ts-check
// `npm run test:changed [-- <base ref>]`: the tests an author's change
// needs, in minutes rather than the whole suite. It runs the unit tests,
// builds, and sweeps only the pages the changed files make (each page's
// status, h1, CSP and axe in both modes); a change to the spec or its data
// sweeps every API page, and a change to code or configuration runs every
// browser test. Changed means: differing from the base (the merge base with
// main by default), committed or not. `npm test` stays the whole check.
import {execFileSync, spawnSync} from 'node:child_process';
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';

const root = path.join(import.meta.dirname, '..');
/** Folders of pages: a change there sweeps the pages it makes. */
const pageFolders = ['docs/', 'api/', 'api_versioned_docs/', 'blog/'];
/** Sources of every API page: a change there sweeps them all. */
const apiSources = ['openapi/', 'src/data/', 'api_versions.json'];
/** Changes that no browser test looks at. */
const inert = /\.(md|txt)$|^\.github\/|^deploy\/README/;

/** @param {string[]} args */
const git = (...args) =>
  execFileSync('git', args, {cwd: root, encoding: 'utf8'}).trim();

/**
 * @param {string} command
 * @param {string[]} args
 */
function run(command, args) {
  console.log(`\n> ${[command, ...args].join(' ')}`);
  const {status} = spawnSync(command, args, {cwd: root, stdio: 'inherit'});
  if (status !== 0) {
    process.exit(status ?? 1);
  }
}

const base = process.argv[2] ?? git('merge-base', 'HEAD', 'main');
const changed = [
  ...new Set([
    ...git('diff', '--name-only', base).split('\n'),
    ...git('ls-files', '--others', '--exclude-standard').split('\n'),
  ]),
].filter(Boolean);
if (changed.length === 0) {
  console.log(`Nothing differs from ${base}.`);
  process.exit(0);
}
const isPage = (/** @type {string} */ file) =>
  pageFolders.some((folder) => file.startsWith(folder));
const isApiSource = (/** @type {string} */ file) =>
  apiSources.some((source) => file.startsWith(source));
const code = changed.filter(
  (file) => !isPage(file) && !isApiSource(file) && !inert.test(file),
);

run('npm', ['run', 'test:unit']);
run('npm', ['run', 'build']);

if (code.length > 0) {
  console.log(
    `\nCode or configuration changed (${code.join(', ')}): every browser test.`,
  );
  run('npx', ['playwright', 'test']);
  process.exit(0);
}

/**
 * Each page's source file and address, from the metadata the build wrote
 * for the docs and blog plugins.
 * @returns {{source: string, permalink: string}[]}
 */
function pagesOfBuild() {
  const generated = path.join(root, '.docusaurus');
  return ['docusaurus-plugin-content-docs', 'docusaurus-plugin-content-blog']
    .flatMap((plugin) =>
      readdirSync(path.join(generated, plugin), {
        recursive: true,
        encoding: 'utf8',
      })
        .filter((file) => file.endsWith('.json'))
        .map((file) =>
          JSON.parse(readFileSync(path.join(generated, plugin, file), 'utf8')),
        ),
    )
    .filter(
      (data) =>
        typeof data.source === 'string' && typeof data.permalink === 'string',
    )
    .map(({source, permalink}) => ({
      source: source.replace(/^@site\//, ''),
      permalink,
    }));
}

const apiChanged = changed.some(isApiSource);
const paths = pagesOfBuild()
  .filter(
    ({source}) =>
      changed.includes(source) ||
      (apiChanged &&
        ['api/', 'api_versioned_docs/'].some((folder) =>
          source.startsWith(folder),
        )),
  )
  .map(({permalink}) => permalink);
if (paths.length === 0) {
  console.log('\nNo page changed: no browser test to run.');
  process.exit(0);
}
const escape = (/** @type {string} */ text) =>
  text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
console.log(`\nSweeping ${paths.length} changed page(s): ${paths.join(', ')}`);
run('npx', [
  'playwright',
  'test',
  'tests/e2e/sweep.spec.ts',
  '--grep',
  `(?:^|\\s)(${paths.map(escape).join('|')}) answers,`,
]);
