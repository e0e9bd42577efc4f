// The release logic of deploy/deploy.mjs (which describes the layout), as
// functions the command line and the tests call.
import {execFileSync} from 'node:child_process';
import {existsSync} from 'node:fs';
import {
  copyFile,
  link,
  lstat,
  mkdir,
  open,
  readFile,
  readdir,
  readlink,
  realpath,
  rename,
  rm,
  stat,
  symlink,
  unlink,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import {
  deploymentFactsFile,
  readDeploymentFacts,
  securityHeadersFile,
} from '../scripts/lib/deployment-facts.mjs';

const dayMs = 24 * 60 * 60 * 1000;
export const defaultKeepDays = 14;
const manifestFile = 'release.json';
const stagingPrefix = '.staging-';
const lockFile = 'deploy.lock';
const policiesFile = 'policies.conf';
/** How long to wait for nginx's old workers to leave after a reload. */
const reloadWaitMs = 10_000;
/** Files without which nginx or the site cannot serve a release. */
const requiredFiles = [
  deploymentFactsFile,
  securityHeadersFile,
  'index.html',
  '404.html',
  'sitemap.xml',
];

/** A deploy that cannot go ahead; the message says why and what to do. */
export class DeployError extends Error {}

// Hashed files: the chunk and asset folder, and the search index.
export const isHashed = (relative) =>
  relative.startsWith(`assets${path.sep}`) ||
  /^search-index-[0-9a-f]+\.json(\.br|\.gz)?$/.test(relative);

/** Every file under `dir`, as paths relative to it. */
export async function filesUnder(dir) {
  const entries = await readdir(dir, {withFileTypes: true, recursive: true});
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) =>
      path.relative(dir, path.join(entry.parentPath, entry.name)),
    );
}

/**
 * Checks the options a command needs; throws a DeployError naming the first
 * bad one.
 */
export function validateKeepDays(value) {
  const days = Number(value);
  if (!/^\d+(\.\d+)?$/.test(String(value)) || !(days > 0)) {
    throw new DeployError(
      `--keep-days must be a number of days above 0, not "${value}".`,
    );
  }
  return days;
}

async function validateBuild(buildDir) {
  const info = await stat(buildDir).catch(() => undefined);
  if (!info?.isDirectory()) {
    throw new DeployError(`--build ${buildDir} is not a folder.`);
  }
  const missing = requiredFiles.filter(
    (file) => !existsSync(path.join(buildDir, file)),
  );
  if (missing.length > 0) {
    throw new DeployError(
      `--build ${buildDir} is not a complete build of this site: missing ${missing.join(', ')}. Run npm run build.`,
    );
  }
  const facts = readDeploymentFacts(buildDir);
  const headers = JSON.parse(
    await readFile(path.join(buildDir, securityHeadersFile), 'utf8'),
  );
  const csp = new Map(headers).get('Content-Security-Policy');
  if (typeof csp !== 'string' || !csp.includes('script-src')) {
    throw new DeployError(
      `--build ${buildDir}: ${securityHeadersFile} has no Content-Security-Policy.`,
    );
  }
  return {facts, csp};
}

/** Takes the root's lock; a lock left by a dead process is taken over. */
async function takeLock(root, log) {
  const file = path.join(root, lockFile);
  for (;;) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => unlink(file).catch(() => undefined);
    } catch (error) {
      if (error.code !== 'EEXIST') {
        throw error;
      }
      const owner = Number(await readFile(file, 'utf8').catch(() => ''));
      if (owner > 0 && isRunning(owner)) {
        throw new DeployError(
          `Another deploy (process ${owner}) holds ${file}; try again when it has finished.`,
        );
      }
      log(
        `Taking over ${file}, left by process ${owner || '?'}, which has ended.`,
      );
      await unlink(file).catch(() => undefined);
    }
  }
}

function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** The name of the live release, or undefined before the first deploy. */
async function liveRelease(root) {
  const current = path.join(root, 'current');
  const info = await lstat(current).catch(() => undefined);
  if (!info) {
    return undefined;
  }
  if (!info.isSymbolicLink()) {
    throw new DeployError(
      `${current} is not a symbolic link (a real folder or file?). Move it out of the way; deploy.mjs points current at a release under ${path.join(root, 'releases')}.`,
    );
  }
  const target = path.resolve(root, await readlink(current));
  if (path.dirname(target) !== path.join(root, 'releases')) {
    throw new DeployError(
      `${current} points at ${target}, outside ${path.join(root, 'releases')}.`,
    );
  }
  return path.basename(target);
}

