import {spawnSync} from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {DeployError} from '../../deploy/lib/io.mjs';
import {deploy, rollback} from '../../deploy/releases.mjs';
import {makeBuild as makeBuildIn, testHost} from '../support/releaseRoot';

/**
 * deploy/deploy.mjs on a temporary root, as an operator would run it again
 * and again: failures, interruptions, strays, races, rollbacks, expiry and
 * bad input. nginx itself is exercised by tests/e2e/deploy.spec.ts.
 */

const dayMs = 24 * 60 * 60 * 1000;
const t0 = Date.parse('2026-01-01T00:00:00Z');
let dir: string;
let root: string;
let messages: string[];

test.beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'ih-help-deploy-'));
  root = path.join(dir, 'srv');
  messages = [];
});
test.afterEach(() => rmSync(dir, {recursive: true, force: true}));

const makeBuild = (name: string, assets: string[]) =>
  makeBuildIn(dir, name, assets);

const run = (build: string, now: number, keepDays?: number | string) =>
  deploy({
    build,
    root,
    now,
    keepDays: keepDays as number,
    reload: false,
    log: (message: string) => messages.push(message),
    host: testHost,
  });

const live = () => path.basename(readlinkSync(path.join(root, 'current')));
const releases = () =>
  readdirSync(path.join(root, 'releases')).filter(
    (name) => !name.startsWith('.'),
  );
const served = (release: string, file: string) =>
  path.join(root, 'releases', release, 'help', file);

test('a deploy stages, switches and records the policy of the release', async () => {
  const {name} = await run(makeBuild('a', ['a1.js']), t0);
  expect(live()).toBe(name);
  expect(readFileSync(served(name, 'index.html'), 'utf8')).toMatch(
    /^<h1>a<\/h1>/,
  );
  expect(readFileSync(path.join(root, 'policies.conf'), 'utf8')).toContain(
    `releases/${name}" "default-src 'self'; script-src 'self' 'sha256-a='; connect-src 'self' https://sandbox.example.com";`,
  );
  // The lock is free again: its newest generation says so.
  const lock = path.join(root, 'deploy.lock');
  const newest = Math.max(...readdirSync(lock).map(Number));
  expect(
    JSON.parse(readFileSync(path.join(lock, String(newest)), 'utf8')).state,
  ).toBe('free');
});

test('a failed deploy (mistyped --build) changes nothing and blocks nothing', async () => {
  const first = await run(makeBuild('a', ['a1.js']), t0);
  await expect(run(path.join(dir, 'biuld'), t0 + dayMs)).rejects.toThrow(
    /--build .*biuld is not a folder/,
  );
  expect(live()).toBe(first.name);
  const next = await run(makeBuild('b', ['b1.js']), t0 + 2 * dayMs);
  expect(live()).toBe(next.name);
});

test('a build missing a file the server needs is refused before anything changes', async () => {
  const first = await run(makeBuild('a', ['a1.js']), t0);
  const broken = makeBuild('b', ['b1.js']);
  unlinkSync(path.join(broken, '_security-headers.json'));
  await expect(run(broken, t0 + dayMs)).rejects.toThrow(
    /not a complete build .*missing _security-headers\.json/,
  );
  expect(live()).toBe(first.name);
  expect(releases()).toEqual([first.name]);
});

test('a build holding a symbolic link, a link outside it or a pipe is refused, naming the path', async () => {
  const first = await run(makeBuild('a', ['a1.js']), t0);
  const cases: [string, (build: string) => void, RegExp][] = [
    [
      'index.html a link',
      (build) => {
        unlinkSync(path.join(build, 'index.html'));
        symlinkSync(
          path.join(build, '404.html'),
          path.join(build, 'index.html'),
        );
      },
      /holds what the server must not follow: index\.html is a symbolic link \(to .*404\.html\)/,
    ],
    [
      'a folder linked from outside',
      (build) => symlinkSync('/etc', path.join(build, 'assets', 'etc')),
      /assets\/etc is a symbolic link \(to \/etc\)/,
    ],
    [
      'a pipe',
      (build) => {
        spawnSync('mkfifo', [path.join(build, 'feed.xml')]);
      },
      /feed\.xml is not a regular file/,
    ],
  ];
  for (const [name, plant, message] of cases) {
    const build = makeBuild(`b-${name.replaceAll(' ', '-')}`, ['b1.js']);
    plant(build);
    const error = await run(build, t0 + dayMs).catch(
      (caught: Error) => caught.message,
    );
    expect(error, name).toMatch(message);
    expect(String(error).split('\n'), name).toHaveLength(1);
    expect(live()).toBe(first.name);
    expect(releases()).toEqual([first.name]);
  }
});

