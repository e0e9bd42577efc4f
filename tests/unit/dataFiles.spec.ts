import {
  cpSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {AuthoringError} from '../../src/model/authoringError';
import {appLabelsPath, loadAppLabels} from '../../src/model/labels';
import {
  loadProductNumbers,
  productNumbersPath,
} from '../../src/model/product-numbers';
import {
  guideLifecyclesPath,
  loadGuideLifecycles,
} from '../../src/model/lifecycles';
import {loadWorld, worldPath} from '../../src/plugins/openapi-reference/world';
import {readOverlay} from '../../src/plugins/openapi-reference/release-spec';
import {olderReleases} from '../../src/plugins/openapi-reference/releases';

/**
 * The site's data files are read against their schemas
 * (src/model/dataFile.ts): a mistake planted in a copy stops the load with
 * one line, at the file and line where it is written.
 */

const siteDir = path.join(__dirname, '..', '..');
let copy: string;

test.beforeEach(() => {
  copy = mkdtempSync(path.join(tmpdir(), 'data-files-'));
  cpSync(path.join(siteDir, 'src', 'data'), path.join(copy, 'src', 'data'), {
    recursive: true,
  });
  for (const file of [
    'openapi.yaml',
    path.join('world', 'world.yaml'),
    ...olderReleases.map((release) => path.join('overlays', `${release}.yaml`)),
  ]) {
    cpSync(
      path.join(siteDir, 'openapi', file),
      path.join(copy, 'openapi', file),
    );
  }
});
test.afterEach(() => rmSync(copy, {recursive: true, force: true}));

/** Replaces `from` (once) in a file of the copy; the line it is then on. */
function plant(file: string, from: string, to: string): number {
  const target = path.join(copy, file);
  const text = readFileSync(target, 'utf8');
  const at = text.indexOf(from);
  expect(at, `"${from}" in ${file}`).toBeGreaterThanOrEqual(0);
  writeFileSync(target, text.replace(from, to));
  return text.slice(0, at).split('\n').length;
}

function messages(load: () => unknown): string[] {
  try {
    load();
  } catch (error) {
    if (error instanceof AuthoringError) {
      return [...error.problems];
    }
    throw error;
  }
  return [];
}

test('the site’s own data files match their schemas', () => {
  expect(messages(() => loadAppLabels(siteDir))).toEqual([]);
  expect(messages(() => loadProductNumbers(siteDir))).toEqual([]);
  expect(messages(() => loadWorld(siteDir))).toEqual([]);
  expect(messages(() => loadGuideLifecycles(siteDir))).toEqual([]);
  for (const release of olderReleases) {
    expect(
      messages(() => readOverlay(path.join(siteDir, 'openapi'), release)),
    ).toEqual([]);
  }
});

test('a guide lifecycle’s action that names neither a label nor an operation is one line at its line', () => {
  const line = plant(guideLifecyclesPath, '- label: Cancel', '- lable: Cancel');
  expect(messages(() => loadGuideLifecycles(copy))).toEqual([
    expect.stringMatching(
      new RegExp(
        `guide-lifecycles\\.yaml:${line}: enrichment\\.states\\.queued\\.actions\\[0\\]: Unrecognized key: "lable"\\.$`,
      ),
    ),
    expect.stringMatching(
      new RegExp(
        `guide-lifecycles\\.yaml:${line}: enrichment\\.states\\.queued\\.actions\\[0\\]: an action names its app label, its operation, or both\\.$`,
      ),
    ),
  ]);
});

test('an overlay action that both updates and removes is one line at its line', () => {
  const [release] = olderReleases;
  const file = path.join('openapi', 'overlays', `${release}.yaml`);
  const line = plant(
    file,
    '    remove: true\n',
    '    remove: true\n    update: {}\n',
  );
  expect(
    messages(() => readOverlay(path.join(copy, 'openapi'), release!)),
  ).toEqual([
    expect.stringMatching(
      new RegExp(
        `${release}\\.yaml:${line - 1}: actions\\[\\d+\\]: an action either updates \\(update\\) or removes \\(remove: true\\) its target\\.$`,
      ),
    ),
  ]);
});

test('a world time unquoted, or an earlier moment without its updated_at, is one line each', () => {
  const now = plant(
    worldPath,
    "now: '2023-05-04T16:00:00Z'",
    'now: 2023-05-04 16:00',
  );
  expect(messages(() => loadWorld(copy))).toEqual([
    expect.stringMatching(
      new RegExp(
        `world\\.yaml:${now}: now: a time is quoted, in UTC, to the second`,
      ),
    ),
  ]);
  plant(worldPath, 'now: 2023-05-04 16:00', "now: '2023-05-04T16:00:00Z'");
  // The first earlier moment loses its name; the message points at the
  // moment that lacks it.
  const text = readFileSync(path.join(copy, worldPath), 'utf8');
  const named = /\n {4}earlier:\n[^]*?(updated_at: '[^']+',?)/.exec(text);
  expect(named).not.toBeNull();
  const item = text.slice(
    0,
    named!.index + named![0].length - named![1]!.length,
  );
  const line = item.slice(0, item.lastIndexOf('- ')).split('\n').length;
  plant(worldPath, named![1]!, 'note: undated,');
  expect(messages(() => loadWorld(copy))).toEqual([
    expect.stringMatching(
      new RegExp(
        `world\\.yaml:${line}: objects\\.\\w+\\.earlier\\[0\\]\\.updated_at: name each earlier moment by the updated_at`,
      ),
    ),
  ]);
});

test('a label that is a path is one line at its line', () => {
  const line = plant(
    appLabelsPath,
    '    - Catalogue\n',
    '    - Catalogue → Products\n',
  );
  expect(messages(() => loadAppLabels(copy))).toEqual([
    `${path.relative(process.cwd(), path.join(copy, appLabelsPath))}:${line}: hub.Navigation[1]: a label is one step; declare each step of a path as its own label.`,
  ]);
});

test('an unknown section of the labels is one line', () => {
  const line = plant(
    appLabelsPath,
    'hub:\n',
    'screens:\n  Orders: [Accept]\nhub:\n',
  );
  expect(messages(() => loadAppLabels(copy))).toEqual([
    expect.stringMatching(
      new RegExp(`app-labels\\.yaml:${line}: Unrecognized key: "screens"\\.$`),
    ),
  ]);
});

test('a product number with two sources, or a phrasing without {n}, is one line each', () => {
  const twoSources = plant(
    productNumbersPath,
    'rate_limit_per_minute:\n  value: 600\n',
    'rate_limit_per_minute:\n  value: 600\n  language: maxInValues\n',
  );
  expect(messages(() => loadProductNumbers(copy))).toEqual([
    expect.stringMatching(
      new RegExp(
        `product-numbers\\.yaml:${twoSources}: rate_limit_per_minute: give one of value`,
      ),
    ),
  ]);
  plant(productNumbersPath, '  language: maxInValues\n', '');
  const phrasing = plant(
    productNumbersPath,
    "    - 'rate limit of {n}'",
    "    - 'rate limit of six hundred'",
  );
  expect(messages(() => loadProductNumbers(copy))).toEqual([
    expect.stringMatching(
      new RegExp(
        `product-numbers\\.yaml:${phrasing}: rate_limit_per_minute\\.says\\[2\\]: each phrasing has \\{n\\} where the number stands\\.$`,
      ),
    ),
  ]);
});
