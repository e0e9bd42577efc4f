// Builds and checks for the deploy's unit tests (tests/unit/deploy*.spec.ts):
// minimal builds of the site, and what "the site is live and whole" means
// for a release root.
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import {expect} from '@playwright/test';
import type {HostFacts} from '../../deploy/lib/host.mjs';
import {
  defaultBaseUrl,
  hashedFolder,
} from '../../src/model/deployment-facts.mjs';

/** What the test host serves: the facts makeBuild writes unless told. */
export const testHost: HostFacts = {
  url: 'https://help.example.com',
  baseUrl: defaultBaseUrl,
  search: 'local',
};

/** The sandbox the test builds' facts record and their policies name. */
export const testSandbox = 'https://sandbox.example.com';

/** The policy of the test build called `name`. */
export const testPolicy = (name: string) =>
  `default-src 'self'; script-src 'self' 'sha256-${name}='; connect-src 'self' ${testSandbox}`;

/**
 * A minimal build of the site in `dir`/`name`, whole as the deploy checks
 * it: the files the server needs, a page naming the build that loads every
 * hashed asset, a sitemap listing that page, and the search index the
 * assets' code names; `padding` adds that many bytes of images.
 */
export function makeBuild(
  dir: string,
  name: string,
  assets: string[],
  {
    csp = testPolicy(name),
    facts = testHost as object,
    padding = 0,
  }: {csp?: string; facts?: object; padding?: number} = {},
) {
  const build = path.join(dir, name);
  mkdirSync(path.join(build, hashedFolder, 'js'), {recursive: true});
  const index = Buffer.from(name).toString('hex');
  mkdirSync(path.join(build, `search-index-${index}`), {recursive: true});
  // Pages refer to files under the base path the facts give.
  const {url = testHost.url, baseUrl = testHost.baseUrl} =
    facts as Partial<HostFacts>;
  const scripts = assets
    .map(
      (asset) =>
        `<script src="${baseUrl}${hashedFolder}/js/${asset}"></script>`,
    )
    .join('');
  const files: Record<string, string> = {
    // The one index of the site's own folder and the test sandbox, unless
    // the facts say otherwise.
    '_deployment.json': JSON.stringify({
      searchFolders: [''],
      sandbox: testSandbox,
      ...facts,
    }),
    '_security-headers.json': JSON.stringify([
      ['Content-Security-Policy', csp],
    ]),
    'index.html': `<h1>${name}</h1>${scripts}`,
    '404.html': '<h1>Not found</h1>',
    'sitemap.xml': `<urlset><url><loc>${url}${baseUrl}</loc></url></urlset>`,
    [`search-index-${index}/manifest.json`]: JSON.stringify({
      pages: 1,
      terms: 'order 1',
      shardStarts: ['order'],
      texts: 1,
    }),
    [`search-index-${index}/terms-0.json`]: '{"postings":{},"documents":{}}',
    [`search-index-${index}/text-0.json`]: '{}',
  };
  if (padding > 0) {
    // A release's bulk (its images), so that its size dwarfs the blocks of
    // the lock and the manifests.
    mkdirSync(path.join(build, 'img'), {recursive: true});
    files[`img/${name}.bin`] = name.repeat(padding);
  }
  for (const asset of assets) {
    files[`${hashedFolder}/js/${asset}`] =
      `/* ${asset} */ fetch("search-index{dir}-${index}.json");`;
  }
  for (const [file, content] of Object.entries(files)) {
    writeFileSync(path.join(build, file), content);
  }
  return build;
}

/** Every file under `dir`, relative to it. */
const filesUnder = (dir: string) =>
  readdirSync(dir, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile())
    .map((entry) =>
      path.relative(dir, path.join(entry.parentPath, entry.name)),
    );

/**
 * Checks that the root serves one of `builds` whole, with that build's own
 * policy in the map nginx reads, and returns the build's name.
 */
export function expectServing(root: string, builds: string[]): string {
  const current = path.join(root, 'current');
  expect(lstatSync(current).isSymbolicLink(), 'current is a link').toBe(true);
  const release = path.join(root, readlinkSync(current));
  const site = path.join(release, testHost.baseUrl);
  expect(
    existsSync(path.join(release, 'release.json')),
    `${release} is a complete release`,
  ).toBe(true);
  const name = /<h1>(.+?)<\/h1>/.exec(
    readFileSync(path.join(site, 'index.html'), 'utf8'),
  )?.[1];
  const build = builds.find((candidate) => path.basename(candidate) === name);
  expect(build, `the live page (${name}) is one of the builds`).toBeDefined();
  for (const file of filesUnder(build!)) {
    expect(
      readFileSync(path.join(site, file), 'utf8'),
      `${file} of the live release`,
    ).toBe(readFileSync(path.join(build!, file), 'utf8'));
  }
  const policies = readFileSync(path.join(root, 'policies.conf'), 'utf8');
  expect(policies).toContain(
    `"${realpathSync(release)}" "${testPolicy(name!)}";`,
  );
  return name!;
}

/**
 * Checks that nothing a failed or killed run left is still in the root:
 * staging copies, releases half removed, temporary files.
 */
export function expectNoLeftovers(root: string) {
  const left = [
    ...readdirSync(root).filter((name) => name.includes('.tmp-')),
    ...readdirSync(path.join(root, 'releases')).filter((name) =>
      name.startsWith('.'),
    ),
    ...readdirSync(path.join(root, 'deploy.lock')).filter(
      (name) => !/^\d+$/.test(name),
    ),
  ];
  expect(left, 'leftovers in the root').toEqual([]);
}
