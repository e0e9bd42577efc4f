import {createHash} from 'node:crypto';
import {mkdirSync, readFileSync, readdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';

/**
 * The local search names its index file after a hash of the Markdown in its
 * `docsDir` folders only. The API pages' text comes from the OpenAPI
 * document and the renderer, so a spec change would keep the old file name,
 * and a reader's cache (the file is cached for good) would keep the old
 * index. This writes a Markdown file holding a hash of those other inputs,
 * in a cache folder that the search plugin then reads as one more docsDir.
 */

/** Files and folders whose content shapes the indexed text, besides docs/ and blog/. */
export const indexInputs = [
  'openapi',
  'src/data',
  'src/model',
  'src/plugins/openapi-reference',
  'scripts/lib/search-definitions.mjs',
  // How the index is split into the pieces the site fetches.
  'scripts/lib/search-shards.mjs',
  'scripts/lib/api-definitions.ts',
  // Which pages each release's index holds.
  'src/plugins/release-search',
  'docusaurus.config.ts',
];

function filesUnder(target: string): string[] {
  const entries = readdirSync(target, {withFileTypes: true, recursive: true});
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/**
 * The hash of the indexed text's other inputs: each file's path relative
 * to the site (with `/`, whatever the system) and its content, so the same
 * commit gets the same hash, and the index the same name, in any folder.
 */
export function searchIndexInputsHash(siteDir: string): string {
  const hash = createHash('sha256');
  for (const input of indexInputs) {
    const target = path.join(siteDir, input);
    const files = input.includes('.') ? [target] : filesUnder(target);
    for (const file of files) {
      const name = path.relative(siteDir, file).split(path.sep).join('/');
      hash.update(`${name}\0`).update(readFileSync(file));
    }
  }
  return hash.digest('hex');
}

export function searchIndexHashDir(siteDir: string): string {
  const digest = searchIndexInputsHash(siteDir);
  const dir = path.join(
    siteDir,
    'node_modules',
    '.cache',
    'search-index-inputs',
  );
  mkdirSync(dir, {recursive: true});
  writeFileSync(path.join(dir, 'inputs.md'), `${digest}\n`);
  // Relative to the site (the theme resolves it there): the config, with
  // this path, is serialised into the client bundle, which must not depend
  // on where the checkout is.
  return path.relative(siteDir, dir);
}