test('a build missing a file its pages need is refused, even when an earlier release holds it', async () => {
  const first = await run(makeBuild('a', ['a1.js', 'shared.js']), t0);
  const cases: [string, (build: string) => void, RegExp][] = [
    [
      'a script',
      (build) => unlinkSync(path.join(build, 'assets', 'js', 'shared.js')),
      /incomplete: 1 file\(s\) its pages need are not in it: assets\/js\/shared\.js \(from index\.html\)/,
    ],
    [
      'a page of the sitemap',
      (build) =>
        writeFileSync(
          path.join(build, 'sitemap.xml'),
          '<urlset><url><loc>https://help.example.com/help/docs/intro</loc></url></urlset>',
        ),
      /docs\/intro \(from sitemap\.xml\)/,
    ],
    [
      "the search index's manifest",
      (build) =>
        rmSync(
          path.join(
            build,
            `search-index-${Buffer.from('b').toString('hex')}`,
            'manifest.json',
          ),
        ),
      /search-index-62\/manifest\.json \(from assets\/js\/b1\.js\)/,
    ],
    [
      'a piece of the search index',
      (build) =>
        rmSync(
          path.join(
            build,
            `search-index-${Buffer.from('b').toString('hex')}`,
            'terms-0.json',
          ),
        ),
      /search-index-62\/terms-0\.json \(from search-index-62\/manifest\.json\)/,
    ],
    [
      "a search index's manifest that is not one",
      (build) =>
        writeFileSync(
          path.join(
            build,
            `search-index-${Buffer.from('b').toString('hex')}`,
            'manifest.json',
          ),
          '<html>',
        ),
      /search-index-62\/manifest\.json \(from assets\/js\/\w+\.js, which reads it as the manifest of its pieces, but it is not one\)/,
    ],
    [
      'a stylesheet and what it loads',
      (build) => {
        mkdirSync(path.join(build, 'assets', 'css'));
        writeFileSync(
          path.join(build, 'assets', 'css', 'styles.css'),
          'body{background:url(../img/paper.png)}',
        );
        writeFileSync(
          path.join(build, '404.html'),
          '<link rel="stylesheet" href="/help/assets/css/styles.css">',
        );
      },
      /assets\/img\/paper\.png \(from assets\/css\/styles\.css\)/,
    ],
    [
      // The runtime as Rspack writes it, loading a route's script and the
      // stylesheet that travels with it (src/plugins/figure-styles).
      "a route's stylesheet the runtime loads",
      (build) =>
        writeFileSync(
          path.join(build, 'assets', 'js', 'runtime~main.0a1b.js'),
          'i.u=e=>"assets/js/"+(({7393:"22623c70"})[e]||e)+"."+({7393:"72f0eb2c"})[e]+".js";' +
            'i.miniCssF=e=>"assets/css/"+({7393:"22623c70"})[e]+"."+({7393:"a32e7157"})[e]+".css";',
        ),
      /assets\/js\/22623c70\.72f0eb2c\.js \(from assets\/js\/runtime~main\.0a1b\.js\), assets\/css\/22623c70\.a32e7157\.css \(from assets\/js\/runtime~main\.0a1b\.js\)/,
    ],
  ];
  for (const [name, plant, message] of cases) {
    const build = makeBuild('b', ['b1.js', 'shared.js']);
    plant(build);
    await expect(run(build, t0 + dayMs), name).rejects.toThrow(message);
    expect(live()).toBe(first.name);
    expect(releases()).toEqual([first.name]);
    rmSync(build, {recursive: true});
  }
});

test('an interrupted deploy is cleaned up by the next one, with a message', async () => {
  const first = await run(makeBuild('a', ['a1.js']), t0);
  // What `kill -9` during the copy leaves: a half-written staging folder.
  const staging = path.join(root, 'releases', '.staging-killed');
  mkdirSync(path.join(staging, 'help', 'assets'), {recursive: true});
  writeFileSync(path.join(staging, 'help', 'index.html'), '<h1>half');
  const next = await run(makeBuild('b', ['b1.js']), t0 + dayMs);
  expect(existsSync(staging)).toBe(false);
  expect(messages.join('\n')).toMatch(
    /Removing .*\.staging-killed: an incomplete release/,
  );
  expect(releases().sort()).toEqual([first.name, next.name].sort());
});

