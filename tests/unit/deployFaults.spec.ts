import {spawn, spawnSync} from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {deploy, rollback} from '../../deploy/releases.mjs';
import {
  expectNoLeftovers,
  expectServing,
  makeBuild,
  testHost,
} from '../support/releaseRoot';

/**
 * The deploy under the faults an operator meets: the process killed
 * (SIGKILL) before each of its changes to the filesystem, a full disk at
 * each change that takes space, two deploys racing for a stale lock, and
 * builds for another host. After each fault the root still serves a whole
 * release with its own policy, and the next deploy and rollback succeed.
 * nginx is not needed here: what it serves follows from `current` and
 * policies.conf, and tests/e2e/deploy.spec.ts runs the switch under a real
 * nginx.
 */

const dayMs = 24 * 60 * 60 * 1000;
const t0 = Date.parse('2026-01-01T00:00:00Z');
const child = path.join(__dirname, '..', 'support', 'faultyDeploy.mjs');
/** Tries of the stale-lock race (the report saw both hold it 1 in 30). */
const raceTries = 60;
/** How far ahead the racers are told to start, so both are waiting. */
const raceStartMs = 400;

let dir: string;
let root: string;
let builds: Record<'a' | 'b' | 'c' | 'd', string>;

test.beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'ih-help-faults-'));
  root = path.join(dir, 'srv');
  builds = {
    a: makeBuild(dir, 'a', ['a1.js', 'shared.js']),
    b: makeBuild(dir, 'b', ['b1.js', 'shared.js']),
    c: makeBuild(dir, 'c', ['c1.js', 'shared.js']),
    d: makeBuild(dir, 'd', ['d1.js', 'shared.js']),
  };
});
test.afterEach(() => rmSync(dir, {recursive: true, force: true}));

const quiet = () => undefined;
const all = () => Object.values(builds);
const run = (build: string, now: number) =>
  deploy({build, root, now, reload: false, log: quiet, host: testHost});
const back = (now: number) => rollback({root, now, reload: false, log: quiet});

/** a, then b: b is live and a is its rollback target. */
async function twoReleases() {
  rmSync(root, {recursive: true, force: true});
  await run(builds.a, t0);
  await run(builds.b, t0 + dayMs);
}

interface ChildResult {
  changes: number;
  error?: string;
}

/** Runs a deploy (or rollback) in its own process, with one fault. */
function faulty(options: Record<string, unknown>): ChildResult | undefined {
  const result = spawnSync(process.execPath, [child, JSON.stringify(options)], {
    encoding: 'utf8',
  });
  return result.signal === 'SIGKILL'
    ? undefined
    : (JSON.parse(result.stdout) as ChildResult);
}

/** After a fault: still serving, and the next deploy and rollback work. */
async function expectRecovers(now: number) {
  const before = expectServing(root, all());
  expect(['b', 'c', 'a']).toContain(before);
  await run(builds.d, now);
  expect(expectServing(root, all())).toBe('d');
  expectNoLeftovers(root);
  // d and the release it replaced: no release leaked.
  expect(readdirSync(path.join(root, 'releases'))).toHaveLength(2);
  await back(now + 1);
  expect(expectServing(root, all())).toBe(before);
  expectNoLeftovers(root);
}

const faultCounts: Record<string, number> = {};
test.afterAll(() => {
  if (Object.keys(faultCounts).length > 0) {
    console.log(`Faults injected: ${JSON.stringify(faultCounts)}`);
  }
});

for (const command of ['deploy', 'rollback'] as const) {
  const options = (extra: Record<string, unknown>) => ({
    command,
    root,
    now: t0 + 2 * dayMs,
    ...(command === 'deploy' ? {build: builds.c, host: testHost} : {}),
    ...extra,
  });

  test(`a ${command} killed at each of its changes loses nothing`, async () => {
    await twoReleases();
    const total = faulty(options({fault: 'kill'}))!.changes;
    expect(total).toBeGreaterThan(10);
    for (let at = 1; at <= total; at += 1) {
      await twoReleases();
      expect(faulty(options({fault: 'kill', at})), `killed at ${at}`).toBe(
        undefined,
      );
      await expectRecovers(t0 + 3 * dayMs);
    }
    faultCounts[`kill-${command}`] = total;
  });

  test(`a ${command} that meets a full disk at any change cleans up and loses nothing`, async () => {
    await twoReleases();
    const total = faulty(options({fault: 'full'}))!.changes;
    expect(total).toBeGreaterThan(5);
    for (let at = 1; at <= total; at += 1) {
      await twoReleases();
      const result = faulty(options({fault: 'full', at}));
      expect(result?.error, `full at ${at}`).toMatch(/ENOSPC/);
      // The failed run removed its staging copy and temporary files itself.
      expect(
        readdirSync(path.join(root, 'releases')).filter((name) =>
          name.startsWith('.'),
        ),
      ).toEqual([]);
      await expectRecovers(t0 + 3 * dayMs);
    }
    faultCounts[`full-${command}`] = total;
  });
}

