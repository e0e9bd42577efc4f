// @ts-check
// Finds the programs the browser tests need, installing Debian's packages
// when one is missing and this machine can (root with apt-get): Chromium
// (Playwright's own browser download is not available here) and nginx with
// its brotli modules (the tests serve the build with deploy/nginx/).
// Prints each program's path.
import {execFileSync} from 'node:child_process';
import {existsSync, rmSync, writeFileSync} from 'node:fs';

/**
 * @typedef {object} Tool
 * @property {string} name
 * @property {(string | undefined)[]} candidates Paths to try, in order
 *   (an unset environment variable is undefined and skipped).
 * @property {string[]} [extraFiles] Files that must exist as well.
 * @property {string[]} packages Debian packages that provide it.
 * @property {string} setting The environment variable that points at it.
 */

/** @type {Tool[]} */
const tools = [
  {
    name: 'Chromium',
    candidates: [
      process.env.CHROMIUM_PATH,
      '/usr/bin/chromium',
      '/usr/bin/chromium-browser',
      '/usr/bin/google-chrome',
    ],
    packages: ['chromium'],
    setting: 'CHROMIUM_PATH',
  },
  {
    name: 'nginx',
    candidates: [process.env.NGINX_PATH, '/usr/sbin/nginx'],
    // The brotli module is checked too: nginx alone cannot serve .br files.
    extraFiles: ['/usr/lib/nginx/modules/ngx_http_brotli_static_module.so'],
    packages: [
      'nginx',
      'libnginx-mod-http-brotli-static',
      'libnginx-mod-http-brotli-filter',
    ],
    setting: 'NGINX_PATH',
  },
];

/**
 * The tool's path, if it and its extra files are on this machine.
 * @param {Tool} tool
 * @returns {string | undefined}
 */
const found = (tool) => {
  // filter(Boolean) drops the unset ones, which TypeScript cannot see.
  const path = /** @type {string[]} */ (tool.candidates.filter(Boolean)).find(
    (file) => existsSync(file),
  );
  return path && (tool.extraFiles ?? []).every((file) => existsSync(file))
    ? path
    : undefined;
};

const missing = tools.filter((tool) => !found(tool));
if (missing.length > 0) {
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!canInstall) {
    for (const tool of missing) {
      console.error(
        `No ${tool.name} found. Install it (Debian: apt-get install ${tool.packages.join(' ')}) or set ${tool.setting}.`,
      );
    }
    process.exit(1);
  }
  const packages = missing.flatMap((tool) => tool.packages);
  console.log(`Installing ${packages.join(', ')} from Debian packages…`);
  const env = {...process.env, DEBIAN_FRONTEND: 'noninteractive'};
  execFileSync('apt-get', ['update', '-qq'], {stdio: 'inherit', env});
  // Install only: the tests start their own nginx, never the system
  // service. A policy-rc.d that refuses service starts does that; it is
  // removed again afterwards unless the machine already had one.
  const policy = '/usr/sbin/policy-rc.d';
  const ownPolicy = !existsSync(policy);
  if (ownPolicy) {
    writeFileSync(policy, '#!/bin/sh\nexit 101\n', {mode: 0o755});
  }
  try {
    execFileSync('apt-get', ['install', '-y', '-qq', ...packages], {
      stdio: 'inherit',
      env,
    });
  } finally {
    if (ownPolicy) {
      rmSync(policy);
    }
  }
}

for (const tool of tools) {
  const path = found(tool);
  if (!path) {
    console.error(`${tool.name} is still missing after the install.`);
    process.exit(1);
  }
  console.log(`Browser tests use ${tool.name} at ${path}`);
}