test('stray entries in releases/ are skipped with a message', async () => {
  await run(makeBuild('a', ['a1.js']), t0);
  writeFileSync(path.join(root, 'releases', 'notes.txt'), 'hello');
  mkdirSync(path.join(root, 'releases', 'copied-by-hand'));
  const next = await run(makeBuild('b', ['b1.js']), t0 + dayMs);
  expect(live()).toBe(next.name);
  expect(messages.join('\n')).toMatch(/Skipping .*notes\.txt: not a release/);
  expect(messages.join('\n')).toMatch(
    /Skipping .*copied-by-hand: not a release/,
  );
  expect(existsSync(path.join(root, 'releases', 'notes.txt'))).toBe(true);
});

test('two deploys at once: one runs, the other is refused by the lock', async () => {
  await run(makeBuild('a', ['a1.js']), t0);
  const results = await Promise.allSettled([
    run(makeBuild('b', ['b1.js']), t0 + dayMs),
    run(makeBuild('c', ['c1.js']), t0 + dayMs + 1),
  ]);
  const refused = results.filter((result) => result.status === 'rejected');
  expect(refused).toHaveLength(1);
  expect(String((refused[0] as PromiseRejectedResult).reason)).toMatch(
    /Another deploy \(process \d+\) holds .*deploy\.lock/,
  );
  expect(
    results.filter((result) => result.status === 'fulfilled'),
  ).toHaveLength(1);
});

test('a lock left by a process that died is taken over', async () => {
  mkdirSync(root, {recursive: true});
  // A pid no process has: the child below has exited.
  const {pid} = spawnSync(process.execPath, ['-e', '']);
  mkdirSync(path.join(root, 'deploy.lock'));
  writeFileSync(
    path.join(root, 'deploy.lock', '7'),
    JSON.stringify({state: 'held', pid, token: 'killed'}),
  );
  const {name} = await run(makeBuild('a', ['a1.js']), t0);
  expect(live()).toBe(name);
  expect(messages.join('\n')).toMatch(
    new RegExp(`Took over .*deploy\\.lock from process ${pid}`),
  );
});

test('a lock whose pid now belongs to another process is taken over', async () => {
  mkdirSync(path.join(root, 'deploy.lock'), {recursive: true});
  // This process's pid, with another start time: a holder that ended, its
  // pid given to a later process.
  writeFileSync(
    path.join(root, 'deploy.lock', '3'),
    JSON.stringify({
      state: 'held',
      pid: process.pid,
      start: 'long ago',
      token: 'old',
    }),
  );
  const {name} = await run(makeBuild('a', ['a1.js']), t0);
  expect(live()).toBe(name);
  expect(messages.join('\n')).toMatch(/Took over .*deploy\.lock/);
});

test('rollback returns to the release the live one replaced, and back', async () => {
  const a = await run(makeBuild('a', ['a1.js']), t0);
  const b = await run(makeBuild('b', ['b1.js']), t0 + dayMs);
  const options = {root, reload: false, log: () => undefined};
  expect((await rollback(options)).name).toBe(a.name);
  expect(live()).toBe(a.name);
  expect((await rollback(options)).name).toBe(b.name);
  expect(live()).toBe(b.name);
});

test('after a manual rollback the next deploy keeps the live release', async () => {
  const a = await run(makeBuild('a', ['a1.js']), t0);
  await run(makeBuild('b', ['b1.js']), t0 + dayMs);
  // The operator points current at the older release by hand.
  const link = path.join(root, 'current.manual');
  symlinkSync(path.join('releases', a.name), link);
  const {renameSync} = await import('node:fs');
  renameSync(link, path.join(root, 'current'));
  const c = await run(makeBuild('c', ['c1.js']), t0 + 2 * dayMs);
  expect(live()).toBe(c.name);
  expect(releases()).toContain(a.name);
  // and it is the rollback target
  expect(
    (await rollback({root, reload: false, log: () => undefined})).name,
  ).toBe(a.name);
});

test('only the live release and the one it replaced are kept', async () => {
  const names = [];
  for (const [index, build] of ['a', 'b', 'c', 'd'].entries()) {
    names.push(
      (await run(makeBuild(build, [`${build}1.js`]), t0 + index * dayMs)).name,
    );
  }
  expect(releases().sort()).toEqual(names.slice(-2).sort());
});

test('a current that is a real folder is refused with a message, nothing deleted', async () => {
  mkdirSync(path.join(root, 'current'), {recursive: true});
  writeFileSync(path.join(root, 'current', 'index.html'), 'hand-made');
  await expect(run(makeBuild('a', ['a1.js']), t0)).rejects.toThrow(
    /current is not a symbolic link/,
  );
  expect(readFileSync(path.join(root, 'current', 'index.html'), 'utf8')).toBe(
    'hand-made',
  );
});

