// @ts-check
// The release logic of deploy/deploy.mjs (which describes the layout), as
// functions the command line and the tests call. Every change to the root is
// made so that a crash (kill -9, a full disk, a power cut) at any point leaves
// the live release serving with its own policy, and the next run recovers:
// new files are written under a temporary name and renamed into place,
// releases are removed by renaming them aside first, and the lock has one
// holder by construction (see takeLock).
import {execFileSync} from 'node:child_process';
import {randomBytes} from 'node:crypto';
import {existsSync, readFileSync} from 'node:fs';
import {
  copyFile,
  link,
  lstat,
  mkdir,
  readFile,
  readdir,
  readlink,
  realpath,
  rename,
  rm,
  stat,
  statfs,
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

/** @typedef {import('../scripts/lib/deployment-facts.mjs').DeploymentFacts} DeploymentFacts */

/**
 * What a release is, in releases/<name>/release.json.
 * @typedef {object} Manifest
 * @property {number} deployedAt When it was deployed (ms since the epoch).
 * @property {string} basePath Its base path without the leading slash.
 * @property {string | null} replaced The release it replaced (the rollback target).
 * @property {Record<string, number>} carried Hashed files of earlier
 *   releases linked in, with when a live build last served each.
 * @property {number} [retiredAt] When it stopped being live.
 */

/** @typedef {{name: string, dir: string, manifest: Manifest}} Release */

/**
 * What the tests inject: a call before every change to the filesystem (to
 * kill the process or fail the write there), and the free space.
 * @typedef {object} Faults
 * @property {(operation: string, target: string) => void | Promise<void>} [beforeWrite]
 * @property {(dir: string) => Promise<number>} [freeBytes]
 */

/**
 * @typedef {'locked' | 'staged' | 'policies-loaded' | 'switched' | 'done'} Step
 */

/**
 * Options both commands take.
 * @typedef {object} CommonOptions
 * @property {string} root
 * @property {number} [now]
 * @property {boolean} [reload] false: leave nginx alone (no nginx serves the root).
 * @property {string} [nginx]
 * @property {string} [nginxConf]
 * @property {string} [nginxPid]
 * @property {(message: string) => void} [log]
 * @property {(step: Step) => Promise<void>} [onStep] Called after each step, before the next.
 * @property {Faults} [faults]
 */

/**
 * What the host serves, in <root>/host.json: a build must match it.
 * @typedef {Pick<DeploymentFacts, 'url' | 'baseUrl' | 'search'>} HostFacts
 */

const dayMs = 24 * 60 * 60 * 1000;
export const defaultKeepDays = 14;
/** The base path deploy/nginx/help.conf serves. */
export const shippedBasePath = '/help/';
const defaultSearch = 'local';
const manifestFile = 'release.json';
const hostFile = 'host.json';
const stagingPrefix = '.staging-';
const removingPrefix = '.removing-';
const temporaryMark = '.tmp-';
const lockDir = 'deploy.lock';
const policiesFile = 'policies.conf';
/** How long to wait for nginx's old workers to leave after a reload. */
const reloadWaitMs = 10_000;
const reloadPollMs = 50;
/** Files copied at once: enough to keep the disk busy, few enough for the file table. */
const copyConcurrency = 32;
/** Room left beyond the build's own size: manifests, folders, the policies. */
const spaceMarginBytes = 32 * 1024 * 1024;
const mebibyte = 1024 * 1024;
/** Field 22 of /proc/<pid>/stat (the process start time), counted after the command name. */
const startTimeField = 19;
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

/**
 * Hashed files: the chunk and asset folder, and the search index.
 * @param {string} relative
 */
export const isHashed = (relative) =>
  relative.startsWith(`assets${path.sep}`) ||
  /^search-index-[0-9a-f]+\.json(\.br|\.gz)?$/.test(relative);

/**
 * Every file under `dir`, as paths relative to it.
 * @param {string} dir
 */
export async function filesUnder(dir) {
  const entries = await readdir(dir, {withFileTypes: true, recursive: true});
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) =>
      path.relative(dir, path.join(entry.parentPath, entry.name)),
    );
}

/**
 * Checks --keep-days; throws a DeployError naming the bad value.
 * @param {unknown} value
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

/** @param {unknown} error */
const errorCode = (error) =>
  error instanceof Error && 'code' in error ? error.code : undefined;

