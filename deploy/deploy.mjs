// Publishes a build as a new release for the nginx configuration in
// deploy/nginx/, keeping the hashed assets of the releases it replaced, so a
// tab opened before a deploy can still load the chunks it knows:
//   node deploy/deploy.mjs --build build --root /srv/help [--keep-days 14]
// Layout: <root>/releases/<name>/help/<build>, <root>/current -> the live
// release. A release's assets are carried into each new release for
// --keep-days after it stopped being live; older releases are removed.
// Reload nginx afterwards (`nginx -s reload`) to pick up the new headers.
import {
  cp,
  mkdir,
  readFile,
  readdir,
  rename,
  rm,
  symlink,
  writeFile,
} from 'node:fs/promises';
import {existsSync} from 'node:fs';
import path from 'node:path';
import {parseArgs} from 'node:util';

const {values} = parseArgs({
  options: {
    build: {type: 'string', default: 'build'},
    root: {type: 'string'},
    'keep-days': {type: 'string', default: '14'},
  },
});
if (!values.root) {
  console.error(
    'Usage: node deploy/deploy.mjs --build build --root /srv/help [--keep-days 14]',
  );
  process.exit(2);
}

const dayMs = 24 * 60 * 60 * 1000;
const keepMs = Number(values['keep-days']) * dayMs;
const root = path.resolve(values.root);
const releasesDir = path.join(root, 'releases');
const stampFile = 'deployed-at';
// Hashed files: the chunk and asset folder, and the search index.
const isHashed = (relative) =>
  relative.startsWith(`assets${path.sep}`) ||
  /^search-index-[0-9a-f]+\.json/.test(relative);

async function releases() {
  if (!existsSync(releasesDir)) {
    return [];
  }
  const names = (await readdir(releasesDir)).sort();
  return Promise.all(
    names.map(async (name) => ({
      name,
      dir: path.join(releasesDir, name),
      deployedAt: Date.parse(
        await readFile(path.join(releasesDir, name, stampFile), 'utf8'),
      ),
    })),
  );
}

const now = Date.now();
const previous = await releases();
const name = new Date(now).toISOString().replace(/[:.]/g, '-');
const release = path.join(releasesDir, name);
const site = path.join(release, 'help');
await mkdir(release, {recursive: true});
await cp(path.resolve(values.build), site, {recursive: true});

// A release was live until the next one was deployed.
const retiredAt = (index) => previous[index + 1]?.deployedAt ?? now;
const kept = previous.filter((_, index) => now - retiredAt(index) < keepMs);
let carried = 0;
for (const old of kept) {
  const oldSite = path.join(old.dir, 'help');
  const entries = await readdir(oldSite, {
    withFileTypes: true,
    recursive: true,
  });
  for (const entry of entries.filter((candidate) => candidate.isFile())) {
    const relative = path.relative(
      oldSite,
      path.join(entry.parentPath, entry.name),
    );
    const target = path.join(site, relative);
    if (isHashed(relative) && !existsSync(target)) {
      await mkdir(path.dirname(target), {recursive: true});
      await cp(path.join(oldSite, relative), target);
      carried += 1;
    }
  }
}
await writeFile(path.join(release, stampFile), new Date(now).toISOString());

// Switch atomically: a new symlink renamed over the old one.
const next = path.join(root, `current.${process.pid}`);
await symlink(release, next);
await rename(next, path.join(root, 'current'));

const removed = previous.filter((old) => !kept.includes(old));
await Promise.all(
  removed.map((old) => rm(old.dir, {recursive: true, force: true})),
);
console.log(
  `Deployed ${name}: carried ${carried} hashed files from ${kept.length} earlier release(s); removed ${removed.length}.`,
);
