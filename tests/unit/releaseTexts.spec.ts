// Every text a release publishes names only what that release has: the
// descriptions an older release inherits from the source, the texts its
// overlay writes and the sentences the loader writes. A mistake stops the
// API model (so `npm start` and `npm run build`) with one line at the file
// and line where the text is written.
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {AuthoringError} from '../../src/model/authoringError';
import {
  releaseTextProblems,
  releaseTexts,
  releasesTextProblems,
  type ReleaseDocument,
} from '../../src/plugins/openapi-reference/rules/release-texts';
import {
  loadApiModel,
  modelSourceFiles,
  specFolder,
} from '../../src/plugins/openapi-reference/model';
import {
  latestRelease,
  olderReleases,
} from '../../src/plugins/openapi-reference/releases';
import {loadRelease} from '../../src/plugins/openapi-reference/release-spec';

const siteDir = path.join(__dirname, '..', '..');
const specDir = path.join(siteDir, specFolder);
const [older] = olderReleases as [string];
const variant = 'openapi/resources/variant.yaml';
const overlay = `openapi/overlays/${older}.yaml`;

// Each test loads the model (or the releases of a copy) on a shared machine.
test.describe.configure({timeout: 120_000});

/** A copy of the model's sources, with one file edited. */
function siteWith(file: string, edit: (text: string) => string): string {
  const copy = mkdtempSync(path.join(tmpdir(), 'ih-release-texts-'));
  for (const source of modelSourceFiles(siteDir)) {
    const target = path.join(copy, path.relative(siteDir, source));
    mkdirSync(path.dirname(target), {recursive: true});
    cpSync(source, target);
  }
  const target = path.join(copy, file);
  writeFileSync(target, edit(readFileSync(target, 'utf8')));
  return copy;
}

/** Replaces text that a file holds exactly once. */
const replaceOnce = (text: string, from: string, to: string) => {
  expect(text.split(from), `the file holds ${from} once`).toHaveLength(2);
  return text.replace(from, to);
};

/** The 1-based line of a copy's file that holds some text. */
const lineIn = (copy: string, file: string, text: string) =>
  readFileSync(path.join(copy, file), 'utf8')
    .split('\n')
    .findIndex((line) => line.includes(text)) + 1;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each release's document of a copy's sources. */
async function releasesOf(copy: string): Promise<ReleaseDocument[]> {
  return Promise.all(
    [latestRelease, older].map(async (release) => ({
      release,
      spec: await loadRelease(path.join(copy, specFolder), release),
    })),
  );
}

test('every release’s texts name only what the release has', async () => {
  const model = await loadApiModel(siteDir);
  const releases = [...model.releases].map(([release, spec]) => ({
    release,
    spec,
  }));
  expect(releasesTextProblems(releases, specDir)).toEqual([]);
});

test('a 2023-07 code in a description that 2023-01 inherits stops the model at the line that names it', async () => {
  const copy = siteWith(variant, (text) =>
    replaceOnce(
      text,
      'and a barcode with a wrong check digit\n        answers `422`.',
      'and a barcode with a wrong check digit\n        answers `422` with the code `invalid_gtin`.',
    ),
  );
  const line = lineIn(copy, variant, 'with the code `invalid_gtin`');
  let failure: unknown;
  try {
    await loadApiModel(copy);
  } catch (error) {
    failure = error;
  } finally {
    rmSync(copy, {recursive: true, force: true});
  }
  expect(failure).toBeInstanceOf(AuthoringError);
  const {problems} = failure as AuthoringError;
  expect(problems).toHaveLength(1);
  expect(problems[0]).toMatch(
    new RegExp(
      `^(?:.*/)?${escape(variant)}:${line}: ${escape(
        `release ${older} inherits "The SKU must be unique within the brand, or the request answers \`409\`, and a barcode with a wrong check digit answers \`422\` with the code \`invalid_gtin\`.", but the error code invalid_gtin is not in release ${older}'s catalogue: no \`422\` of release ${older} carries a code. Override the text in `,
      )}(?:.*/)?${escape(overlay)}${escape(', or word it so it holds for every release.')}$`,
    ),
  );
});

test('a name the overlay writes into its release is named at the overlay’s line', async () => {
  const copy = siteWith(overlay, (text) =>
    replaceOnce(
      text,
      'description: The ID of the order the parcel fulfils. It must be `accepted`.',
      'description: The ID of the order the parcel fulfils. It must be `accepted` or `partially_dispatched`.',
    ),
  );
  try {
    const line = lineIn(copy, overlay, 'or `partially_dispatched`.');
    const releases = await releasesOf(copy);
    const latest = releases[0]!.spec;
    const problems = releaseTextProblems(
      older,
      releaseTexts(
        older,
        releases[1]!.spec,
        latest,
        path.join(copy, specFolder),
      ),
      releases,
      path.join(copy, specFolder),
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      new RegExp(
        `^(?:.*/)?${escape(overlay)}:${line}: ${escape(
          `the overlay gives release ${older} "It must be \`accepted\` or \`partially_dispatched\`.", but partially_dispatched is a field or value of release ${latestRelease}, not of release ${older}.`,
        )}`,
      ),
    );
  } finally {
    rmSync(copy, {recursive: true, force: true});
  }
});

test('a sentence the loader writes from the latest’s catalogue is named at the code that writes it', async () => {
  const model = await loadApiModel(siteDir);
  const releases = [...model.releases].map(([release, spec]) => ({
    release,
    spec,
  }));
  const [latest, old] = releases.map(({release, spec}) =>
    releaseTexts(release, spec, releases[0]!.spec, specDir).filter(
      ({origin}) => origin === 'generated',
    ),
  ) as [ReturnType<typeof releaseTexts>, ReturnType<typeof releaseTexts>];
  // Each release's filter parameter says what its own `422` carries.
  const sentence = 'Another field answers `422` with `unknown_field`.';
  expect(latest.some(({text}) => text.includes(sentence))).toBe(true);
  expect(old.length).toBeGreaterThan(0);
  expect(old.some(({text}) => text.includes('unknown_field'))).toBe(false);
  // The latest's sentence, shown on the older release's pages, is one line
  // at the code that writes it.
  const writer = path.join('src', 'model', 'operations.ts');
  const line =
    readFileSync(path.join(siteDir, writer), 'utf8')
      .split('\n')
      .findIndex((text) => text.includes('Another field answers')) + 1;
  expect(line).toBeGreaterThan(0);
  expect(releaseTextProblems(older, latest, releases, specDir)).toEqual([
    `${writer}:${line}: release ${older}'s pages say "${sentence}", a sentence the loader writes, but the error code unknown_field is not in release ${older}'s catalogue: no \`422\` of release ${older} carries a code. Write it from the release's own document.`,
  ]);
});