/**
 * The filesystem changes of one run, each announced to the fault hook first.
 * @param {Faults | undefined} faults
 */
function writer(faults) {
  /**
   * @template T
   * @param {string} operation
   * @param {string} target
   * @param {() => Promise<T>} change
   */
  const run = async (operation, target, change) => {
    await faults?.beforeWrite?.(operation, target);
    return change();
  };
  return {
    /** @param {string} dir */
    mkdir: (dir) =>
      run('mkdir', dir, () => mkdir(dir, {recursive: true}).then(() => {})),
    /** @param {string} from @param {string} to */
    copy: (from, to) => run('copy', to, () => copyFile(from, to)),
    /** @param {string} from @param {string} to */
    link: (from, to) => run('link', to, () => link(from, to)),
    /** @param {string} target @param {string} file */
    symlink: (target, file) =>
      run('symlink', file, () => symlink(target, file)),
    /** @param {string} file @param {string} text */
    write: (file, text) => run('write', file, () => writeFile(file, text)),
    /** @param {string} from @param {string} to */
    rename: (from, to) => run('rename', to, () => rename(from, to)),
    /** @param {string} file */
    remove: (file) =>
      run('remove', file, () => rm(file, {recursive: true, force: true})),
    /** @param {string} file */
    unlink: (file) => run('unlink', file, () => unlink(file)),
  };
}

/** @typedef {ReturnType<typeof writer>} Writer */

/** A name no other run uses, for temporary files. */
const uniqueSuffix = () =>
  `${temporaryMark}${process.pid}-${randomBytes(4).toString('hex')}`;

/**
 * Writes `file` whole or not at all: a temporary file renamed over it.
 * @param {Writer} io
 * @param {string} file
 * @param {string} text
 */
async function writeAtomically(io, file, text) {
  const temporary = `${file}${uniqueSuffix()}`;
  try {
    await io.write(temporary, text);
    await io.rename(temporary, file);
  } catch (error) {
    await rm(temporary, {force: true});
    throw error;
  }
}

/**
 * Runs `task` on each item, at most `limit` at once; after a failure no new
 * task starts, and the first error is thrown once the running ones settle
 * (so nothing still writes into a folder the caller then removes).
 * @template T
 * @param {T[]} items
 * @param {number} limit
 * @param {(item: T) => Promise<void>} task
 */
async function eachLimited(items, limit, task) {
  let next = 0;
  /** @type {unknown[]} */
  const errors = [];
  const worker = async () => {
    while (errors.length === 0 && next < items.length) {
      const item = /** @type {T} */ (items[next++]);
      await task(item).catch((/** @type {unknown} */ error) => {
        errors.push(error);
      });
    }
  };
  await Promise.all(Array.from({length: limit}, worker));
  if (errors.length > 0) {
    throw errors[0];
  }
}

/** @param {HostFacts} facts */
const describe = (facts) =>
  `${facts.url.replace(/\/$/, '')}${facts.baseUrl} with ${facts.search} search`;

