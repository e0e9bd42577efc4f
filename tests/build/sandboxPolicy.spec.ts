import {readFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {
  readDeploymentFacts,
  securityHeadersFile,
} from '../../src/model/deployment-facts.mjs';
import {buildDir} from '../support/site';

/**
 * The production build, made without SANDBOX_API_URL, sends Try it to the
 * OpenAPI document's sandbox: its facts record that origin, and its policy
 * lets pages connect there and to no other host (the variant build checks
 * a sandbox set by the variable, tests/variant/variant.spec.ts).
 */

const documentSandbox = 'https://sandbox.api.example.com';

const read = (file: string) => readFileSync(path.join(buildDir, file), 'utf8');

const policy = () =>
  new Map(JSON.parse(read(securityHeadersFile)) as [string, string][]).get(
    'Content-Security-Policy',
  )!;

/** The sources of one directive, in the order written. */
const directive = (csp: string, name: string) =>
  csp
    .split('; ')
    .find((part) => part.split(' ')[0] === name)
    ?.split(' ')
    .slice(1);

test('the facts record the document’s sandbox', () => {
  expect(readDeploymentFacts(buildDir).sandbox).toBe(documentSandbox);
});

test('connect-src is the site and the sandbox, nothing else', () => {
  expect(directive(policy(), 'connect-src')).toEqual([
    "'self'",
    documentSandbox,
  ]);
  // default-src, which a directive the policy leaves out falls back to,
  // stays the site's own.
  expect(directive(policy(), 'default-src')).toEqual(["'self'"]);
});

test('the static hosts’ _headers carry the same policy', () => {
  expect(read('_headers')).toContain(`Content-Security-Policy: ${policy()}`);
});
