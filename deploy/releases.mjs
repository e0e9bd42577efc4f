// @ts-check
// The deploy and the rollback of deploy/deploy.mjs (which describes the
// layout), as functions the command line and the tests call. The parts
// they are made of are in deploy/lib/: the build check (build.mjs, with
// references.mjs), the host record (host.mjs), the lock (lock.mjs), the
// releases under the root (store.mjs), nginx (nginx.mjs) and the durable
// writes (io.mjs).
//
// Every change to the root is made so that a crash (kill -9, a full disk, a
// power cut) at any point leaves the live release serving with its own
// policy, and the next run settles what it left: new files are written
// under a temporary name, flushed and renamed into place, releases are
// removed by renaming them aside first, releases that are neither live nor
// the rollback target are removed before anything takes space, and the
// lock has one holder by construction.
import {rm} from 'node:fs/promises';
import path from 'node:path';
import {checkBuild, filesUnder} from './lib/build.mjs';
import {checkHost, hostFacts, recordHost} from './lib/host.mjs';
import {DeployError, eachLimited, errorCode, writer} from './lib/io.mjs';
import {takeLock} from './lib/lock.mjs';
import {reloadNginx, writePolicies} from './lib/nginx.mjs';
import {
  carryInto,
  checkFreeSpace,
  lastServed,
  liveRelease,
  manifestFile,
  readReleases,
  removeRelease,
  setManifest,
  settle,
  stagingPrefix,
  switchTo,
} from './lib/store.mjs';

/**
 * @typedef {'locked' | 'staged' | 'policies-loaded' | 'switched' | 'done'} Step
 */

/**
 * Options both commands take.
 * @typedef {object} CommonOptions
 * @property {string} root
 * @property {number} [now]
 * @property {number} [keepDays]
 * @property {boolean} [reload] false: leave nginx alone (no nginx serves the root).
 * @property {string} [nginx]
 * @property {string} [nginxConf]
 * @property {string} [nginxPid]
 * @property {(message: string) => void} [log]
 * @property {(step: Step) => Promise<void>} [onStep] Called after each step, before the next.
 * @property {import('./lib/io.mjs').Faults} [faults]
 */

/**
 * What a run has done, for the message it ends with when it fails.
 * @typedef {object} Progress
 * @property {string} [live] The release that was live when the run began.
 * @property {string} [switched] The release the run made live.
 */

const dayMs = 24 * 60 * 60 * 1000;
export const defaultKeepDays = 14;
/** Files copied at once: enough to keep the disk busy, few enough for the file table. */
const copyConcurrency = 32;

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

/**
 * The message a failed run ends with: what failed, and what the run had
 * done (whether `current` switched, and which release is live).
 * @param {unknown} error
 * @param {Progress} progress
 */
function explain(error, progress) {
  const code = errorCode(error);
  const system =
    error instanceof Error &&
    !(error instanceof DeployError) &&
    typeof code === 'string' &&
    'syscall' in error;
  const cause = system
    ? ` (${code === 'ENOSPC' ? 'the disk is full' : 'the system refused a file operation'})`
    : '';
  const what =
    error instanceof Error ? error.message.replace(/\.$/, '') : String(error);
  if (progress.switched) {
    return new DeployError(
      `${progress.switched} is live (current was switched to it), but the clean-up after the switch failed: ${what}${cause}; fix that and run the command again, which finishes it.`,
    );
  }
  if (!system) {
    return error;
  }
  return new DeployError(
    `${what}${cause}: nothing was switched${progress.live ? `, ${progress.live} is still live` : ''}; fix that and run the command again.`,
  );
}

/**
 * Runs `task` holding the root's lock.
 * @template T
 * @param {string} root
 * @param {import('./lib/io.mjs').Writer} io
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
 * @param {CommonOptions & {build: string, dropRollback?: boolean,
 *   host?: Partial<import('./lib/host.mjs').HostFacts>}} options
 * @returns {Promise<{name: string, carried: number, removed: string[]}>}
 */