test('carried assets are hard-linked and expire by when a live build last served them', async () => {
  await run(makeBuild('a', ['a1.js', 'shared.js']), t0);
  // a1.js leaves the build at day 1: served by a live build until then.
  const b = await run(makeBuild('b', ['b1.js', 'shared.js']), t0 + dayMs);
  const a1 = statSync(served(b.name, 'assets/js/a1.js'));
  const c = await run(makeBuild('c', ['c1.js', 'shared.js']), t0 + 10 * dayMs);
  // Carried again (9 days after it was last served), as the same file.
  expect(statSync(served(c.name, 'assets/js/a1.js')).ino).toBe(a1.ino);
  expect(statSync(served(c.name, 'assets/js/b1.js')).nlink).toBeGreaterThan(1);
  const d = await run(makeBuild('d', ['d1.js', 'shared.js']), t0 + 16 * dayMs);
  // 15 days since a live build served a1.js: gone. b1.js (6 days) stays.
  expect(existsSync(served(d.name, 'assets/js/a1.js'))).toBe(false);
  expect(existsSync(served(d.name, 'assets/js/b1.js'))).toBe(true);
  expect(existsSync(served(d.name, 'assets/js/c1.js'))).toBe(true);
});

for (const keepDays of ['abc', '0', '-3', '']) {
  test(`--keep-days "${keepDays}" is refused and nothing is deleted`, async () => {
    const a = await run(makeBuild('a', ['a1.js']), t0);
    await expect(
      run(makeBuild('b', ['b1.js']), t0 + dayMs, keepDays),
    ).rejects.toThrow(DeployError);
    expect(releases()).toEqual([a.name]);
    expect(live()).toBe(a.name);
  });
}

test('the command line reports bad options and exits non-zero', () => {
  const result = spawnSync(
    process.execPath,
    [
      path.join(__dirname, '..', '..', 'deploy', 'deploy.mjs'),
      '--build',
      makeBuild('a', []),
      '--root',
      root,
      '--keep-days',
      'abc',
      '--no-reload',
    ],
    {encoding: 'utf8'},
  );
  expect(result.status).toBe(2);
  expect(result.stderr).toContain(
    '--keep-days must be a number of days above 0, not "abc"',
  );
  expect(existsSync(path.join(root, 'current'))).toBe(false);
});

test('what a later step relies on is flushed to disk, file and folder, before that step', async () => {
  const changes: {operation: string; target: string}[] = [];
  const faults = {
    beforeWrite: (operation: string, target: string) => {
      changes.push({operation, target});
    },
  };
  const options = {root, reload: false, log: () => undefined, faults};
  await deploy({
    ...options,
    build: makeBuild('a', ['a1.js']),
    now: t0,
    host: testHost,
  });
  await deploy({...options, build: makeBuild('b', ['b1.js']), now: t0 + dayMs});
  await rollback({...options, now: t0 + 2 * dayMs});

  const lock = path.join(root, 'deploy.lock');
  const renames = changes.flatMap((change, index) =>
    change.operation === 'rename' && !change.target.includes('.removing-')
      ? [index]
      : [],
  );
  // Three manifests, host.json, policies.conf four times, two staging
  // copies and three switches of current.
  expect(renames.length).toBeGreaterThanOrEqual(12);
  for (const at of renames) {
    const {target} = changes[at]!;
    const before = changes.slice(0, at);
    /** Whether `file` was flushed after its last change before `at`. */
    const flushed = (file: string) => {
      const last = before
        .map((change) => change.target === file && change.operation !== 'sync')
        .lastIndexOf(true);
      return before
        .slice(last + 1)
        .some(
          (change) => change.operation === 'sync' && change.target === file,
        );
    };
    // A: every file written or copied so far is on disk before a rename
    // makes it (or the folder holding it) count.
    for (const {operation, target: file} of before) {
      if (['write', 'copy'].includes(operation) && !file.startsWith(lock)) {
        expect(
          flushed(file),
          `${file} flushed before renaming to ${target}`,
        ).toBe(true);
      }
    }
    // B: the rename itself is on disk before the next step.
    expect(changes[at + 1], `after renaming to ${target}`).toEqual({
      operation: 'sync',
      target: path.dirname(target),
    });
    // C: a release's folders are on disk before its name says it is whole.
    if (path.dirname(target) === path.join(root, 'releases')) {
      const staging = before
        .filter((change) => change.target.includes(`${path.sep}.staging-`))
        .at(-1)!
        .target.split(path.sep + 'help')[0]!;
      for (const {operation, target: entry} of before) {
        if (
          path.dirname(entry).startsWith(staging) &&
          ['mkdir', 'copy', 'link', 'write'].includes(operation)
        ) {
          expect(flushed(path.dirname(entry)), `${path.dirname(entry)}`).toBe(
            true,
          );
        }
      }
    }
  }
});
