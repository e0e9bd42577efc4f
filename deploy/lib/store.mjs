// @ts-check
// The releases under the root: which is live, which is its rollback target,
// what a run that did not finish left (settled by the next run), the hashed
// files carried between releases, and the switch of `current`.
import {
  lstat,
  readFile,
  readdir,
  readlink,
  stat,
  statfs,
} from 'node:fs/promises';
import path from 'node:path';
import {filesUnder, isHashed} from './build.mjs';
import {DeployError, uniqueSuffix, writeDurably} from './io.mjs';
import {removeDeadTemporaries} from './lock.mjs';

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
/** @typedef {import('./io.mjs').Writer} Writer */

export const manifestFile = 'release.json';
export const stagingPrefix = '.staging-';
const removingPrefix = '.removing-';
/** Room left beyond the build's own size: manifests, folders, the policies. */
const spaceMarginBytes = 32 * 1024 * 1024;
const mebibyte = 1024 * 1024;
/** @param {number} bytes */
const inMiB = (bytes) => Math.ceil(bytes / mebibyte);

/**
 * Where `current` points: the release name, or undefined before the first
 * deploy.
 * @param {string} root
 */
export async function liveRelease(root) {
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
export async function readReleases(root, io, log) {
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
 * Settles what earlier runs left: of the complete releases, keeps the live
 * one and its rollback target (the release it replaced) and removes every
 * other, before anything of this run takes space. A release that never
 * went live (a deploy killed after its copy, or stopped by nginx -t, a
 * failed reload or a full disk) is such a release, and so is one replaced
 * twice. When `current` dangles (points at no complete release), the
 * newest complete release stands for the live one. With `dropRollback`,
 * the rollback target goes too.
 * @param {Writer} io
 * @param {string | undefined} live Where `current` points.
 * @param {Release[]} releases
 * @param {(message: string) => void} log
 * @param {{dropRollback?: boolean}} [options]
 */
export async function settle(io, live, releases, log, {dropRollback} = {}) {
  const current = releases.find((release) => release.name === live);
  const anchor = current ?? releases.at(-1);
  if (live && !current) {
    log(
      `current points at ${live}, which is not a complete release${anchor ? `; taking ${anchor.name}, the newest complete one, as live` : ''}.`,
    );
  }
  const target = releases.find(
    (release) => release.name === anchor?.manifest.replaced,
  );
  const kept = releases.filter(
    (release) => release === anchor || (release === target && !dropRollback),
  );
  const removed = releases.filter((old) => !kept.includes(old));
  for (const release of removed) {
    log(
      `Removing ${release.dir}: ${release === target ? 'the rollback target, as --drop-rollback asks' : 'neither live nor the rollback target (left by a run that did not switch to it, or replaced twice)'}.`,
    );
    await removeRelease(io, release);
  }
  return {
    current,
    anchor,
    target: kept.includes(/** @type {Release} */ (target)) ? target : undefined,
    kept,
    removed,
  };
}

/**
 * When each hashed file was last served by a live build: a release's own
 * files until it was replaced (now, for the live one), carried files as the
 * release recorded them. The latest time over all releases counts.
 * @param {Release[]} releases
 * @param {string | undefined} live
 * @param {number} now
 */
export async function lastServed(releases, live, now) {
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
 * within `keepMs`, and flushes the folders it linked into; returns what it
 * linked, with when each was last served.
 * @param {Writer} io
 * @param {string} site
 * @param {Set<string>} present
 * @param {Map<string, {time: number, file: string}>} served
 * @param {number} now
 * @param {number} keepMs
 */
export async function carryInto(io, site, present, served, now, keepMs) {
  /** @type {Record<string, number>} */
  const carried = {};
  const folders = new Set();
  for (const [relative, {time, file}] of served) {
    if (!present.has(relative) && now - time < keepMs) {
      const folder = path.dirname(path.join(site, relative));
      await io.mkdir(folder);
      await io.link(file, path.join(site, relative));
      folders.add(folder);
      carried[relative] = time;
    }
  }
  for (const folder of folders) {
    await io.sync(folder);
  }
  return carried;
}

/**
 * Points `current` at a release in one step (a symlink renamed over it).
 * @param {Writer} io
 * @param {string} root
 * @param {string} name
 */
export async function switchTo(io, root, name) {
  const next = path.join(root, `current${uniqueSuffix()}`);
  await io.symlink(path.join('releases', name), next);
  await io.rename(next, path.join(root, 'current'));
  await io.sync(root);
}

/**
 * @param {Writer} io
 * @param {Release} release
 * @param {Partial<Manifest>} changes
 */
export async function setManifest(io, release, changes) {
  const manifest = {...release.manifest, ...changes};
  await writeDurably(
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
export async function removeRelease(io, release) {
  const aside = path.join(
    path.dirname(release.dir),
    `${removingPrefix}${release.name}`,
  );
  await io.rename(release.dir, aside);
  await io.remove(aside);
}

/**
 * The bytes removing a release would free: its files no other release
 * holds (hashed files carried between releases are hard links).
 * @param {Release} release
 * @param {number} blockSize
 */
async function ownBytes(release, blockSize) {
  let bytes = 0;
  for (const relative of await filesUnder(release.dir)) {
    const {size, nlink} = await stat(path.join(release.dir, relative));
    if (nlink === 1) {
      bytes += Math.ceil(size / blockSize) * blockSize;
    }
  }
  return bytes;
}

/**
 * The space a deploy of `files` (paths inside `buildDir`) takes on a disk
 * of `blockSize` blocks: each file rounded up to whole blocks, and a margin.
 * @param {string} buildDir
 * @param {string[]} files
 * @param {number} blockSize
 */
export async function spaceNeeded(buildDir, files, blockSize) {
  let needed = spaceMarginBytes;
  for (const relative of files) {
    const {size} = await stat(path.join(buildDir, relative));
    needed += Math.ceil(size / blockSize) * blockSize;
  }
  return needed;
}

/**
 * Refuses a deploy the disk cannot hold, before anything is copied
 * (spaceNeeded). The message names the release that could still go (the
 * rollback target: every other one is gone by now) and how much that would
 * free.
 * @param {string} root
 * @param {string} buildDir
 * @param {string[]} files
 * @param {Release | undefined} target
 * @param {import('./io.mjs').Faults | undefined} faults
 */
export async function checkFreeSpace(root, buildDir, files, target, faults) {
  const disk = await statfs(root);
  const needed = await spaceNeeded(buildDir, files, disk.bsize);
  const free = faults?.freeBytes
    ? await faults.freeBytes(root)
    : disk.bavail * disk.bsize;
  if (free < needed) {
    const removable = target
      ? `only the live release and its rollback target ${target.dir} are left, and removing the target would free ${inMiB(await ownBytes(target, disk.bsize))} MiB: deploy again with --drop-rollback to remove it first (--rollback then has nothing to return to), or free space elsewhere`
      : 'only the live release is left: free space elsewhere, and deploy again';
    throw new DeployError(
      `${root} has ${inMiB(free)} MiB free, and this deploy needs ${inMiB(needed)} MiB (the build and a margin); ${removable}.`,
    );
  }
}
