import {execFileSync} from 'node:child_process';
import {
  mkdtempSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {readDeploymentFacts} from '../../src/model/deployment-facts.mjs';
import {checkBuild} from '../../deploy/lib/build.mjs';
import {deploy} from '../../deploy/releases.mjs';
import {buildDir} from '../support/site';

/**
 * The deploy's build check on the production build: the build itself is
 * accepted whole, and a copy missing what the report's operator lost
 * (docs/, assets/, the main script, the stylesheet, the search index),
 * with facts that record no sandbox or a policy that does not name it, or
 * with its home page a symbolic link, is refused in one line, on a root
 * whose earlier release holds every one of those files, and the live
 * release stays.
 */

let dir: string;
let root: string;

test.beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'ih-help-deploy-build-'));
  root = path.join(dir, 'srv');
  const {url, baseUrl, search} = readDeploymentFacts(buildDir);
  await deploy({
    build: buildDir,
    root,
    reload: false,
    log: () => undefined,
    host: {url, baseUrl, search},
  });
});
test.afterAll(() => rmSync(dir, {recursive: true, force: true}));

const live = () => readlinkSync(path.join(root, 'current'));

/** The first file directly in `folder` of the build whose name matches. */
const builtFile = (folder: string, name: RegExp) =>
  path.join(
    folder,
    readdirSync(path.join(buildDir, folder)).find((file) => name.test(file))!,
  );

/**
 * Writes a file of a hard-linked copy anew, as `change` makes it from the
 * old text: unlinked first, so the build it shares the file with keeps its
 * own.
 */
function rewrite(copy: string, file: string, change: (text: string) => string) {
  const target = path.join(copy, file);
  const text = readFileSync(target, 'utf8');
  unlinkSync(target);
  const changed = change(text);
  expect(changed, `${file} changed`).not.toBe(text);
  writeFileSync(target, changed);
}

const broken: [string, (copy: string) => void, RegExp][] = [
  [
    'without docs/',
    (copy) => rmSync(path.join(copy, 'docs'), {recursive: true}),
    /is incomplete: \d+ file\(s\) its pages need are not in it: docs\/\S+ \(from sitemap\.xml\)/,
  ],
  [
    'without assets/',
    (copy) => rmSync(path.join(copy, 'assets'), {recursive: true}),
    /is incomplete: .*assets\/css\/styles\.\w+\.css \(from .*\.html\)/,
  ],
  [
    'without its main script',
    (copy) => unlinkSync(path.join(copy, builtFile('assets/js', /^main\.\w+\.js$/))),
    /is incomplete: 1 file\(s\) its pages need are not in it: assets\/js\/main\.\w+\.js \(from /,
  ],
  [
    'without its stylesheet',
    (copy) =>
      unlinkSync(path.join(copy, builtFile('assets/css', /^styles\.\w+\.css$/))),
    /is incomplete: 1 file\(s\) its pages need are not in it: assets\/css\/styles\.\w+\.css \(from /,
  ],
  [
    // A figure's own stylesheet, which its page links and the runtime
    // loads with its chunk (src/plugins/figure-styles).
    "without a figure's stylesheet",
    (copy) =>
      unlinkSync(path.join(copy, builtFile('assets/css', /^[0-9a-f]+\.\w+\.css$/))),
    /is incomplete: 1 file\(s\) its pages need are not in it: assets\/css\/[0-9a-f]+\.\w+\.css \(from /,
  ],
  [
    'without a piece of its search index',
    (copy) =>
      unlinkSync(
        path.join(
          copy,
          builtFile(
            builtFile('.', /^search-index-[0-9a-f]+$/),
            /^terms-\d+\.json$/,
          ),
        ),
      ),
    /is incomplete: 1 file\(s\) its pages need are not in it: search-index-\w+\/terms-\d+\.json \(from search-index-\w+\/manifest\.json\)/,
  ],
  [
    // An older API release's pages read an index of their own, in its
    // folder (src/plugins/release-search).
    "without an older release's search manifest",
    (copy) =>
      unlinkSync(
        path.join(
          copy,
          builtFile('docs/api/2023-01', /^search-index-[0-9a-f]+$/),
          'manifest.json',
        ),
      ),
    /is incomplete: 1 file\(s\) its pages need are not in it: docs\/api\/2023-01\/search-index-\w+\/manifest\.json \(from /,
  ],
  [
    // Try it sends the reader's key to the sandbox the facts record.
    'whose facts record no sandbox',
    (copy) =>
      rewrite(copy, '_deployment.json', (text) => {
        const {sandbox: _dropped, ...facts} = JSON.parse(text);
        return JSON.stringify(facts);
      }),
    /_deployment\.json records no sandbox for Try it \(sandbox is undefined/,
  ],
  [
    // A policy that does not name the sandbox would block every Send.
    'whose policy does not name its sandbox',
    (copy) =>
      rewrite(copy, '_security-headers.json', (text) =>
        text.replace(/(connect-src 'self') https:\/\/[^ ;"]+/, '$1'),
      ),
    /its Content-Security-Policy's connect-src does not name the sandbox https:\/\/sandbox\.api\.example\.com its _deployment\.json records, so Try it could not send there/,
  ],
  [
    'with its home page a symbolic link',
    (copy) => {
      unlinkSync(path.join(copy, 'index.html'));
      symlinkSync(path.join(copy, '404.html'), path.join(copy, 'index.html'));
    },
    /holds what the server must not follow: index\.html is a symbolic link/,
  ],
];

test('the production build is whole as the deploy checks it', async () => {
  await expect(checkBuild(buildDir)).resolves.toMatchObject({
    facts: readDeploymentFacts(buildDir),
  });
});

for (const [name, plant, message] of broken) {
  test(`a copy of the build ${name} is refused in one line, and the live release stays`, async () => {
    const before = live();
    const copy = path.join(dir, name.replaceAll(' ', '-'));
    // Hard links: a whole copy of the build in no time and no space.
    execFileSync('cp', ['-al', buildDir, copy]);
    plant(copy);
    const error = await deploy({
      build: copy,
      root,
      reload: false,
      log: () => undefined,
    }).then(
      () => 'deployed',
      (caught: Error) => caught.message,
    );
    expect(error).toMatch(message);
    expect(error.split('\n')).toHaveLength(1);
    expect(live()).toBe(before);
    expect(readdirSync(path.join(root, 'releases'))).toHaveLength(1);
    rmSync(copy, {recursive: true});
  });
}
