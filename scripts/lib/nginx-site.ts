// A real nginx serving deployed releases with the shipped configuration
// (deploy/nginx/help.conf, only its /srv/help root moved to a temporary
// folder), and the shipped deploy script to publish builds into it. Used by
// the browser tests and the benchmark.
import {execFileSync, spawn} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

const siteDir = path.join(__dirname, '..', '..');
const nginxBinary = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const shippedRoot = '/srv/help/';

async function waitForServer(origin: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await fetch(`${origin}/help/`);
      return;
    } catch (error) {
      if (Date.now() > deadline) {
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

export interface NginxSite {
  origin: string;
  /** Publishes a build folder as the new live release, then reloads nginx. */
  deploy(buildDir: string, options?: DeployOptions): void;
  stop(): void;
}

interface DeployOptions {
  /** Days a replaced release's hashed assets are kept (deploy.mjs --keep-days). */
  keepDays?: number;
}

/**
 * Deploys `firstBuild` (a build folder of this project) and serves it on
 * 127.0.0.1:`port` under /help/.
 */
export async function startNginx(
  port: number,
  firstBuild: string,
): Promise<NginxSite> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ih-help-nginx-'));
  const root = path.join(dir, 'srv');
  const conf = path.join(dir, 'nginx.conf');
  const helpConf = readFileSync(
    path.join(siteDir, 'deploy', 'nginx', 'help.conf'),
    'utf8',
  ).replaceAll(shippedRoot, `${root}/`);
  const deploy = (buildDir: string, {keepDays = 14}: DeployOptions = {}) =>
    execFileSync(process.execPath, [
      path.join(siteDir, 'deploy', 'deploy.mjs'),
      '--build',
      path.join(siteDir, buildDir),
      '--root',
      root,
      '--keep-days',
      String(keepDays),
    ]);
  deploy(firstBuild);
  writeFileSync(
    conf,
    `daemon off;
# The temporary folder belongs to the user running the tests.
user ${process.getuid?.() === 0 ? 'root' : 'nobody'};
worker_processes 1;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')};
include /etc/nginx/modules-enabled/*.conf;
events {}
http {
  include /etc/nginx/mime.types;
  access_log off;
  server {
    listen 127.0.0.1:${port};
    root ${root}/current;
${helpConf}
  }
}
`,
  );
  const child = spawn(nginxBinary, ['-c', conf], {stdio: 'inherit'});
  const origin = `http://127.0.0.1:${port}`;
  await waitForServer(origin);
  return {
    origin,
    /** Publishes a build folder as the new live release, then reloads nginx. */
    deploy(
      /** @type {string} */ buildDir,
      /** @type {{keepDays?: number}} */ options = {},
    ) {
      deploy(buildDir, options);
      execFileSync(nginxBinary, ['-c', conf, '-s', 'reload']);
    },
    stop() {
      child.kill('SIGQUIT');
      rmSync(dir, {recursive: true, force: true});
    },
  };
}