test('two deploys racing for a stale lock never both hold it', async () => {
  test.setTimeout(120_000);
  await twoReleases();
  const journal = path.join(dir, 'journal');
  // A pid no process has: the child below has exited.
  const {pid: deadPid} = spawnSync(process.execPath, ['-e', '']);
  for (let attempt = 0; attempt < raceTries; attempt += 1) {
    const lock = path.join(root, 'deploy.lock');
    const newest = Math.max(0, ...readdirSync(lock).map(Number));
    writeFileSync(
      path.join(lock, String(newest + 1)),
      JSON.stringify({state: 'held', pid: deadPid, token: 'crashed'}),
    );
    writeFileSync(journal, '');
    const startAt = Date.now() + raceStartMs;
    const racers = (['c', 'd'] as const).map(
      (name, index) =>
        new Promise<ChildResult>((resolve) => {
          const racer = spawn(process.execPath, [
            child,
            JSON.stringify({
              command: 'deploy',
              root,
              build: builds[name],
              host: testHost,
              now: t0 + (attempt + 2) * dayMs + index,
              journal,
              startAt,
            }),
          ]);
          let out = '';
          racer.stdout.on('data', (chunk) => (out += chunk));
          racer.on('close', () => resolve(JSON.parse(out)));
        }),
    );
    const results = await Promise.all(racers);
    // The journal alternates enter and leave of one process at a time.
    const lines = readFileSync(journal, 'utf8').trim().split('\n');
    for (let line = 0; line < lines.length; line += 2) {
      const [enter, leave] = [lines[line], lines[line + 1]];
      expect(enter, `try ${attempt}: ${lines.join(', ')}`).toMatch(/^enter /);
      expect(leave).toBe(enter?.replace('enter', 'leave'));
    }
    const refused = results.filter((result) => result.error);
    for (const result of refused) {
      expect(result.error).toMatch(/Another deploy \(process \d+\) holds/);
    }
    expect(refused.length).toBeLessThan(2);
    expect(['c', 'd']).toContain(expectServing(root, all()));
  }
  faultCounts['stale-lock-races'] = raceTries;
  await back(t0 + 100 * dayMs);
  expectServing(root, all());
});

test('a build for another base path, site or search is refused before the root changes', async () => {
  await twoReleases();
  const snapshot = () =>
    readdirSync(root, {recursive: true}).map(String).sort();
  const before = snapshot();
  const wrong = {
    docs: {...testHost, baseUrl: '/docs/'},
    pages: {...testHost, baseUrl: '/help-repo/help/'},
    site: {...testHost, url: 'https://other.example.com'},
    algolia: {...testHost, search: 'algolia'},
  };
  for (const [name, facts] of Object.entries(wrong)) {
    await expect(
      run(makeBuild(dir, name, [], {facts}), t0 + 2 * dayMs),
      name,
    ).rejects.toThrow(
      /is for .*, but this host serves https:\/\/help\.example\.com\/help\/ with local search/,
    );
  }
  for (const baseUrl of ['/help/../../etc/', '/./', '//']) {
    await expect(
      run(
        makeBuild(dir, 'escape', [], {facts: {...testHost, baseUrl}}),
        t0 + 2 * dayMs,
      ),
      baseUrl,
    ).rejects.toThrow(/does not hold valid deployment facts/);
  }
  faultCounts['wrong-builds'] = Object.keys(wrong).length + 3;
  expect(snapshot()).toEqual(before);
  expect(expectServing(root, all())).toBe('b');
  await run(builds.c, t0 + 3 * dayMs);
  expect(expectServing(root, all())).toBe('c');
});

