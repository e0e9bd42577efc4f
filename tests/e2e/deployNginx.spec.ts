import {
  mkdtempSync,
  readlinkSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {readDeploymentFacts} from '../../src/model/deployment-facts.mjs';
import {nginxBinary} from '../../scripts/lib/nginx-site';
import {deploy} from '../../deploy/releases.mjs';
import {buildDir} from '../support/site';

/**
 * The deploy against a real nginx where the behaviour is nginx's: what it
 * prints when its configuration test or its reload fails (a notice may come
 * before the error), and that a release such a failure kept from going
 * live is settled by the next deploy.
 */

let dir: string;
let root: string;

/**
 * Each test deploys the full build three times (about 6 s each when the
 * machine is idle); beside the browser tests on two cores that passed 30 s.
 */
const threeDeploysMs = 120_000;
test.describe.configure({timeout: threeDeploysMs});

test.beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'ih-help-deploy-nginx-'));
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
test.afterEach(() => rmSync(dir, {recursive: true, force: true}));

/**
 * An nginx configuration (with `extra` in its http block) whose pid file
 * names no running nginx, as after a crash or before the first start.
 */
function nginxConfig(extra: string) {
  const conf = path.join(dir, 'nginx.conf');
  const pid = path.join(dir, 'nginx.pid');
  writeFileSync(pid, '');
  writeFileSync(
    conf,
    `pid ${pid};\nerror_log ${path.join(dir, 'error.log')};\nevents {}\nhttp {\n${extra}\n}\n`,
  );
  return {nginx: nginxBinary, nginxConf: conf, nginxPid: pid};
}

const failures: [string, string, RegExp][] = [
  [
    'a reload with no nginx running',
    '',
    /^nginx -s reload failed \([^)]*\[error\][^)]*invalid PID number "" in [^)]*\); nothing was switched, \S+ is still live: start nginx/,
  ],
  [
    'a configuration nginx -t rejects',
    'hlep;',
    /^nginx -t rejects the configuration \([^)]*\[emerg\][^)]*unknown directive "hlep"[^)]*\); nothing was switched, \S+ is still live: fix the configuration/,
  ],
];

for (const [name, extra, message] of failures) {
  test(`${name}: the message quotes nginx's error, and the next deploy settles the release it left`, async () => {
    const live = readlinkSync(path.join(root, 'current'));
    const error = await deploy({
      build: buildDir,
      root,
      log: () => undefined,
      ...nginxConfig(extra),
    }).then(
      () => 'deployed',
      (caught: Error) => caught.message,
    );
    expect(error).toMatch(message);
    expect(error).not.toMatch(/\[notice\]|signal process started/);
    expect(readlinkSync(path.join(root, 'current'))).toBe(live);
    // The release that did not go live is still there, complete.
    expect(readdirSync(path.join(root, 'releases'))).toHaveLength(2);
    await deploy({build: buildDir, root, reload: false, log: () => undefined});
    // The new live release and its rollback target: the stranded one went.
    const releases = readdirSync(path.join(root, 'releases'));
    expect(releases).toHaveLength(2);
    expect(releases).toContain(path.basename(live));
  });
}