/**
 * The complete releases under the root, oldest first. Incomplete ones (a
 * deploy that failed or was killed) are removed and stray entries skipped,
 * each with a message.
 */
async function readReleases(root, log) {
  const dir = path.join(root, 'releases');
  const entries = await readdir(dir, {withFileTypes: true}).catch(() => []);
  const releases = [];
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.name.startsWith(stagingPrefix)) {
      log(
        `Removing ${full}: an incomplete release left by a deploy that did not finish.`,
      );
      await rm(full, {recursive: true, force: true});
      continue;
    }
    const manifest = entry.isDirectory()
      ? await readFile(path.join(full, manifestFile), 'utf8')
          .then(JSON.parse)
          .catch(() => undefined)
      : undefined;
    if (!manifest || typeof manifest.deployedAt !== 'number') {
      log(`Skipping ${full}: not a release (no readable ${manifestFile}).`);
      continue;
    }
    releases.push({name: entry.name, dir: full, manifest});
  }
  return releases.sort((a, b) => a.manifest.deployedAt - b.manifest.deployedAt);
}

/**
 * When each hashed file was last served by a live build: a release's own
 * files until it was replaced (now, for the live one), carried files as the
 * release recorded them. The latest time over all releases counts.
 */
async function lastServed(releases, live, now) {
  const times = new Map();
  for (const release of releases) {
    const {manifest} = release;
    const site = path.join(release.dir, manifest.basePath);
    const carried = manifest.carried ?? {};
    const ownUntil = release.name === live ? now : (manifest.retiredAt ?? now);
    for (const relative of (await filesUnder(site)).filter(isHashed)) {
      const time = carried[relative] ?? ownUntil;
      const known = times.get(relative);
      if (!known || known.time < time) {
        times.set(relative, {time, file: path.join(site, relative)});
      }
    }
  }
  return times;
}

function nginxCommand(options, args) {
  const config = options.nginxConf ? ['-c', options.nginxConf] : [];
  return execFileSync(options.nginx ?? 'nginx', [...config, ...args], {
    stdio: 'pipe',
    encoding: 'utf8',
  });
}

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
 */
