// @ts-check
// One deploy or rollback in a process of its own, for the fault-injection
// tests (tests/unit/deployFaults.spec.ts), with one fault before its Nth
// change to the filesystem: `kill` (SIGKILL: a crash, nothing cleaned up)
// or `full` (ENOSPC at the Nth change that takes space). Either leaves
// what an interrupted change leaves (see interrupt). Prints how many such
// changes it made (and which, in order), and the error it ended with.
//   node tests/support/faultyDeploy.mjs '<json: options below>'
// `journal` names a file that gets "enter <pid>" once the lock is held and
// "leave <pid>" just before it is released; `startAt` (ms since the epoch)
// holds the start back, so that two processes start together.
import {appendFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {deploy, rollback} from '../../deploy/releases.mjs';

/** Changes that take space, and can meet a full disk. */
const allocating = new Set(['mkdir', 'copy', 'link', 'symlink', 'write']);

const {
  command,
  fault,
  at,
  journal,
  startAt = 0,
  ...options
} = JSON.parse(process.argv[2] ?? '{}');
let changes = 0;
/** @type {string[]} Each change counted, as "<operation> <target>", in order. */
const trace = [];

/** @type {import('../../deploy/lib/io.mjs').Faults} */
const faults = {
  beforeWrite(operation, target) {
    if (fault === 'full' && !allocating.has(operation)) {
      return;
    }
    changes += 1;
    trace.push(`${operation} ${target}`);
    if (changes !== at) {
      return;
    }
    interrupt(operation, target);
    if (fault === 'kill') {
      process.kill(process.pid, 'SIGKILL');
    }
    throw Object.assign(new Error('ENOSPC: no space left on device'), {
      code: 'ENOSPC',
      syscall: operation,
    });
  },
};

/**
 * What an interrupted change leaves: a write or copy has created (or
 * truncated) its file and written nothing; a removal has taken the first
 * files it met, here the manifest of the release it removes.
 * @param {string} operation
 * @param {string} target
 */
function interrupt(operation, target) {
  if (operation === 'write' || operation === 'copy') {
    writeFileSync(target, '');
  }
  if (operation === 'remove') {
    rmSync(path.join(target, 'release.json'), {force: true});
  }
}

/** @param {import('../../deploy/releases.mjs').Step} step */
async function onStep(step) {
  if (journal && step === 'locked') {
    appendFileSync(journal, `enter ${process.pid}\n`);
  }
  if (journal && step === 'done') {
    appendFileSync(journal, `leave ${process.pid}\n`);
  }
}

while (Date.now() < startAt) {
  // Both racers spin until the same moment.
}
const common = {...options, faults, onStep, reload: false, log: () => {}};
try {
  await (command === 'rollback' ? rollback(common) : deploy(common));
  console.log(JSON.stringify({changes, trace}));
} catch (error) {
  console.log(
    JSON.stringify({
      changes,
      trace,
      error: error instanceof Error ? error.message : String(error),
    }),
  );
}
