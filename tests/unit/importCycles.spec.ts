import path from 'node:path';
import {expect, test} from '@playwright/test';
import madge from 'madge';

/**
 * No import cycles, between files or between folders: a folder (each
 * plugin, component and swizzled component; `src/lib`, `src/model`,
 * `scripts`, `scripts/lib`, `deploy`, `deploy/lib`, …) may import from
 * another only when that one imports nothing back, so the site reads in one
 * direction: `src/model` at the bottom, then the libraries, then the
 * plugins, components and scripts that use them.
 */

const siteDir = path.resolve(__dirname, '../..');
const roots = ['src', 'scripts', 'deploy'];

/** The folder a file belongs to, for the cycles between folders. */
function folderOf(file: string): string {
  const parts = file.split('/');
  if (parts.length === 1) {
    return file;
  }
  const depth =
    parts[0] === 'src' && ['plugins', 'components', 'theme'].includes(parts[1]!)
      ? 3
      : 2;
  return parts.slice(0, Math.min(parts.length - 1, depth)).join('/');
}

/** The groups of folders that import each other, round and round (Tarjan). */
function folderCycles(graph: Record<string, string[]>): string[][] {
  const edges = new Map<string, Set<string>>();
  for (const [file, imports] of Object.entries(graph)) {
    const from = folderOf(file);
    const targets = edges.get(from) ?? new Set<string>();
    edges.set(from, targets);
    for (const imported of imports) {
      const to = folderOf(imported);
      if (to !== from) {
        targets.add(to);
      }
    }
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (folder: string) => {
    index.set(folder, index.size);
    low.set(folder, index.get(folder)!);
    stack.push(folder);
    for (const next of edges.get(folder) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(folder, Math.min(low.get(folder)!, low.get(next)!));
      } else if (stack.includes(next)) {
        low.set(folder, Math.min(low.get(folder)!, index.get(next)!));
      }
    }
    if (low.get(folder) === index.get(folder)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        group.push(member);
      } while (member !== folder);
      if (group.length > 1) {
        cycles.push(group.sort());
      }
    }
  };
  [...edges.keys()].sort().forEach((folder) => {
    if (!index.has(folder)) {
      visit(folder);
    }
  });
  return cycles;
}

test('no file or folder of src, scripts and deploy imports itself round a cycle', async () => {
  test.setTimeout(120_000);
  const result = await madge(roots, {
    baseDir: siteDir,
    fileExtensions: ['ts', 'tsx', 'mjs', 'cjs', 'js'],
    tsConfig: path.join(siteDir, 'tsconfig.json'),
  });
  const graph = result.obj();
  expect(Object.keys(graph).length).toBeGreaterThan(100);
  expect(result.circular(), 'files that import each other').toEqual([]);
  expect(folderCycles(graph), 'folders that import each other').toEqual([]);
});

test('src/model imports nothing else of the site, nor Docusaurus or React', async () => {
  const result = await madge('src/model', {
    baseDir: siteDir,
    fileExtensions: ['ts', 'tsx', 'mjs', 'cjs', 'js'],
    tsConfig: path.join(siteDir, 'tsconfig.json'),
    includeNpm: true,
  });
  const outside = Object.entries(result.obj()).flatMap(([file, imports]) =>
    file.startsWith('src/model/')
      ? imports
          .filter(
            (imported) =>
              (!imported.startsWith('src/model/') &&
                !imported.startsWith('node_modules/')) ||
              /^node_modules\/(@docusaurus|@theme|@generated|react)/.test(
                imported,
              ),
          )
          .map((imported) => `${file} imports ${imported}`)
      : [],
  );
  expect(outside).toEqual([]);
  expect(result.warnings().skipped, 'imports that resolve to no file').toEqual(
    [],
  );
  expect(Object.keys(result.obj()).length).toBeGreaterThan(10);
});

test('a cycle between folders is found', () => {
  expect(
    folderCycles({
      'src/plugins/a/index.ts': ['src/plugins/b/index.ts'],
      'src/plugins/b/index.ts': ['src/lib/x.ts'],
      'src/lib/x.ts': ['src/plugins/a/other.ts'],
      'src/plugins/a/other.ts': [],
      'src/model/y.ts': [],
    }),
  ).toEqual([['src/lib', 'src/plugins/a', 'src/plugins/b']]);
});
