import {createHash} from 'node:crypto';
import {
  cpSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import {contentHash, hashedFolder} from '../../src/model/deployment-facts.mjs';

/**
 * The next deploy, without a second build: a copy of `buildDir` in which
 * every hashed script has a new name (as a build with changed content
 * would), and every reference to it follows. A tab opened on `buildDir`
 * knows only the old names.
 */
export function makeNextRelease(buildDir: string, outDir: string): void {
  rmSync(outDir, {recursive: true, force: true});
  cpSync(buildDir, outDir, {recursive: true});

  const scriptsDir = path.join(outDir, hashedFolder, 'js');
  const newHashes = new Map<string, string>();
  for (const file of readdirSync(scriptsDir)) {
    const match = new RegExp(`^(.+)\\.(${contentHash})\\.js$`).exec(file);
    if (match) {
      const [, name, hash] = match as unknown as [string, string, string];
      const next = createHash('sha256')
        .update(`next ${hash}`)
        .digest('hex')
        .slice(0, hash.length);
      newHashes.set(hash, next);
      renameSync(
        path.join(scriptsDir, file),
        path.join(scriptsDir, `${name}.${next}.js`),
      );
    }
  }
  if (newHashes.size === 0) {
    throw new Error(`${scriptsDir} holds no hashed scripts to rename.`);
  }

  const oldHash = new RegExp([...newHashes.keys()].join('|'), 'g');
  const files = readdirSync(outDir, {recursive: true, encoding: 'utf8'});
  for (const file of files) {
    const full = path.join(outDir, file);
    if (/\.(br|gz)$/.test(file)) {
      // Precompressed copies still hold the old names: serve the originals.
      rmSync(full);
    } else if (/\.(html|js|json|xml|txt|md)$/.test(file)) {
      const text = readFileSync(full, 'utf8');
      const next = text.replace(oldHash, (hash) => newHashes.get(hash)!);
      if (next !== text) {
        writeFileSync(full, next);
      }
    }
  }
}
