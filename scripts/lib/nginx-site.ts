// A real nginx serving deployed releases with the shipped configuration
// (deploy/nginx/help.conf as it is, with only its /srv/help root, its listen
// addresses, its certificates (or its TLS lines left out) and, for another
// base path, /help/ replaced), and the shipped
// deploy logic to publish builds into it. Used by the browser tests and the
// benchmark.
import {execFileSync, spawn} from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {readDeploymentFacts} from '../../src/model/deployment-facts.mjs';
import {
  deploy,
  defaultKeepDays,
  rollback,
  type Step,
} from '../../deploy/releases.mjs';
import {shippedBasePath} from '../../deploy/lib/host.mjs';

const siteDir = path.join(__dirname, '..', '..');
export const nginxBinary = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
export const shippedConfig = path.join(siteDir, 'deploy', 'nginx', 'help.conf');
const shippedRoot = '/srv/help/';
const shippedListen = 'listen 80;';
const shippedBase = shippedBasePath.replace(/\/$/, '');
const startTimeoutMs = 10_000;

async function waitForServer(url: string): Promise<void> {
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    try {
      // With TLS, the plain-HTTP port answers with a redirect.
      await fetch(url, {redirect: 'manual'});
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

/** Where the shipped configuration takes its TLS settings. */
const shippedTls = {
  listen: 'listen 443 ssl http2;',
  certificate: '/etc/ssl/help/fullchain.pem',
  key: '/etc/ssl/help/privkey.pem',
  redirect: `    if ($https != "on") {
        return 301 https://$server_name$request_uri;
    }
`,
};

/**
 * A certificate for 127.0.0.1, signed by itself and good for a day, made in
 * `dir` for a site served over TLS in tests and the bench.
 */
export function selfSignedCertificate(
  dir: string,
): Pick<TlsOptions, 'certificate' | 'key'> {
  const certificate = path.join(dir, 'fullchain.pem');
  const key = path.join(dir, 'privkey.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-keyout',
      key,
      '-out',
      certificate,
    ],
    {stdio: 'ignore'},
  );
  return {certificate, key};
}

export interface TlsOptions {
  /** The HTTPS port; `port` then answers plain HTTP with the redirect. */
  port: number;
  certificate: string;
  key: string;
}

/**
 * The shipped configuration, moved to `root` and `port` (and `basePath`).
 * Without `tls`, its TLS lines are left out, as where TLS ends in front of
 * nginx: plain HTTP on `port` serves the site.
 */
export function siteConfig(
  root: string,
  port: number,
  basePath: string,
  tls?: TlsOptions,
) {
  const shipped = readFileSync(shippedConfig, 'utf8');
  for (const fixed of [
    shippedRoot,
    shippedListen,
    ...Object.values(shippedTls),
  ]) {
    if (!shipped.includes(fixed)) {
      throw new Error(`${shippedConfig} no longer contains "${fixed}".`);
    }
  }
  const moved = shipped
    .replaceAll(shippedRoot, `${root}/`)
    .replace(shippedListen, `listen 127.0.0.1:${port};`)
    .replaceAll(`${shippedBase}/`, basePath)
    .replaceAll(`${shippedBase} `, `${basePath.replace(/\/$/, '')} `);
  return tls
    ? moved
        .replace(shippedTls.listen, `listen 127.0.0.1:${tls.port} ssl http2;`)
        .replace(shippedTls.certificate, tls.certificate)
        .replace(shippedTls.key, tls.key)
    : moved
        .replace(shippedTls.redirect, '')
        .replace(shippedTls.listen, '')
        .replace(/^ *ssl_.*\n/gm, '');
}

/**
 * Deploys `firstBuild` (a build folder of this project) and serves it on
 * 127.0.0.1:`port` under the build's base path; with `tls`, over HTTPS on
 * `tls.port`, and `port` redirects to it.
 */
export async function startNginx(
  port: number,
  firstBuild: string,
  tls?: TlsOptions,
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
${siteConfig(root, port, baseUrl, tls)}
}
`,
  );
  const child = spawn(nginxBinary, ['-c', conf], {stdio: 'inherit'});
  const origin = tls
    ? `https://127.0.0.1:${tls.port}`
    : `http://127.0.0.1:${port}`;
  await waitForServer(`http://127.0.0.1:${port}${baseUrl}`);
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

export interface PlainSite {
  /** The build folder, served at `basePath`. */
  build: string;
  basePath: string;
  port: number;
}

/**
 * One nginx serving several builds side by side, each on its own port with
 * the same plain configuration (precompressed files, clean URLs, the
 * build's 404 page): the benchmark's like-for-like host for the site and
 * the stock template.
 */
export async function startPlainNginx(
  sites: PlainSite[],
): Promise<{origins: string[]; stop(): void}> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ih-help-plain-nginx-'));
  const conf = path.join(dir, 'nginx.conf');
  const servers = sites.map(({build, basePath, port}, index) => {
    // The build is linked in at its base path, so nginx's root maps URLs
    // to files without an alias.
    const root = path.join(dir, `site-${index}`);
    const mount = path.join(root, basePath);
    mkdirSync(path.dirname(mount), {recursive: true});
    symlinkSync(path.resolve(siteDir, build), mount.replace(/\/$/, ''));
    return `  server {
    listen 127.0.0.1:${port};
    root ${root};
    disable_symlinks off;
    brotli_static on;
    gzip_static on;
    gzip_vary on;
    location ${basePath} {
      try_files $uri $uri/index.html $uri.html =404;
      error_page 404 ${basePath}404.html;
    }
  }`;
  });
  writeFileSync(
    conf,
    `daemon off;
user ${process.getuid?.() === 0 ? 'root' : 'nobody'};
worker_processes 1;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')};
include /etc/nginx/modules-enabled/*.conf;
events {}
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
${servers.join('\n')}
}
`,
  );
  const child = spawn(nginxBinary, ['-c', conf], {stdio: 'inherit'});
  const origins = sites.map(({port}) => `http://127.0.0.1:${port}`);
  await Promise.all(
    sites.map(({basePath}, index) =>
      waitForServer(`${origins[index]}${basePath}`),
    ),
  );
  return {
    origins,
    stop() {
      child.kill('SIGQUIT');
      rmSync(dir, {recursive: true, force: true});
    },
  };
}