export async function deploy(options) {
  const log = options.log ?? console.log;
  const keepMs = validateKeepDays(options.keepDays ?? defaultKeepDays) * dayMs;
  const now = options.now ?? Date.now();
  const root = path.resolve(options.root);
  const io = writer(options.faults);
  /** @type {Progress} */
  const progress = {};
  try {
    progress.live = await liveRelease(root);
    const {buildDir, facts, files, folder} = await checkBuild(options.build);
    return await locked(root, io, options, log, async () => {
      // Read under the lock: of two first deploys for different hosts, the
      // second sees what the first recorded.
      const {host, recorded} = await hostFacts(root, options.host ?? {});
      checkHost(facts, host, options.build);
      progress.live = await liveRelease(root);
      const settled = await settle(
        io,
        progress.live,
        await readReleases(root, io, log),
        log,
        {dropRollback: options.dropRollback},
      );
      const {current, anchor, target, kept} = settled;
      await checkFreeSpace(root, buildDir, files, target, options.faults);

      let name = new Date(now).toISOString().replace(/[:.]/g, '-');
      while (kept.some((release) => release.name === name)) {
        name = `${name}-${process.pid}`;
      }
      const staging = path.join(root, 'releases', `${stagingPrefix}${name}`);
      const site = path.join(staging, folder);
      /** @type {import('./lib/store.mjs').Release} */
      const release = {
        name,
        dir: path.join(root, 'releases', name),
        manifest: {
          deployedAt: now,
          basePath: folder,
          replaced: anchor?.name ?? null,
          carried: {},
        },
      };
      try {
        // Every folder of the release, parents before children.
        const folders = new Set([staging]);
        for (const relative of files) {
          const parts = path.dirname(path.join(folder, relative)).split('/');
          parts.forEach((_, depth) =>
            folders.add(path.join(staging, ...parts.slice(0, depth + 1))),
          );
        }
        for (const dir of folders) {
          await io.mkdir(dir);
        }
        await eachLimited(files, copyConcurrency, async (relative) => {
          const copy = path.join(site, relative);
          await io.copy(path.join(buildDir, relative), copy);
          await io.sync(copy);
        });
        release.manifest.carried = await carryInto(
          io,
          site,
          new Set(files),
          await lastServed(kept, current?.name, now),
          now,
          keepMs,
        );
        const manifest = path.join(staging, manifestFile);
        await io.write(
          manifest,
          `${JSON.stringify(release.manifest, null, 2)}\n`,
        );
        await io.sync(manifest);
        // Every file and folder of the release is on disk before its name
        // says it is complete.
        for (const dir of folders) {
          await io.sync(dir);
        }
        await io.rename(staging, release.dir);
        await io.sync(path.dirname(release.dir));
      } catch (error) {
        await rm(staging, {recursive: true, force: true});
        throw error;
      }
      await options.onStep?.('staged');
      if (!recorded) {
        await recordHost(io, root, host);
      }

      // The policies of every release are in force before the switch.
      await writePolicies(io, root, [...kept, release]);
      if (options.reload !== false) {
        await reloadNginx(options, log, progress.live);
      }
      await options.onStep?.('policies-loaded');
      await switchTo(io, root, name);
      progress.switched = name;
      await options.onStep?.('switched');
      // Keep the release this one replaced (the rollback target).
      if (anchor) {
        await setManifest(io, anchor, {retiredAt: now});
      }
      const removed = [
        ...settled.removed,
        ...kept.filter((old) => old !== anchor),
      ];
      for (const old of kept.filter((old) => old !== anchor)) {
        await removeRelease(io, old);
      }
      await writePolicies(
        io,
        root,
        [anchor, release].filter((kept) => kept !== undefined),
      );
      const carried = Object.keys(release.manifest.carried).length;
      log(
        `Deployed ${name}: carried ${carried} hashed files; removed ${removed.length} old release(s).`,
      );
      return {
        name,
        carried,
        removed: removed.map((old) => old.name),
      };
    });
  } catch (error) {
    throw explain(error, progress);
  }
}

/**
 * Points `current` back at the release the live one replaced, or, when
 * `current` dangles (a release lost by hand or by an older deploy.mjs), at
 * the newest complete release. The hashed files of every release a live
 * build served within --keep-days are linked into the target first, so a
 * tab opened on the release rolled back from keeps working.
 * @param {CommonOptions} options
 * @returns {Promise<{name: string}>}
 */
export async function rollback(options) {
  const log = options.log ?? console.log;
  const keepMs = validateKeepDays(options.keepDays ?? defaultKeepDays) * dayMs;
  const now = options.now ?? Date.now();
  const root = path.resolve(options.root);
  const io = writer(options.faults);
  /** @type {Progress} */
  const progress = {};
  try {
    progress.live = await liveRelease(root);
    return await locked(root, io, options, log, async () => {
      progress.live = await liveRelease(root);
      const {current, anchor, target, kept} = await settle(
        io,
        progress.live,
        await readReleases(root, io, log),
        log,
      );
      const to = current ? target : anchor;
      if (!to) {
        throw new DeployError(
          `Nothing to roll back to: ${current ? `${current.name} replaced no release that is still here` : 'no complete release is here'}; deploy a build instead.`,
        );
      }
      const site = path.join(to.dir, to.manifest.basePath);
      const carried = await carryInto(
        io,
        site,
        new Set(await filesUnder(site)),
        await lastServed(kept, current?.name, now),
        now,
        keepMs,
      );
      // Rolling back again returns to the release rolled back from.
      await setManifest(io, to, {
        carried: {...to.manifest.carried, ...carried},
        replaced: current?.name ?? to.manifest.replaced,
      });
      await writePolicies(io, root, kept);
      if (options.reload !== false) {
        await reloadNginx(options, log, progress.live);
      }
      await options.onStep?.('policies-loaded');
      await switchTo(io, root, to.name);
      progress.switched = to.name;
      await options.onStep?.('switched');
      if (current) {
        await setManifest(io, current, {retiredAt: now});
      }
      log(
        `Rolled back ${current ? `from ${current.name} ` : ''}to ${to.name}; carried ${Object.keys(carried).length} hashed files.`,
      );
      return {name: to.name};
    });
  } catch (error) {
    throw explain(error, progress);
  }
}
