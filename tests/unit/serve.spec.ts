import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {resolveRequest} from '../../scripts/lib/serve-path.mjs';

/** The test server's mapping from a request path to a file of the build. */

let dir: string;
let root: string;

test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'ih-help-serve-'));
  root = path.join(dir, 'build');
  mkdirSync(path.join(root, 'docs'), {recursive: true});
  writeFileSync(path.join(root, 'index.html'), 'home');
  writeFileSync(path.join(root, 'docs', 'index.html'), 'docs');
  writeFileSync(path.join(root, '_deployment.json'), '{}');
  // A sibling folder whose name starts like the build's.
  mkdirSync(path.join(dir, 'build-secret'));
  writeFileSync(path.join(dir, 'build-secret', 'key.txt'), 'secret');
  writeFileSync(path.join(dir, 'outside.txt'), 'outside');
});
test.afterAll(() => rmSync(dir, {recursive: true, force: true}));

const resolve = (urlPath: string) => resolveRequest(root, '/help/', urlPath);

test('files and folders of the build are served', async () => {
  expect(await resolve('/help/')).toEqual({
    status: 200,
    file: path.join(root, 'index.html'),
  });
  expect(await resolve('/help/docs')).toEqual({
    status: 200,
    file: path.join(root, 'docs', 'index.html'),
  });
});

test('nothing outside the build folder is served', async () => {
  for (const urlPath of [
    '/help/..%2foutside.txt',
    '/help/..%2fbuild-secret%2fkey.txt',
    '/help/%2e%2e/outside.txt',
    '/help/docs/..%2f..%2foutside.txt',
    '/help/%2fetc%2fpasswd',
    '/help/_deployment.json',
    '/outside.txt',
  ]) {
    expect(await resolve(urlPath), urlPath).toEqual({status: 404});
  }
});

test('a malformed address answers 400', async () => {
  for (const urlPath of [
    '/help/%',
    '/help/%zz',
    '/help/%E0%A4%A',
    '/help/a%00b',
  ]) {
    expect(await resolve(urlPath), urlPath).toEqual({status: 400});
  }
});