test('the first deploy needs the site URL, and records the host', async () => {
  await expect(
    deploy({build: builds.a, root, reload: false, log: quiet}),
  ).rejects.toThrow(/no host\.json yet: give the site URL .* --site-url/);
  await run(builds.a, t0);
  expect(
    JSON.parse(readFileSync(path.join(root, 'host.json'), 'utf8')),
  ).toEqual(testHost);
  await expect(
    deploy({
      build: builds.b,
      root,
      reload: false,
      log: quiet,
      host: {baseUrl: '/docs/'},
    }),
  ).rejects.toThrow(/--base-url \/docs\/ differs from \/help\//);
});

test('a deploy the disk cannot hold is refused before copying, with the space it needs', async () => {
  await twoReleases();
  await expect(
    deploy({
      build: builds.c,
      root,
      reload: false,
      log: quiet,
      host: testHost,
      faults: {freeBytes: async () => 1024 * 1024},
    }),
  ).rejects.toThrow(
    /has 1 MiB free, and this deploy needs \d+ MiB \(the build and a margin\)/,
  );
  expect(expectServing(root, all())).toBe('b');
  expect(
    readdirSync(path.join(root, 'releases')).filter((name) =>
      name.startsWith('.'),
    ),
  ).toEqual([]);
});

test('a dangling current (its release lost) is recovered by --rollback, and does not block a deploy', async () => {
  await twoReleases();
  const link = path.join(root, 'current.by-hand');
  symlinkSync(path.join('releases', 'gone'), link);
  renameSync(link, path.join(root, 'current'));
  await back(t0 + 2 * dayMs);
  expect(expectServing(root, all())).toBe('b');

  symlinkSync(path.join('releases', 'gone'), link);
  renameSync(link, path.join(root, 'current'));
  await run(builds.c, t0 + 3 * dayMs);
  expect(expectServing(root, all())).toBe('c');
  await back(t0 + 4 * dayMs);
  expect(expectServing(root, all())).toBe('b');
});

test('a rollback links in the hashed files of the release it leaves', async () => {
  await twoReleases();
  await run(builds.c, t0 + 2 * dayMs);
  await back(t0 + 3 * dayMs);
  expect(expectServing(root, all())).toBe('b');
  const live = path.join(root, 'current', 'help', 'assets', 'js');
  // c's own chunk, and a's (carried into c, served within --keep-days).
  expect(readdirSync(live).sort()).toEqual(
    ['a1.js', 'b1.js', 'c1.js', 'shared.js'].sort(),
  );
});

test('an operator error is one sentence with exit status 2', () => {
  mkdirSync(root, {recursive: true});
  const cli = path.join(__dirname, '..', '..', 'deploy', 'deploy.mjs');
  // An nginx whose configuration passes and which is not running.
  const nginx = path.join(dir, 'nginx');
  writeFileSync(
    nginx,
    `#!/bin/sh\ncase "$*" in *-t*) exit 0;; esac\necho 'nginx: [error] open() "/run/nginx.pid" failed (2: No such file or directory)' >&2\nexit 1\n`,
    {mode: 0o755},
  );
  const cases: [string[], RegExp][] = [
    [
      ['--root'],
      /^Option '--root' argument is ambiguous: give each option its value, as in node deploy\/deploy\.mjs/,
    ],
    [
      ['--root', root, '--bogus'],
      /^Unknown option '--bogus': give each option its value, as in /,
    ],
    [
      ['--root', root, '--build', builds.a, '--site-url', testHost.url],
      /nginx -s reload failed \(.+\); nothing was switched: start nginx/,
    ],
    [
      ['--root', root, '--build', builds.a, '--search', 'solr'],
      /--search must be one of local, algolia, not "solr"\./,
    ],
  ];
  for (const [args, message] of cases) {
    const result = spawnSync(
      process.execPath,
      [cli, ...args, '--nginx', nginx],
      {encoding: 'utf8'},
    );
    expect(result.stderr, args.join(' ')).toMatch(message);
    expect(result.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
    expect(result.stderr).not.toMatch(/^\s+at /m);
    expect(result.status, args.join(' ')).toBe(2);
  }
});
