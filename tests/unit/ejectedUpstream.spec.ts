// An ejected theme file is a copy of upstream code, kept by hand: after a
// Docusaurus upgrade that changes the file it was ejected from, it must be
// reviewed against the new upstream. src/theme/ejected.json records, for each
// ejected file, the upstream files it came from and each one's sha256 at
// ejection; these tests fail, naming both, when node_modules holds another.
import {createHash} from 'node:crypto';
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';

const themeDir = path.join(__dirname, '..', '..', 'src', 'theme');
const recordFile = 'src/theme/ejected.json';

/** Ejected file (under src/theme) → upstream module → sha256 at ejection. */
const ejected = JSON.parse(
  readFileSync(path.join(themeDir, 'ejected.json'), 'utf8'),
) as Record<string, Record<string, string>>;

/** The files the README's table of swizzles marks as ejected. */
function ejectedInReadme(): string[] {
  const readme = readFileSync(path.join(themeDir, 'README.md'), 'utf8');
  return readme
    .split('\n')
    .map((line) => line.split('|').map((cell) => cell.trim()))
    .filter((cells) => cells[2]?.startsWith('eject'))
    .flatMap((cells) =>
      [...cells[1]!.matchAll(/`([^`]+)`/g)].map((match) => match[1]!),
    );
}

const sha256 = (file: string) =>
  createHash('sha256').update(readFileSync(file)).digest('hex');

/** The installed version of the package a module specifier names. */
function versionOf(specifier: string): string {
  const name = specifier.split('/').slice(0, 2).join('/');
  const manifest = JSON.parse(
    readFileSync(require.resolve(`${name}/package.json`), 'utf8'),
  ) as {version: string};
  return `${name} ${manifest.version}`;
}

test('every file the README marks as ejected records where it came from', () => {
  expect(Object.keys(ejected).sort()).toEqual(ejectedInReadme().sort());
  for (const file of Object.keys(ejected)) {
    expect(existsSync(path.join(themeDir, file)), file).toBe(true);
  }
});

for (const [file, upstreams] of Object.entries(ejected)) {
  test(`the upstream of src/theme/${file} is unchanged since it was ejected`, () => {
    for (const [upstream, recorded] of Object.entries(upstreams)) {
      const current = sha256(require.resolve(upstream));
      expect(
        current,
        `${upstream} has changed since src/theme/${file} was ejected from it ` +
          `(installed: ${versionOf(upstream)}). Review src/theme/${file} ` +
          `against it, carry over what changed, then record its sha256 ` +
          `${current} in ${recordFile}.`,
      ).toBe(recorded);
    }
  });
}
