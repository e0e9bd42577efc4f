import {execFileSync} from 'node:child_process';
import {cpSync, mkdtempSync, rmSync, symlinkSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {hasGitHistory} from '../../src/lib/gitHistory';

/**
 * A source archive or a container build context has no `.git`: the config
 * then turns off last-updated dates and Git reads, and the build goes on.
 */

const siteDir = path.join(__dirname, '..', '..');

/** The config's Git-dependent settings, loaded in `dir` as Docusaurus does. */
function gitSettings(dir: string) {
  const output = execFileSync(
    process.execPath,
    [
      '-e',
      `const jiti = require('jiti')(${JSON.stringify(path.join(dir, 'x.js'))}, {interopDefault: true});
       const config = jiti('./docusaurus.config.ts');
       const docs = config.presets[0][1].docs;
       console.log(JSON.stringify({vcs: config.future.experimental_vcs ?? 'default', lastUpdate: docs.showLastUpdateTime}));`,
    ],
    {cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe']},
  );
  return JSON.parse(output.trim().split('\n').at(-1)!) as unknown;
}

test('the site folder has Git history; a bare folder has none', () => {
  expect(hasGitHistory(siteDir)).toBe(true);
  const bare = mkdtempSync(path.join(tmpdir(), 'ih-help-nogit-'));
  try {
    expect(hasGitHistory(bare)).toBe(false);
  } finally {
    rmSync(bare, {recursive: true, force: true});
  }
});

test('a copy without .git turns off last-updated dates and Git reads', () => {
  test.setTimeout(60_000);
  const copy = mkdtempSync(path.join(tmpdir(), 'ih-help-nogit-'));
  try {
    for (const item of [
      'docusaurus.config.ts',
      'sidebars.ts',
      'src',
      'scripts',
      'openapi',
      'api_versions.json',
    ]) {
      cpSync(path.join(siteDir, item), path.join(copy, item), {
        recursive: true,
      });
    }
    symlinkSync(
      path.join(siteDir, 'node_modules'),
      path.join(copy, 'node_modules'),
    );
    expect(gitSettings(copy)).toEqual({vcs: false, lastUpdate: false});
    expect(gitSettings(siteDir)).toEqual({vcs: 'default', lastUpdate: true});
  } finally {
    rmSync(copy, {recursive: true, force: true});
  }
});
