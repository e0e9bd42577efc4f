import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {checkedSandboxApiUrl} from '../../src/model/sandbox';
import {
  deploymentFactsFile,
  isSandboxOrigin,
  readDeploymentFacts,
} from '../../src/model/deployment-facts.mjs';
import {apiSandboxUrl} from '../../src/plugins/openapi-reference/latest-document';

/**
 * The sandbox Try it sends to, set when the site is built: SANDBOX_API_URL
 * checked (src/model/sandbox.ts), the document's sandbox server otherwise,
 * and its origin in the build's facts, which everything after the build
 * reads (readDeploymentFacts).
 */

const documentSandbox = 'https://sandbox.api.example.com/v1';

test('the document’s sandbox server is the default', () => {
  expect(apiSandboxUrl).toBe(documentSandbox);
  expect(checkedSandboxApiUrl(undefined, apiSandboxUrl)).toBe(documentSandbox);
  // An empty variable (a CI variable that is not set) is no setting.
  expect(checkedSandboxApiUrl('', apiSandboxUrl)).toBe(documentSandbox);
  expect(checkedSandboxApiUrl('  ', apiSandboxUrl)).toBe(documentSandbox);
});

test('a sandbox URL ending in /v1 is taken, without a trailing slash', () => {
  for (const [given, taken] of [
    ['http://127.0.0.1:4184/v1', 'http://127.0.0.1:4184/v1'],
    ['https://sandbox.example.org/v1/', 'https://sandbox.example.org/v1'],
    [
      'https://Sandbox.Example.org:8443/api/v1',
      'https://sandbox.example.org:8443/api/v1',
    ],
    ['https://sandbox.example.org:443/v1', 'https://sandbox.example.org/v1'],
  ]) {
    expect(checkedSandboxApiUrl(given, apiSandboxUrl), given).toBe(taken);
  }
});

test('a malformed SANDBOX_API_URL stops the build with one line saying what to set', () => {
  const advice = `Set it to your sandbox's absolute http(s) URL ending in /v1, such as ${documentSandbox}, or leave it unset for that one, the document's sandbox.`;
  for (const [given, shown, wrong] of [
    [
      'sandbox.example.org/v1',
      'sandbox.example.org/v1',
      'that is not an absolute URL',
    ],
    [
      'ftp://sandbox.example.org/v1',
      'ftp://sandbox.example.org/v1',
      'its scheme is ftp, not http or https',
    ],
    [
      'javascript:alert(1)//v1',
      'javascript:alert(1)//v1',
      'its scheme is javascript, not http or https',
    ],
    [
      'https://sandbox.example.org',
      'https://sandbox.example.org',
      "its path / does not end in the API's /v1",
    ],
    [
      'https://sandbox.example.org/v2',
      'https://sandbox.example.org/v2',
      "its path /v2 does not end in the API's /v1",
    ],
    [
      'https://sandbox.example.org/xv1',
      'https://sandbox.example.org/xv1',
      "its path /xv1 does not end in the API's /v1",
    ],
    [
      'https://sandbox.example.org/v1?x=1',
      'https://sandbox.example.org/v1?x=1',
      'it has a query or fragment',
    ],
    [
      'https://sandbox.example.org/v1#x',
      'https://sandbox.example.org/v1#x',
      'it has a query or fragment',
    ],
    // A password in a build log is a leak: the message leaves it out.
    [
      'https://me:secret@sandbox.example.org/v1',
      'https://…@sandbox.example.org/v1',
      'it holds a user name or password',
    ],
    [
      'http://[::1]:4184/v1',
      'http://[::1]:4184/v1',
      'a Content-Security-Policy cannot name its host [::1]:4184 (a domain name or IPv4 address)',
    ],
    [
      "https://a;script-src'x/v1",
      "https://a;script-src'x/v1",
      "a Content-Security-Policy cannot name its host a;script-src'x (a domain name or IPv4 address)",
    ],
  ]) {
    let message = '';
    try {
      checkedSandboxApiUrl(given, apiSandboxUrl);
    } catch (error) {
      expect((error as Error).name, given).toBe('AuthoringError');
      // The build prints an authoring error's stack, which is its message.
      expect((error as Error).stack).toBe(
        `AuthoringError: ${(error as Error).message}`,
      );
      message = (error as Error).message;
    }
    expect(message, given).toBe(
      `A build setting is wrong: SANDBOX_API_URL is "${shown}": ${wrong}. ${advice}`,
    );
    expect(message).not.toContain('secret');
  }
});

test('a sandbox origin is one connect-src can name, and nothing wider', () => {
  for (const origin of [
    'https://sandbox.api.example.com',
    'http://127.0.0.1:4184',
    'https://sandbox.example.org:8443',
  ]) {
    expect(isSandboxOrigin(origin), origin).toBe(true);
  }
  for (const origin of [
    undefined,
    '',
    '*',
    'https:',
    'https://*.example.com',
    'https://sandbox.example.org/v1',
    'https://sandbox.example.org/',
    'https://sandbox.example.org:443',
    'ftp://sandbox.example.org',
    "https://sandbox.example.org 'unsafe-inline'",
    'https://a;script-src',
    'HTTPS://SANDBOX.EXAMPLE.ORG',
  ]) {
    expect(isSandboxOrigin(origin), String(origin)).toBe(false);
  }
});

test('a build’s facts without a sandbox origin are refused in one line', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ih-help-facts-'));
  try {
    const facts = {
      url: 'https://help.example.com',
      baseUrl: '/help/',
      search: 'local',
      searchFolders: [''],
    };
    const write = (value: object) =>
      writeFileSync(path.join(dir, deploymentFactsFile), JSON.stringify(value));
    write({...facts, sandbox: 'https://sandbox.api.example.com'});
    expect(readDeploymentFacts(dir).sandbox).toBe(
      'https://sandbox.api.example.com',
    );
    for (const sandbox of [
      undefined,
      'https://sandbox.api.example.com/v1',
      '*',
    ]) {
      write({...facts, sandbox});
      let message = '';
      try {
        readDeploymentFacts(dir);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message, String(sandbox)).toBe(
        `${path.join(dir, deploymentFactsFile)} records no sandbox for Try it (sandbox is ${JSON.stringify(sandbox)}, not an http(s) origin such as https://sandbox.example.com): build again with npm run build, whose facts name the OpenAPI document's sandbox or SANDBOX_API_URL's.`,
      );
    }
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});
