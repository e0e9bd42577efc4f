// @ts-check
// The deploy's changes to the filesystem: each announced to the tests' fault
// hook first, every write that a later step relies on flushed to disk (the
// file, then the folder that names it), and files written whole or not at
// all (a temporary name renamed into place).
import {randomBytes} from 'node:crypto';
import {
  copyFile,
  link,
  mkdir,
  open,
  rename,
  rm,
  symlink,
  unlink,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';

/**
 * What the tests inject: a call before every change to the filesystem (to
 * kill the process or fail the change there, or to record the order of
 * changes), and the free space.
 * @typedef {object} Faults
 * @property {(operation: string, target: string) => void | Promise<void>} [beforeWrite]
 * @property {(dir: string) => Promise<number>} [freeBytes]
 */

/** A deploy that cannot go ahead; the message says why and what to do. */
export class DeployError extends Error {}

/** Marks a temporary file's name; the rest names the process that wrote it. */
export const temporaryMark = '.tmp-';

/** A name no other run uses, for temporary files. */
export const uniqueSuffix = () =>
  `${temporaryMark}${process.pid}-${randomBytes(4).toString('hex')}`;

/** @param {unknown} error */
export const errorCode = (error) =>
  error instanceof Error && 'code' in error ? error.code : undefined;

/**
 * Flushes a file or a folder (its entries) to disk.
 * @param {string} target
 */
async function flush(target) {
  const handle = await open(target, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * The filesystem changes of one run, each announced to the fault hook first.
 * @param {Faults | undefined} faults
 */
export function writer(faults) {
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
    /**
     * Flushes a file's content, or a folder's entries, to disk (fsync).
     * @param {string} target
     */
    sync: (target) => run('sync', target, () => flush(target)),
  };
}

/** @typedef {ReturnType<typeof writer>} Writer */

/**
 * Writes `file` whole or not at all, and durably: a temporary file, flushed,
 * renamed over it, and its folder flushed, so after a power cut the file is
 * either the old one or the new one, and a step after this one can rely on
 * the new one.
 * @param {Writer} io
 * @param {string} file
 * @param {string} text
 */
export async function writeDurably(io, file, text) {
  const temporary = `${file}${uniqueSuffix()}`;
  try {
    await io.write(temporary, text);
    await io.sync(temporary);
    await io.rename(temporary, file);
  } catch (error) {
    await rm(temporary, {force: true});
    throw error;
  }
  await io.sync(path.dirname(file));
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
export async function eachLimited(items, limit, task) {
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