/**
 * The build's facts and policy, or a DeployError saying what is wrong with it.
 * @param {string} buildDir
 */
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
  /** @type {DeploymentFacts} */
  let facts;
  try {
    facts = readDeploymentFacts(buildDir);
  } catch (error) {
    throw new DeployError(
      error instanceof Error ? error.message : String(error),
    );
  }
  const csp = await readPolicy(buildDir);
  if (!csp?.includes('script-src')) {
    throw new DeployError(
      `--build ${buildDir}: ${securityHeadersFile} has no Content-Security-Policy; run npm run build again.`,
    );
  }
  // A folder inside the release: the facts hold no "." or ".." segment.
  return {facts, folder: facts.baseUrl.replace(/^\//, '')};
}

/**
 * The Content-Security-Policy a build's post-build step computed.
 * @param {string} siteDir
 * @returns {Promise<string | undefined>}
 */
async function readPolicy(siteDir) {
  const file = path.join(siteDir, securityHeadersFile);
  const headers = await readFile(file, 'utf8')
    .then((text) => new Map(JSON.parse(text)))
    .catch(() => undefined);
  const csp = headers?.get('Content-Security-Policy');
  return typeof csp === 'string' ? csp : undefined;
}

/**
 * What the host serves: <root>/host.json, or for a root without one the
 * values given (the shipped nginx configuration's base path and local
 * search unless given otherwise; the site URL must be given).
 * @param {string} root
 * @param {Partial<HostFacts>} given
 * @returns {Promise<{host: HostFacts, recorded: boolean}>}
 */
async function hostFacts(root, given) {
  const file = path.join(root, hostFile);
  const text = await readFile(file, 'utf8').catch((error) => {
    if (errorCode(error) === 'ENOENT') {
      return undefined;
    }
    throw error;
  });
  if (text === undefined) {
    if (!given.url) {
      throw new DeployError(
        `${root} has no ${hostFile} yet: give the site URL this host serves with --site-url (and --base-url and --search where they are not ${shippedBasePath} and ${defaultSearch}).`,
      );
    }
    return {
      host: {
        url: given.url,
        baseUrl: given.baseUrl ?? shippedBasePath,
        search: given.search ?? defaultSearch,
      },
      recorded: false,
    };
  }
  /** @type {HostFacts | undefined} */
  let host;
  try {
    host = JSON.parse(text);
  } catch {
    host = undefined;
  }
  if (
    typeof host?.url !== 'string' ||
    typeof host.baseUrl !== 'string' ||
    typeof host.search !== 'string'
  ) {
    throw new DeployError(
      `${file} is not readable: write {"url": …, "baseUrl": …, "search": …} for what this host serves, or remove it and deploy with --site-url.`,
    );
  }
  for (const [key, flag] of /** @type {const} */ ([
    ['url', '--site-url'],
    ['baseUrl', '--base-url'],
    ['search', '--search'],
  ])) {
    const value = given[key];
    if (value !== undefined && value !== host[key]) {
      throw new DeployError(
        `${flag} ${value} differs from ${host[key]}, which ${file} records for this host: change ${hostFile} together with the nginx configuration, then deploy.`,
      );
    }
  }
  return {host, recorded: true};
}

/**
 * Refuses a build made for another host.
 * @param {DeploymentFacts} facts
 * @param {HostFacts} host
 * @param {string} buildDir
 */
function checkHost(facts, host, buildDir) {
  const same =
    facts.url.replace(/\/$/, '') === host.url.replace(/\/$/, '') &&
    facts.baseUrl === host.baseUrl &&
    facts.search === host.search;
  if (!same) {
    throw new DeployError(
      `--build ${buildDir} is for ${describe(facts)}, but this host serves ${describe(host)}: build with SITE_URL=${host.url} BASE_URL=${host.baseUrl}${host.search === 'algolia' ? ' and the ALGOLIA_* settings' : ' and no ALGOLIA_* settings'}, then deploy.`,
    );
  }
}

/**
 * When a process started, to tell it from a later one given the same pid;
 * undefined where /proc does not say.
 * @param {number} pid
 */
function processStart(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ')[startTimeField];
  } catch {
    return undefined;
  }
}

/** @param {number} pid */
function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errorCode(error) === 'EPERM';
  }
}

/**
 * @typedef {object} LockEntry
 * @property {'held' | 'free'} state
 * @property {number} pid
 * @property {string} [start] The holder's start time (processStart).
 * @property {string} token Tells one run's entries from another's.
 */

/**
 * Whether a lock entry's holder still runs: its process exists and, where
 * /proc tells, started when the holder did (not a later process given the
 * same pid).
 * @param {LockEntry | undefined} entry
 */
function isHeld(entry) {
  if (entry?.state !== 'held' || !isRunning(entry.pid)) {
    return false;
  }
  const start = processStart(entry.pid);
  return (
    entry.start === undefined || start === undefined || start === entry.start
  );
}

/**
 * The lock's generations, newest last.
 * @param {string} dir
 */
async function generations(dir) {
  return (await readdir(dir))
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .sort((a, b) => a - b);
}

/**
 * @param {string} dir
 * @param {number} generation
 * @returns {Promise<LockEntry | undefined>}
 */
const readEntry = (dir, generation) =>
  readFile(path.join(dir, String(generation)), 'utf8')
    .then((text) => JSON.parse(text))
    .catch(() => undefined);

