import {spawnSync} from 'node:child_process';

/**
 * Whether `dir` is inside a Git worktree that `git` can read. A source
 * archive or a container build context has no `.git`, and then the build has
 * no history to take last-updated dates from.
 */
export function hasGitHistory(dir: string): boolean {
  const result = spawnSync('git', ['rev-parse', '--is-inside-work-tree'], {
    cwd: dir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return result.status === 0 && result.stdout.trim() === 'true';
}
