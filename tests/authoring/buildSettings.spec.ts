// `npm run build` with a malformed setting stops before it builds anything,
// with one line saying which variable is wrong and what to set, and no
// stack: here SANDBOX_API_URL, the sandbox Try it sends to (its every
// mistake is tests/unit/sandbox.spec.ts). The build runs in a copy of the
// site, so that a check that let the value through would not build into
// the checkout.
import {spawnSync} from 'node:child_process';
import {rmSync} from 'node:fs';
import {expect, test} from '@playwright/test';
import {copySite} from '../support/siteCopy';

/** What the build prints on its way that is not a message about the site. */
const progress = /^(> |\[INFO\] |\[WARNING\] |$)/;

test('a malformed SANDBOX_API_URL stops the build with one line saying what to set', () => {
  const copy = copySite('ih-help-setting-');
  try {
    const {status, stdout, stderr} = spawnSync('npm', ['run', 'build'], {
      cwd: copy,
      encoding: 'utf8',
      env: {
        ...process.env,
        SANDBOX_API_URL: 'sandbox.example.org/v1',
        FORCE_COLOR: '0',
        NO_COLOR: '1',
      },
    });
    const output = `${stdout}${stderr}`;
    expect(status, output).not.toBe(0);
    expect(output, 'no stack').not.toMatch(/^\s+at /m);
    expect(output.split('\n').filter((line) => !progress.test(line))).toEqual([
      `AuthoringError: A build setting is wrong: SANDBOX_API_URL is "sandbox.example.org/v1": that is not an absolute URL. Set it to your sandbox's absolute http(s) URL ending in /v1, such as https://sandbox.api.example.com/v1, or leave it unset for that one, the document's sandbox.`,
    ]);
  } finally {
    rmSync(copy, {recursive: true, force: true});
  }
});
