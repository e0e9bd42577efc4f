import {execFileSync} from 'node:child_process';
import {
  cpSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import type {Page} from '@playwright/test';
import {expect, open, test} from '../support/fixtures';
import {startNginx, type DeployStep} from '../../scripts/lib/nginx-site';
import {makeNextRelease} from '../support/nextRelease';
import {buildDir, deployPort} from '../support/site';

/**
 * The policy and the page always match: a release whose inline script
 * changed is deployed into the shipped nginx, and a page is loaded after
 * every step of the deploy and while `current` flips between releases. A
 * tab opened on a release keeps working after a rollback.
 */

const marker = 'changed';
let changedBuild: string;
let nextBuild: string;
let site: Awaited<ReturnType<typeof startNginx>>;
/** Requests made while `current` flips (the report saw 24 in 4,000 mismatch). */
const flipRequests = 4_000;
const flipConcurrency = 20;

/**
 * A test here deploys the full build (about 6 s on an idle machine) and
 * loads a page at each of its steps; beside the other browser tests on two
 * cores that once passed Playwright's 30 s.
 */
const deployWithLoadsMs = 120_000;
test.describe.configure({mode: 'serial', timeout: deployWithLoadsMs});

test.beforeAll(async () => {
  test.setTimeout(300_000);
  // The same build with one more statement in its first inline script, in
  // every page, and the post-build step run again for its policy.
  changedBuild = mkdtempSync(path.join(tmpdir(), 'ih-help-changed-'));
  cpSync(buildDir, changedBuild, {
    recursive: true,
    filter: (source) => !/\.(br|gz)$/.test(source),
  });
  for (const entry of readdirSync(changedBuild, {recursive: true})) {
    const file = path.join(changedBuild, String(entry));
    if (file.endsWith('.html')) {
      writeFileSync(
        file,
        readFileSync(file, 'utf8').replace(
          /<script>([^<]+)<\/script>/,
          `<script>$1;document.documentElement.dataset.release="${marker}"</script>`,
        ),
      );
    }
  }
  execFileSync(process.execPath, ['scripts/postbuild.mjs', changedBuild]);
  nextBuild = mkdtempSync(path.join(tmpdir(), 'ih-help-next-'));
  makeNextRelease(buildDir, nextBuild);
  site = await startNginx(deployPort, buildDir);
});
test.afterAll(() => {
  site?.stop();
  rmSync(changedBuild, {recursive: true, force: true});
  rmSync(nextBuild, {recursive: true, force: true});
});

const guide = 'docs/getting-started/login';

/** Loads the guide; returns its release marker and the CSP violations. */
async function load(page: Page) {
  await open(page, `${site.origin}${site.basePath}${guide}`);
  return page.evaluate(() => ({
    release: document.documentElement.dataset.release ?? 'first',
    violations: (window as unknown as {violations: string[]}).violations,
  }));
}

test('a changed inline script is allowed from the moment its page is served', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const violations: string[] = [];
    Object.assign(window, {violations});
    document.addEventListener('securitypolicyviolation', (event) =>
      violations.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  const policy = async () =>
    (await page.request.get(`${site.origin}${site.basePath}`)).headers()[
      'content-security-policy'
    ];
  const before = await policy();
  expect(await load(page)).toEqual({release: 'first', violations: []});

  const seen: Record<string, unknown> = {};
  await site.deploy(changedBuild, {
    onStep: async (step: DeployStep) => {
      seen[step] = await load(page);
    },
  });
  expect(seen).toEqual({
    locked: {release: 'first', violations: []},
    staged: {release: 'first', violations: []},
    'policies-loaded': {release: 'first', violations: []},
    switched: {release: marker, violations: []},
    done: {release: marker, violations: []},
  });
  // The new script needed a new policy: the old one would have blocked it.
  expect(await policy()).not.toBe(before);
});

test('while current flips between releases, every page comes with its own policy', async () => {
  // Both releases are live in turn from here on: the first build, and the
  // changed one the test above deployed.
  await site.deploy(buildDir);
  await site.deploy(changedBuild);
  const current = path.join(site.root, 'current');
  const releases = [readlinkSync(current)];
  await site.rollback();
  releases.push(readlinkSync(current));
  const policyOf = (build: string) =>
    new Map<string, string>(
      JSON.parse(
        readFileSync(path.join(build, '_security-headers.json'), 'utf8'),
      ),
    ).get('Content-Security-Policy');
  const changedPolicy = policyOf(changedBuild);
  expect(changedPolicy).not.toBe(policyOf(buildDir));

  let flipping = true;
  const flips = (async () => {
    for (let flip = 0; flipping; flip += 1) {
      const next = path.join(site.root, 'current.flip');
      symlinkSync(releases[flip % releases.length]!, next);
      renameSync(next, current);
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  const mismatches: string[] = [];
  let sent = 0;
  await Promise.all(
    Array.from({length: flipConcurrency}, async () => {
      while (sent < flipRequests) {
        sent += 1;
        const response = await fetch(`${site.origin}${site.basePath}${guide}`, {
          headers: {'Accept-Encoding': 'identity'},
        });
        // The changed release's own statement: the word alone can be in a
        // page's text.
        const changedPage = (await response.text()).includes(
          `dataset.release="${marker}"`,
        );
        const changedHeader =
          response.headers.get('content-security-policy') === changedPolicy;
        if (changedPage !== changedHeader) {
          mismatches.push(`page ${changedPage}, policy ${changedHeader}`);
        }
      }
    }),
  );
  flipping = false;
  await flips;
  expect(mismatches).toEqual([]);
});

test('a tab opened on a release keeps navigating after a rollback to the one before', async ({
  page,
}) => {
  // No prefetching: the next page's chunks are fetched after the rollback.
  await page.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, 'connection', {
      get: () => ({saveData: true, effectiveType: '4g'}),
    }),
  );
  await site.deploy(buildDir);
  await site.deploy(nextBuild);
  await open(page, `${site.origin}${site.basePath}${guide}`);
  // A marker that survives client-side navigation but not a reload.
  await page.evaluate(() =>
    Object.assign(window, {openedBeforeRollback: true}),
  );
  await site.rollback();
  await page
    .getByRole('navigation', {name: 'Docs sidebar'})
    .getByRole('link', {name: 'Find your way around the app'})
    .click();
  await expect(page.getByRole('heading', {level: 1})).toHaveText(
    /find your way/i,
  );
  expect(await page.evaluate(() => 'openedBeforeRollback' in window)).toBe(
    true,
  );
});