/**
 * Takes the root's lock; returns the function that releases it.
 *
 * The lock is a folder of numbered generations, each a file naming its
 * holder (or saying the lock is free), created whole by link(), which fails
 * if the name exists: of all runs that saw the same newest generation, one
 * creates the next. The holder is the newest generation's, while its process
 * runs. A run whose newest generation is free, or whose holder has ended (a
 * crash), creates the next one; nothing is ever deleted to take a lock
 * over, so two runs cannot both hold it. A run that created a generation
 * below one that already exists (it read the folder long ago) withdraws.
 * Releasing adds a free generation, prepared while taking the lock so that
 * a full disk cannot keep it held.
 * @param {string} root
 * @param {Writer} io
 * @param {(message: string) => void} log
 */
async function takeLock(root, io, log) {
  const dir = path.join(root, lockDir);
  if ((await lstat(dir).catch(() => undefined))?.isFile()) {
    throw new DeployError(
      `${dir} is the lock file of an older deploy.mjs: remove it once no deploy is running, and run the command again.`,
    );
  }
  await io.mkdir(dir);
  const token = randomBytes(8).toString('hex');
  const start = processStart(process.pid);
  const heldFile = path.join(dir, `held${uniqueSuffix()}`);
  const freeFile = path.join(dir, `free${uniqueSuffix()}`);
  /** @param {'held' | 'free'} state */
  const entry = (state) =>
    JSON.stringify({state, pid: process.pid, start, token});
  const cleanUp = () =>
    Promise.all([rm(heldFile, {force: true}), rm(freeFile, {force: true})]);
  try {
    await io.write(heldFile, entry('held'));
    await io.write(freeFile, entry('free'));
    for (;;) {
      const existing = await generations(dir);
      const newest = existing.at(-1) ?? 0;
      const holder = existing.length ? await readEntry(dir, newest) : undefined;
      if (isHeld(holder)) {
        throw new DeployError(
          `Another deploy (process ${holder?.pid}) holds ${dir}; try again when it has finished.`,
        );
      }
      const mine = newest + 1;
      try {
        await io.link(heldFile, path.join(dir, String(mine)));
      } catch (error) {
        if (errorCode(error) === 'EEXIST') {
          continue;
        }
        throw error;
      }
      if ((await generations(dir)).some((generation) => generation > mine)) {
        await unlink(path.join(dir, String(mine))).catch(() => undefined);
        continue;
      }
      if (holder?.state === 'held') {
        log(
          `Took over ${dir} from process ${holder.pid}, which ended without releasing it.`,
        );
      }
      await Promise.all(
        existing.map((old) =>
          unlink(path.join(dir, String(old))).catch(() => undefined),
        ),
      );
      await removeDeadTemporaries(dir);
      return async () => {
        try {
          await io.link(freeFile, path.join(dir, String(mine + 1)));
        } finally {
          await cleanUp();
        }
      };
    }
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

/**
 * Removes temporary files left in `dir` by runs that have ended.
 * @param {string} dir
 */
async function removeDeadTemporaries(dir) {
  for (const name of await readdir(dir)) {
    const pid = Number(/\.tmp-(\d+)-/.exec(name)?.[1]);
    if (pid && pid !== process.pid && !isRunning(pid)) {
      await rm(path.join(dir, name), {force: true, recursive: true});
    }
  }
}

/**
 * Where `current` points: the release name, or undefined before the first
 * deploy.
 * @param {string} root
 */
async function liveRelease(root) {
  const current = path.join(root, 'current');
  const info = await lstat(current).catch(() => undefined);
  if (!info) {
    return undefined;
  }
  if (!info.isSymbolicLink()) {
    throw new DeployError(
      `${current} is not a symbolic link (a real folder or file?): move it out of the way, and deploy.mjs points current at a release under ${path.join(root, 'releases')}.`,
    );
  }
  const target = path.resolve(root, await readlink(current));
  if (path.dirname(target) !== path.join(root, 'releases')) {
    throw new DeployError(
      `${current} points at ${target}, outside ${path.join(root, 'releases')}: point it at a release there, or remove it and deploy.`,
    );
  }
  return path.basename(target);
}

/**
 * The complete releases under the root, oldest first. What a deploy that
 * failed or was killed left (a staging copy, a release being removed,
 * temporary files) is removed, and stray entries skipped, each with a
 * message.
 * @param {string} root
 * @param {Writer} io
 * @param {(message: string) => void} log
 * @returns {Promise<Release[]>}
 */
async function readReleases(root, io, log) {
  const dir = path.join(root, 'releases');
  await removeDeadTemporaries(root);
  const entries = await readdir(dir, {withFileTypes: true}).catch(() => []);
  /** @type {Release[]} */
  const releases = [];
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (
      entry.name.startsWith(stagingPrefix) ||
      entry.name.startsWith(removingPrefix)
    ) {
      log(
        `Removing ${full}: ${entry.name.startsWith(stagingPrefix) ? 'an incomplete release' : 'a release being removed'}, left by a deploy that did not finish.`,
      );
      await io.remove(full);
      continue;
    }
    if (entry.isDirectory()) {
      await removeDeadTemporaries(full);
    }
    /** @type {Manifest | undefined} */
    const manifest = entry.isDirectory()
      ? await readFile(path.join(full, manifestFile), 'utf8')
          .then(JSON.parse)
          .catch(() => undefined)
      : undefined;
    if (
      !manifest ||
      typeof manifest.deployedAt !== 'number' ||
      typeof manifest.basePath !== 'string'
    ) {
      log(`Skipping ${full}: not a release (no readable ${manifestFile}).`);
      continue;
    }
    releases.push({name: entry.name, dir: full, manifest});
  }
  return releases.sort((a, b) => a.manifest.deployedAt - b.manifest.deployedAt);
}

/**
 * The live release, and the release to treat as live when `current`
 * dangles (points at no complete release): the newest complete one.
 * @param {string | undefined} live
 * @param {Release[]} releases
 * @param {(message: string) => void} log
 */
function resolveLive(live, releases, log) {
  const found = releases.find((release) => release.name === live);
  if (live && !found) {
    const newest = releases.at(-1);
    log(
      `current points at ${live}, which is not a complete release${newest ? `; taking ${newest.name}, the newest complete one, as live` : ''}.`,
    );
    return {current: undefined, newest};
  }
  return {current: found, newest: found};
}

/**
 * When each hashed file was last served by a live build: a release's own
 * files until it was replaced (now, for the live one), carried files as the
 * release recorded them. The latest time over all releases counts.
 * @param {Release[]} releases
 * @param {string | undefined} live
 * @param {number} now
 */
async function lastServed(releases, live, now) {
  /** @type {Map<string, {time: number, file: string}>} */
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

/**
 * Hard-links into `site` each hashed file it lacks that a live build served
 * within `keepMs`; returns what it linked, with when each was last served.
 * @param {Writer} io
 * @param {string} site
 * @param {Set<string>} present
 * @param {Map<string, {time: number, file: string}>} served
 * @param {number} now
 * @param {number} keepMs
 */
async function carryInto(io, site, present, served, now, keepMs) {
  /** @type {Record<string, number>} */
  const carried = {};
  for (const [relative, {time, file}] of served) {
    if (!present.has(relative) && now - time < keepMs) {
      await io.mkdir(path.dirname(path.join(site, relative)));
      await io.link(file, path.join(site, relative));
      carried[relative] = time;
    }
  }
  return carried;
}

/**
 * @param {CommonOptions} options
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
 * nginx's own words about a failed command: its first line of output.
 * @param {unknown} error
 */
function nginxSays(error) {
  const output =
    error && typeof error === 'object' && 'stderr' in error
      ? String(error.stderr)
      : '';
  const message = error instanceof Error ? error.message : String(error);
  return (output.trim() || message).split('\n')[0]?.replace(/\.$/, '');
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
 * @param {CommonOptions} options
 * @param {(message: string) => void} log
 */
async function reloadNginx(options, log) {
  try {
    nginxCommand(options, ['-t', '-q']);
  } catch (error) {
    throw new DeployError(
      `nginx -t rejects the configuration (${nginxSays(error)}); nothing was switched: fix the configuration and run the command again.`,
    );
  }
  const pidFile = options.nginxPid ?? '/run/nginx.pid';
  const master = (await readFile(pidFile, 'utf8').catch(() => '')).trim();
  const before = master ? await workerPids(master) : [];
  try {
    nginxCommand(options, ['-s', 'reload']);
  } catch (error) {
    throw new DeployError(
      `nginx -s reload failed (${nginxSays(error)}); nothing was switched: start nginx (or name its pid file with --nginx-pid), or pass --no-reload for a root no nginx serves, and run the command again.`,
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
        'nginx did not start new workers after the reload; nothing was switched: look in its error log, and run the command again.',
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
 * @param {Writer} io
 * @param {string} root
 * @param {Release[]} releases
 */
async function writePolicies(io, root, releases) {
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
  await writeAtomically(
    io,
    path.join(root, policiesFile),
    policies(real, entries),
  );
}

/**
 * Points `current` at a release in one step (a symlink renamed over it).
 * @param {Writer} io
 * @param {string} root
 * @param {string} name
 */
async function switchTo(io, root, name) {
  const next = path.join(root, `current${uniqueSuffix()}`);
  await io.symlink(path.join('releases', name), next);
  await io.rename(next, path.join(root, 'current'));
}

/**
 * @param {Writer} io
 * @param {Release} release
 * @param {Partial<Manifest>} changes
 */
async function setManifest(io, release, changes) {
  const manifest = {...release.manifest, ...changes};
  await writeAtomically(
    io,
    path.join(release.dir, manifestFile),
    `${JSON.stringify(manifest, null, 2)}\n`,
  );
  release.manifest = manifest;
}

/**
 * Removes a release: renamed aside first (one step), so a crash never
 * leaves a half-deleted folder that still looks like a release.
 * @param {Writer} io
 * @param {Release} release
 */
async function removeRelease(io, release) {
  const aside = path.join(
    path.dirname(release.dir),
    `${removingPrefix}${release.name}`,
  );
  await io.rename(release.dir, aside);
  await io.remove(aside);
}

/**
 * Refuses a deploy the disk cannot hold, before anything is copied: the
 * build's files, rounded up to the disk's blocks, and a margin.
 * @param {string} root
 * @param {string} buildDir
 * @param {string[]} files
 * @param {Faults | undefined} faults
 */
async function checkFreeSpace(root, buildDir, files, faults) {
  const disk = await statfs(root);
  let needed = spaceMarginBytes;
  for (const relative of files) {
    const {size} = await stat(path.join(buildDir, relative));
    needed += Math.ceil(size / disk.bsize) * disk.bsize;
  }
  const free = faults?.freeBytes
    ? await faults.freeBytes(root)
    : disk.bavail * disk.bsize;
  if (free < needed) {
    const inMiB = (/** @type {number} */ bytes) => Math.ceil(bytes / mebibyte);
    throw new DeployError(
      `${root} has ${inMiB(free)} MiB free, and this deploy needs ${inMiB(needed)} MiB (the build and a margin): free some space, and deploy again.`,
    );
  }
}

/**
 * Runs `task` holding the root's lock.
 * @template T
 * @param {string} root
 * @param {Writer} io
 * @param {CommonOptions} options
 * @param {(message: string) => void} log
 * @param {() => Promise<T>} task
 */
async function locked(root, io, options, log, task) {
  await io.mkdir(path.join(root, 'releases'));
  const release = await takeLock(root, io, log);
  try {
    await options.onStep?.('locked');
    const result = await task();
    await options.onStep?.('done');
    return result;
  } finally {
    await release();
  }
}

/**
 * Publishes `build` as the new live release.
 * @param {CommonOptions & {build: string, keepDays?: number,
 *   host?: Partial<HostFacts>}} options
 * @returns {Promise<{name: string, carried: number, removed: string[]}>}
 */
export async function deploy(options) {
  const log = options.log ?? console.log;
  const keepMs = validateKeepDays(options.keepDays ?? defaultKeepDays) * dayMs;
  const now = options.now ?? Date.now();
  const buildDir = path.resolve(options.build);
  const root = path.resolve(options.root);
  const io = writer(options.faults);
  const {facts, folder} = await validateBuild(buildDir);
  const {host, recorded} = await hostFacts(root, options.host ?? {});
  checkHost(facts, host, buildDir);

  return locked(root, io, options, log, async () => {
    const live = await liveRelease(root);
    const releases = await readReleases(root, io, log);
    const {current, newest} = resolveLive(live, releases, log);
    const previous = current ?? newest;
    const ownFiles = await filesUnder(buildDir);
    await checkFreeSpace(root, buildDir, ownFiles, options.faults);

    let name = new Date(now).toISOString().replace(/[:.]/g, '-');
    while (releases.some((release) => release.name === name)) {
      name = `${name}-${process.pid}`;
    }
    const staging = path.join(root, 'releases', `${stagingPrefix}${name}`);
    const site = path.join(staging, folder);
    /** @type {Release} */
    const release = {
      name,
      dir: path.join(root, 'releases', name),
      manifest: {
        deployedAt: now,
        basePath: folder,
        replaced: previous?.name ?? null,
        carried: {},
      },
    };
    try {
      await io.mkdir(site);
      const folders = new Set(
        ownFiles.map((relative) => path.dirname(path.join(site, relative))),
      );
      for (const dir of folders) {
        await io.mkdir(dir);
      }
      await eachLimited(ownFiles, copyConcurrency, (relative) =>
        io.copy(path.join(buildDir, relative), path.join(site, relative)),
      );
      release.manifest.carried = await carryInto(
        io,
        site,
        new Set(ownFiles),
        await lastServed(releases, current?.name, now),
        now,
        keepMs,
      );
      await io.write(
        path.join(staging, manifestFile),
        `${JSON.stringify(release.manifest, null, 2)}\n`,
      );
      await io.rename(staging, release.dir);
    } catch (error) {
      await rm(staging, {recursive: true, force: true});
      throw error;
    }
    await options.onStep?.('staged');
    if (!recorded) {
      await writeAtomically(
        io,
        path.join(root, hostFile),
        `${JSON.stringify(host, null, 2)}\n`,
      );
    }

    // Keep the live release (the rollback target) and the new one; the
    // policies of every release are in force before the switch.
    const keep = [previous, release].filter((kept) => kept !== undefined);
    await writePolicies(io, root, [...releases, release]);
    if (options.reload !== false) {
      await reloadNginx(options, log);
    }
    await options.onStep?.('policies-loaded');
    await switchTo(io, root, name);
    await options.onStep?.('switched');
    if (previous) {
      await setManifest(io, previous, {retiredAt: now});
    }
    const removed = releases.filter((old) => !keep.includes(old));
    for (const old of removed) {
      await removeRelease(io, old);
    }
    await writePolicies(io, root, keep);
    const carried = Object.keys(release.manifest.carried).length;
    log(
      `Deployed ${name}: carried ${carried} hashed files; removed ${removed.length} old release(s).`,
    );
    return {name, carried, removed: removed.map((old) => old.name)};
  });
}

/**
 * Points `current` back at the release the live one replaced, or, when
 * `current` dangles (a release lost by hand or by an older deploy.mjs), at
 * the newest complete release. The hashed files of every release a live
 * build served within --keep-days are linked into the target first, so a
 * tab opened on the release rolled back from keeps working.
 * @param {CommonOptions & {keepDays?: number}} options
 * @returns {Promise<{name: string}>}
 */
export async function rollback(options) {
  const log = options.log ?? console.log;
  const keepMs = validateKeepDays(options.keepDays ?? defaultKeepDays) * dayMs;
  const now = options.now ?? Date.now();
  const root = path.resolve(options.root);
  const io = writer(options.faults);
  return locked(root, io, options, log, async () => {
    const live = await liveRelease(root);
    const releases = await readReleases(root, io, log);
    const {current, newest} = resolveLive(live, releases, log);
    const target = current
      ? releases.find((release) => release.name === current.manifest.replaced)
      : newest;
    if (!target) {
      throw new DeployError(
        `Nothing to roll back to: ${current ? `${current.name} replaced no release that is still here` : 'no complete release is here'}; deploy a build instead.`,
      );
    }
    const site = path.join(target.dir, target.manifest.basePath);
    const carried = await carryInto(
      io,
      site,
      new Set(await filesUnder(site)),
      await lastServed(releases, current?.name, now),
      now,
      keepMs,
    );
    // Rolling back again returns to the release rolled back from.
    await setManifest(io, target, {
      carried: {...target.manifest.carried, ...carried},
      replaced: current?.name ?? target.manifest.replaced,
    });
    await writePolicies(io, root, releases);
    if (options.reload !== false) {
      await reloadNginx(options, log);
    }
    await options.onStep?.('policies-loaded');
    await switchTo(io, root, target.name);
    await options.onStep?.('switched');
    if (current) {
      await setManifest(io, current, {retiredAt: now});
    }
    log(
      `Rolled back ${current ? `from ${current.name} ` : ''}to ${target.name}; carried ${Object.keys(carried).length} hashed files.`,
    );
    return {name: target.name};
  });
}
