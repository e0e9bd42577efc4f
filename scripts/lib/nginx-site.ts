// A real nginx serving deployed releases with the shipped configuration
// (deploy/nginx/help.conf as it is, with only its /srv/help root, its listen
// address and, for another base path, /help/ replaced), and the shipped
// deploy logic to publish builds into it. Used by the browser tests and the
// benchmark.
import {spawn} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {readDeploymentFacts} from './deployment-facts.mjs';
import {
  deploy,
  defaultKeepDays,
  rollback,
  type Step,
} from '../../deploy/releases.mjs';

const siteDir = path.join(__dirname, '..', '..');
const nginxBinary = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
export const shippedConfig = path.join(siteDir, 'deploy', 'nginx', 'help.conf');
const shippedRoot = '/srv/help/';
const shippedListen = 'listen 80;';
const shippedBase = '/help';
const startTimeoutMs = 10_000;

async function waitForServer(url: string): Promise<void> {
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    try {
      await fetch(url);
      return;
    } catch (error) {
      if (Date.now() > deadline) {
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

export type DeployStep = Step;

export interface DeployOptions {
  /** Days replaced hashed assets are kept (deploy.mjs --keep-days). */
  keepDays?: number;
  /** The deploy's clock, for tests of expiry. */
  now?: number;
  /** Called after each step of the deploy, before the next. */
  onStep?: (step: DeployStep) => Promise<void>;
}

export interface NginxSite {
  origin: string;
  /** The base path of the first build, as served. */
  basePath: string;
  /** The release root (current, releases/, policies.conf). */
  root: string;
  /** Publishes a build folder as the new live release, nginx reloaded. */
  deploy(buildDir: string, options?: DeployOptions): Promise<void>;
  /** Returns to the release the live one replaced, nginx reloaded. */
  rollback(options?: DeployOptions): Promise<void>;
  stop(): void;
}

/** The shipped configuration, moved to `root` and `port`. */
export function siteConfig(root: string, port: number, basePath: string) {
  const shipped = readFileSync(shippedConfig, 'utf8');
  for (const fixed of [shippedRoot, shippedListen]) {
    if (!shipped.includes(fixed)) {
      throw new Error(`${shippedConfig} no longer contains "${fixed}".`);
    }
  }
  return shipped
    .replaceAll(shippedRoot, `${root}/`)
    .replace(shippedListen, `listen 127.0.0.1:${port};`)
    .replaceAll(`${shippedBase}/`, basePath)
    .replaceAll(`${shippedBase} `, `${basePath.replace(/\/$/, '')} `);
}

/**
 * Deploys `firstBuild` (a build folder of this project) and serves it on
 * 127.0.0.1:`port` under the build's base path.
 */
export async function startNginx(
  port: number,
  firstBuild: string,
): Promise<NginxSite> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ih-help-nginx-'));
  const root = path.join(dir, 'srv');
  const conf = path.join(dir, 'nginx.conf');
  const pid = path.join(dir, 'nginx.pid');
  const buildPath = (buildDir: string) => path.resolve(siteDir, buildDir);
  const {url, baseUrl, search} = readDeploymentFacts(buildPath(firstBuild));
  const quiet = () => undefined;
  // nginx is not running yet: nothing to reload. The configuration below
  // serves the first build's base path: the host is recorded as its.
  await deploy({
    build: buildPath(firstBuild),
    root,
    reload: false,
    log: quiet,
    host: {url, baseUrl, search},
  });
  const nginxOptions = {
    root,
    nginx: nginxBinary,
    nginxConf: conf,
    nginxPid: pid,
    log: quiet,
  };
  writeFileSync(
    conf,
    `daemon off;
# The temporary folder belongs to the user running the tests.
user ${process.getuid?.() === 0 ? 'root' : 'nobody'};
worker_processes 1;
pid ${pid};
error_log ${path.join(dir, 'error.log')};
include /etc/nginx/modules-enabled/*.conf;
events {}
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
${siteConfig(root, port, baseUrl)}
}
`,
  );
  const child = spawn(nginxBinary, ['-c', conf], {stdio: 'inherit'});
  const origin = `http://127.0.0.1:${port}`;
  await waitForServer(`${origin}${baseUrl}`);
  return {
    origin,
    basePath: baseUrl,
    root,
    async deploy(buildDir, {keepDays = defaultKeepDays, now, onStep} = {}) {
      await deploy({
        ...nginxOptions,
        build: buildPath(buildDir),
        keepDays,
        now,
        onStep,
      });
    },
    async rollback({keepDays = defaultKeepDays, now, onStep} = {}) {
      await rollback({...nginxOptions, keepDays, now, onStep});
    },
    stop() {
      child.kill('SIGQUIT');
      rmSync(dir, {recursive: true, force: true});
    },
  };
}
