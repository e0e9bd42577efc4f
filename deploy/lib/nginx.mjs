// @ts-check
// nginx: each release's policy in the map nginx reads (policies.conf), and
// a tested reload that waits for the workers of the old configuration to
// leave.
import {execFileSync} from 'node:child_process';
import {readFile, realpath} from 'node:fs/promises';
import path from 'node:path';
import {securityHeadersFile} from '../../src/model/deployment-facts.mjs';
import {readPolicy} from './build.mjs';
import {DeployError, writeDurably} from './io.mjs';

/**
 * Which nginx serves the root.
 * @typedef {object} NginxOptions
 * @property {string} [nginx] The binary (default nginx).
 * @property {string} [nginxConf] Its configuration file (passed as -c).
 * @property {string} [nginxPid] Its pid file (default /run/nginx.pid).
 */

const policiesFile = 'policies.conf';
/** How long to wait for nginx's old workers to leave after a reload. */
const reloadWaitMs = 10_000;
const reloadPollMs = 50;
/** nginx's log levels that report a failure, as it prints them. */
const failureLevels = /\[(emerg|alert|crit|error)\]/;

/**
 * @param {NginxOptions} options
 * @param {string[]} args
 */
function nginxCommand(options, args) {
  const config = options.nginxConf ? ['-c', options.nginxConf] : [];
  return execFileSync(options.nginx ?? 'nginx', [...config, ...args], {
    stdio: 'pipe',
    encoding: 'utf8',
  });
}

/**
 * nginx's own words about a failed command: its lines that report a
 * failure (it may print a notice first, as "signal process started"
 * before the error), or else its first line.
 * @param {unknown} error
 */
function nginxSays(error) {
  const output =
    error && typeof error === 'object' && 'stderr' in error
      ? String(error.stderr)
      : '';
  const message = error instanceof Error ? error.message : String(error);
  const lines = (output.trim() || message)
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const failures = lines.filter((line) => failureLevels.test(line));
  return (failures.length > 0 ? failures : lines.slice(0, 1))
    .join('; ')
    .replace(/\.$/, '');
}

/** @param {string} masterPid */
async function workerPids(masterPid) {
  const children = await readFile(
    `/proc/${masterPid}/task/${masterPid}/children`,
    'utf8',
  ).catch(() => '');
  return children.split(/\s+/).filter(Boolean);
}

/**
 * Tests the configuration with the new policies and reloads nginx, then
 * waits until the workers that ran the old configuration have left, so no
 * request after this returns is answered with the old policies.
 * @param {NginxOptions} options
 * @param {(message: string) => void} log
 * @param {string | undefined} live The live release, for the messages.
 */
export async function reloadNginx(options, log, live) {
  const unchanged = `nothing was switched${live ? `, ${live} is still live` : ''}`;
  try {
    nginxCommand(options, ['-t', '-q']);
  } catch (error) {
    throw new DeployError(
      `nginx -t rejects the configuration (${nginxSays(error)}); ${unchanged}: fix the configuration and run the command again.`,
    );
  }
  const pidFile = options.nginxPid ?? '/run/nginx.pid';
  const master = (await readFile(pidFile, 'utf8').catch(() => '')).trim();
  const before = master ? await workerPids(master) : [];
  try {
    nginxCommand(options, ['-s', 'reload']);
  } catch (error) {
    throw new DeployError(
      `nginx -s reload failed (${nginxSays(error)}); ${unchanged}: start nginx (or name its pid file with --nginx-pid), or pass --no-reload for a root no nginx serves, and run the command again.`,
    );
  }
  if (before.length === 0) {
    log(
      `Reloaded nginx (no worker list in /proc for ${pidFile}; not waiting).`,
    );
    return;
  }
  const deadline = Date.now() + reloadWaitMs;
  for (;;) {
    const now = await workerPids(master);
    const fresh = now.some((pid) => !before.includes(pid));
    if (fresh && !now.some((pid) => before.includes(pid))) {
      return;
    }
    if (Date.now() > deadline) {
      if (fresh) {
        log('Reloaded nginx; old workers are still finishing requests.');
        return;
      }
      throw new DeployError(
        `nginx did not start new workers after the reload; ${unchanged}: look in its error log, and run the command again.`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, reloadPollMs));
  }
}

/**
 * The nginx map from each release folder to its CSP.
 * @param {string} root
 * @param {{name: string, csp: string}[]} entries
 */
function policies(root, entries) {
  /** @param {string} value */
  const quote = (value) =>
    `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
  return `# Written by deploy/deploy.mjs: each release's Content-Security-Policy,\n# chosen by the release folder a request is served from. Do not edit.\n${entries
    .map(
      ({name, csp}) =>
        `${quote(path.join(root, 'releases', name))} ${quote(csp)};`,
    )
    .join('\n')}\n`;
}

/**
 * @param {import('./io.mjs').Writer} io
 * @param {string} root
 * @param {import('./store.mjs').Release[]} releases
 */
export async function writePolicies(io, root, releases) {
  const real = await realpath(root);
  const entries = await Promise.all(
    releases.map(async ({name, dir, manifest}) => {
      const site = path.join(dir, manifest.basePath);
      const csp = await readPolicy(site);
      if (!csp) {
        throw new DeployError(
          `${path.join(site, securityHeadersFile)} has no Content-Security-Policy: remove ${dir}, and run the command again.`,
        );
      }
      return {name, csp};
    }),
  );
  await writeDurably(
    io,
    path.join(root, policiesFile),
    policies(real, entries),
  );
}
