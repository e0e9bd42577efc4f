import path from 'node:path';
import {expect, test} from '@playwright/test';
import config from '../../docusaurus.config';

/**
 * Docusaurus serialises the site config, every plugin's options included,
 * into the client bundle: a path of the checkout there would give the same
 * commit other file hashes in another folder (the whole-build check is
 * tests/variant/reproducible.spec.ts; this one is quick).
 */
test('the config the client bundle carries names no folder of the checkout', () => {
  const siteDir = path.join(__dirname, '..', '..');
  expect(JSON.stringify(config)).not.toContain(siteDir);
});
