// @ts-check
// The benchmark's yardstick: the stock Docusaurus classic TypeScript
// template, of the Docusaurus version the site uses, built once with the
// site's base path (/help/) and precompressed as the site's build is. It is
// cached outside the repository, one folder per Docusaurus version.
import {spawnSync} from 'node:child_process';
import {existsSync, readFileSync, readdirSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {homedir} from 'node:os';
import path from 'node:path';
import {precompress} from './precompress.mjs';

const require = createRequire(import.meta.url);
const siteDir = path.join(import.meta.dirname, '..', '..');
/** Written last, so a half-made template is made again. */
const readyMarker = '.bench-ready';

/**
 * Runs a command in a folder; stops the benchmark with its output if it fails.
 * @param {string} cwd
 * @param {string} command
 * @param {string[]} args
 */
function run(cwd, command, args) {
  const result = spawnSync(command, args, {cwd, encoding: 'utf8'});
  if (result.status !== 0) {
    throw new Error(
      `template: ${command} ${args.join(' ')} failed in ${cwd}:\n${result.stdout}${result.stderr}`,
    );
  }
}

/**
 * @param {string} dir
 * @returns {string[]}
 */
const filesUnder = (dir) =>
  readdirSync(dir, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));

/**
 * The template's build folder, made on first use.
 * @param {string} basePath the site's base path, such as `/help/`
 * @returns {Promise<{version: string, build: string}>}
 */
export async function templateBuild(basePath) {
  const {version} = require('@docusaurus/core/package.json');
  const cache = path.join(
    process.env.XDG_CACHE_HOME ?? path.join(homedir(), '.cache'),
    'integration-hub-help',
    `docusaurus-template-${version}`,
  );
  const project = path.join(cache, 'template');
  const build = path.join(project, 'build');
  if (existsSync(path.join(cache, readyMarker))) {
    return {version, build};
  }
  spawnSync('rm', ['-rf', cache]);
  run(siteDir, 'mkdir', ['-p', cache]);
  console.log(`bench: making the Docusaurus ${version} template in ${cache}`);
  run(cache, 'npx', [
    '--yes',
    `create-docusaurus@${version}`,
    'template',
    'classic',
    '--typescript',
    '--skip-install',
    '--package-manager',
    'npm',
  ]);
  const config = path.join(project, 'docusaurus.config.ts');
  const stock = readFileSync(config, 'utf8');
  if (!stock.includes("baseUrl: '/',")) {
    throw new Error(`template: ${config} no longer sets baseUrl: '/'`);
  }
  writeFileSync(
    config,
    stock.replace("baseUrl: '/',", `baseUrl: '${basePath}',`),
  );
  // The registry holds back what the site's own overrides hold back.
  const manifest = path.join(project, 'package.json');
  const {overrides} = JSON.parse(
    readFileSync(path.join(siteDir, 'package.json'), 'utf8'),
  );
  writeFileSync(
    manifest,
    JSON.stringify(
      {...JSON.parse(readFileSync(manifest, 'utf8')), overrides},
      null,
      2,
    ),
  );
  run(project, 'npm', ['install', '--no-audit', '--no-fund']);
  run(project, 'npm', ['run', 'build']);
  await precompress(filesUnder(build));
  writeFileSync(path.join(cache, readyMarker), `${version}\n`);
  return {version, build};
}
