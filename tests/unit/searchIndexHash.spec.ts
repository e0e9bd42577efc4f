import {cpSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {
  indexInputs as inputs,
  searchIndexHashDir,
  searchIndexInputsHash,
} from '../../src/plugins/search-index-hash';

/**
 * The search index's file name hashes its inputs. The same commit checked
 * out in two folders must publish the same name (issue 20), so the hash may
 * depend on the files' content and their place in the site, never on the
 * folder the site is in.
 */

const siteDir = path.join(__dirname, '..', '..');

/** A copy of the hashed inputs in a new folder. */
function copyOfSite(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'search-hash-'));
  for (const input of inputs) {
    cpSync(path.join(siteDir, input), path.join(dir, input), {
      recursive: true,
    });
  }
  return dir;
}

test('two checkouts of the same files get the same index hash', () => {
  const [first, second] = [copyOfSite(), copyOfSite()];
  try {
    expect(first).not.toBe(second);
    const hash = searchIndexInputsHash(first);
    expect(searchIndexInputsHash(second)).toBe(hash);
    expect(searchIndexInputsHash(siteDir)).toBe(hash);
    // The folder the search plugin reads holds only that hash, and is named
    // relative to the site: the config, with it, reaches the client bundle.
    expect(searchIndexHashDir(first)).toBe(searchIndexHashDir(second));
    expect(path.isAbsolute(searchIndexHashDir(first))).toBe(false);
  } finally {
    rmSync(first, {recursive: true, force: true});
    rmSync(second, {recursive: true, force: true});
  }
});

test('a changed input changes the hash', () => {
  const dir = copyOfSite();
  try {
    const before = searchIndexInputsHash(dir);
    writeFileSync(path.join(dir, 'src', 'data', 'extra.yaml'), 'a: 1\n');
    expect(searchIndexInputsHash(dir)).not.toBe(before);
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});