async function reloadNginx(options, log) {
  try {
    nginxCommand(options, ['-t', '-q']);
  } catch (error) {
    throw new DeployError(
      `nginx -t rejects the configuration; nothing was switched:\n${error.stderr ?? error.message}`,
    );
  }
  const pidFile = options.nginxPid ?? '/run/nginx.pid';
  const master = (await readFile(pidFile, 'utf8').catch(() => '')).trim();
  const before = master ? await workerPids(master) : [];
  nginxCommand(options, ['-s', 'reload']);
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
        'nginx did not start new workers after the reload; nothing was switched.',
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The nginx map from each release folder to its CSP. */
function policies(root, entries) {
  const quote = (value) =>
    `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
  return `# Written by deploy/deploy.mjs: each release's Content-Security-Policy,\n# chosen by the release folder a request is served from. Do not edit.\n${entries
    .map(
      ({name, csp}) =>
        `${quote(path.join(root, 'releases', name))} ${quote(csp)};`,
    )
    .join('\n')}\n`;
}

async function writePolicies(root, releases) {
  const real = await realpath(root);
  const entries = await Promise.all(
    releases.map(async ({name, dir, manifest}) => {
      const headers = JSON.parse(
        await readFile(
          path.join(dir, manifest.basePath, securityHeadersFile),
          'utf8',
        ),
      );
      return {name, csp: new Map(headers).get('Content-Security-Policy')};
    }),
  );
  const file = path.join(root, policiesFile);
  await writeFile(`${file}.next`, policies(real, entries));
  await rename(`${file}.next`, file);
}

/** Points `current` at a release in one step (a symlink renamed over it). */
async function switchTo(root, name) {
  const next = path.join(root, `current.${process.pid}`);
  await rm(next, {force: true});
  await symlink(path.join('releases', name), next);
  await rename(next, path.join(root, 'current'));
}

async function setManifest(release, changes) {
  Object.assign(release.manifest, changes);
  await writeFile(
    path.join(release.dir, manifestFile),
    `${JSON.stringify(release.manifest, null, 2)}\n`,
  );
}

/** Runs `task` holding the root's lock. */
async function locked(root, log, task) {
  await mkdir(path.join(root, 'releases'), {recursive: true});
  const release = await takeLock(root, log);
  try {
    return await task();
  } finally {
    await release();
  }
}

/**
 * Publishes `build` as the new live release.
 * @param {{build: string, root: string, keepDays?: number, now?: number,
 *   reload?: boolean, nginx?: string, nginxConf?: string, nginxPid?: string,
 *   log?: (message: string) => void,
 *   onStep?: (step: 'policies-loaded' | 'switched') => Promise<void>}} options
 * @returns {Promise<{name: string, carried: number, removed: string[]}>}
 */
export async function deploy(options) {
  const log = options.log ?? console.log;
  const keepMs = validateKeepDays(options.keepDays ?? defaultKeepDays) * dayMs;
  const now = options.now ?? Date.now();
  const buildDir = path.resolve(options.build);
  const root = path.resolve(options.root);
  const {facts} = await validateBuild(buildDir);
  const basePath = facts.baseUrl.replace(/^\//, '');

  return locked(root, log, async () => {
    const live = await liveRelease(root);
    const releases = await readReleases(root, log);
    if (live && !releases.some((release) => release.name === live)) {
      throw new DeployError(
        `current points at ${live}, which is not a complete release. Point it at one (or run --rollback) before deploying.`,
      );
    }
    let name = new Date(now).toISOString().replace(/[:.]/g, '-');
    while (releases.some((release) => release.name === name)) {
      name = `${name}-${process.pid}`;
    }
    const staging = path.join(root, 'releases', `${stagingPrefix}${name}`);
    const site = path.join(staging, basePath);
    await rm(staging, {recursive: true, force: true});
    await mkdir(site, {recursive: true});
    const ownFiles = await filesUnder(buildDir);
    for (const relative of ownFiles) {
      await mkdir(path.dirname(path.join(site, relative)), {recursive: true});
    }
    await Promise.all(
      ownFiles.map((relative) =>
        copyFile(path.join(buildDir, relative), path.join(site, relative)),
      ),
    );

    const own = new Set(ownFiles);
    const carried = {};
    for (const [relative, {time, file}] of await lastServed(
      releases,
      live,
      now,
    )) {
      if (!own.has(relative) && now - time < keepMs) {
        await mkdir(path.dirname(path.join(site, relative)), {recursive: true});
        await link(file, path.join(site, relative));
        carried[relative] = time;
      }
    }
    const manifest = {
      deployedAt: now,
      basePath,
      replaced: live ?? null,
      carried,
    };
    await writeFile(
      path.join(staging, manifestFile),
      `${JSON.stringify(manifest, null, 2)}\n`,
    );
    await rename(staging, path.join(root, 'releases', name));
    const release = {name, dir: path.join(root, 'releases', name), manifest};

    // Keep the live release (rollback target) and the new one; the policies
    // of both are in force before the switch.
    const previous = releases.find((candidate) => candidate.name === live);
    const keep = [previous, release].filter(Boolean);
    await writePolicies(root, [...releases, release]);
    if (options.reload !== false) {
      await reloadNginx(options, log);
    }
    await options.onStep?.('policies-loaded');
    await switchTo(root, name);
    await options.onStep?.('switched');
    if (previous) {
      await setManifest(previous, {retiredAt: now});
    }
    const removed = releases.filter((old) => !keep.includes(old));
    await Promise.all(
      removed.map((old) => rm(old.dir, {recursive: true, force: true})),
    );
    await writePolicies(root, keep);
    log(
      `Deployed ${name}: carried ${Object.keys(carried).length} hashed files; removed ${removed.length} old release(s).`,
    );
    return {
      name,
      carried: Object.keys(carried).length,
      removed: removed.map((old) => old.name),
    };
  });
}

/**
 * Points `current` back at the release the live one replaced.
 * @param {{root: string, now?: number, reload?: boolean, nginx?: string,
 *   nginxConf?: string, nginxPid?: string, log?: (message: string) => void}} options
 * @returns {Promise<{name: string}>}
 */
export async function rollback(options) {
  const log = options.log ?? console.log;
  const now = options.now ?? Date.now();
  const root = path.resolve(options.root);
  return locked(root, log, async () => {
    const live = await liveRelease(root);
    const releases = await readReleases(root, log);
    const current = releases.find((release) => release.name === live);
    const target = releases.find(
      (release) => release.name === current?.manifest.replaced,
    );
    if (!current || !target) {
      throw new DeployError(
        `Nothing to roll back to: ${live ? `${live} replaced no release that is still here` : 'no release is live'}.`,
      );
    }
    await writePolicies(root, releases);
    if (options.reload !== false) {
      await reloadNginx(options, log);
    }
    await switchTo(root, target.name);
    await setManifest(current, {retiredAt: now});
    // Rolling back again returns to the release rolled back from.
    await setManifest(target, {replaced: current.name});
    log(`Rolled back from ${current.name} to ${target.name}.`);
    return {name: target.name};
  });
}
