import {execFileSync} from 'node:child_process';
import {
  cpSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import type {Page} from '@playwright/test';
import {expect, open, test} from '../support/fixtures';
import {startNginx, type DeployStep} from '../../scripts/lib/nginx-site';
import {buildDir, deployPort} from '../support/site';

/**
 * The policy and the page always match: a release whose inline script
 * changed is deployed into the shipped nginx, and a page is loaded after
 * every step of the deploy.
 */

const marker = 'changed';
let changedBuild: string;
let site: Awaited<ReturnType<typeof startNginx>>;

test.describe.configure({mode: 'serial'});

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
  site = await startNginx(deployPort, buildDir);
});
test.afterAll(() => {
  site?.stop();
  rmSync(changedBuild, {recursive: true, force: true});
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
    'policies-loaded': {release: 'first', violations: []},
    switched: {release: marker, violations: []},
  });
  // The new script needed a new policy: the old one would have blocked it.
  expect(await policy()).not.toBe(before);
});
