// @ts-check
// The root's deploy lock: one holder by construction, and a holder that
// crashed is superseded, never deleted (see takeLock).
import {readFileSync} from 'node:fs';
import {lstat, readFile, readdir, rm, unlink} from 'node:fs/promises';
import {randomBytes} from 'node:crypto';
import path from 'node:path';
import {DeployError, errorCode, uniqueSuffix} from './io.mjs';

const lockDir = 'deploy.lock';
/** Field 22 of /proc/<pid>/stat (the process start time), counted after the command name. */
const startTimeField = 19;

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
export function isRunning(pid) {
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
 * @param {import('./io.mjs').Writer} io
 * @param {(message: string) => void} log
 */
export async function takeLock(root, io, log) {
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
export async function removeDeadTemporaries(dir) {
  for (const name of await readdir(dir)) {
    const pid = Number(/\.tmp-(\d+)-/.exec(name)?.[1]);
    if (pid && pid !== process.pid && !isRunning(pid)) {
      await rm(path.join(dir, name), {force: true, recursive: true});
    }
  }
}
