// One meaning per error code: the catalogue of the rows' and lines' codes
// (x-row-error-codes) against the schemas' enums
// (src/plugins/openapi-reference/rules/row-error-codes.ts), and the content
// rule that a page defining a code draws its meaning with <ErrorMeaning>
// (src/plugins/content-rules/error-meanings.ts): every page and release
// passes, and each kind of mistake planted in a copy is named at its line.
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {spec} from '../support/openapi';
import {errorMeaningProblems} from '../../src/plugins/content-rules/error-meanings';
import {loadRelease} from '../../src/plugins/openapi-reference/release-spec';
import {
  apiReleases,
  releaseOfFile,
} from '../../src/plugins/openapi-reference/releases';
import {
  rowErrorCodeProblems,
  rowErrorEnums,
} from '../../src/plugins/openapi-reference/rules/row-error-codes';
import type {OpenApiDocument} from '../../src/model/openapi-types';

const siteDir = path.join(__dirname, '..', '..');
const specDir = path.join(siteDir, 'openapi');
const fallback = 'openapi/openapi.yaml';
const latest = spec.document;

const pages = ['api', 'api_versioned_docs', 'docs', 'blog'].flatMap((folder) =>
  readdirSync(path.join(siteDir, folder), {recursive: true, encoding: 'utf8'})
    .filter((name) => /\.mdx?$/.test(name))
    .map((name) => path.posix.join(folder, name.split(path.sep).join('/'))),
);

/** The problems of a page's text, checked against the latest release. */
const check = (source: string, file = 'docs/example.md') =>
  errorMeaningProblems(file, source, latest, '2023-07');

const rowCatalogue = (document: OpenApiDocument) =>
  document['x-row-error-codes'] as Record<string, unknown>;

/** The row-code problems of a copy of the latest document, changed by `doctor`. */
function doctored(doctor: (document: OpenApiDocument) => void): string[] {
  const document = structuredClone(latest);
  doctor(document);
  return rowErrorCodeProblems(document, fallback);
}

for (const release of apiReleases) {
  test(`the row and line codes of ${release} are its catalogue's`, async () => {
    const {document} = await loadRelease(specDir, release);
    const problems = rowErrorCodeProblems(document, fallback);
    expect(problems, problems.join('\n')).toEqual([]);
    expect(rowErrorEnums(document).map(({name}) => name)).toEqual([
      'BatchStock.results[].error_code',
      'FileValidationReport.errors[].code',
    ]);
  });
}

test('every page draws the meaning of each code it defines', async () => {
  expect(pages.length).toBeGreaterThan(50);
  const documents = new Map(
    await Promise.all(
      apiReleases.map(
        async (release) =>
          [release, (await loadRelease(specDir, release)).document] as const,
      ),
    ),
  );
  const problems = pages.flatMap((file) => {
    const release = releaseOfFile(file);
    return errorMeaningProblems(
      file,
      readFileSync(path.join(siteDir, file), 'utf8'),
      documents.get(release)!,
      release,
    );
  });
  expect(problems, problems.join('\n')).toEqual([]);
  // The pages do draw meanings.
  const drawing = pages.filter((file) =>
    readFileSync(path.join(siteDir, file), 'utf8').includes('<ErrorMeaning'),
  );
  expect(drawing.length).toBeGreaterThanOrEqual(4);
});

test('a typed meaning in a table row is named, with the element to write', () => {
  const source = [
    '# Errors',
    '',
    '| Code                | What it means                      |',
    '| ------------------- | ---------------------------------- |',
    '| `required`          | <ErrorMeaning row code="required" /> |',
    '| `unknown_warehouse` | No warehouse has the code.         |',
    '| `duplicate_sku`     | The SKU is in the file twice.      |',
  ].join('\n');
  expect(check(source)).toEqual([
    'docs/example.md:6: `unknown_warehouse` types its meaning ("No warehouse has the code."). Write <ErrorMeaning row code="unknown_warehouse" /> instead, so the page says what x-row-error-codes of release 2023-07 says.',
    // duplicate_sku is in both catalogues: the table's row-only codes say which.
    'docs/example.md:7: `duplicate_sku` types its meaning ("The SKU is in the file twice."). Write <ErrorMeaning row code="duplicate_sku" /> instead, so the page says what x-row-error-codes of release 2023-07 says.',
  ]);
});

test('a typed meaning in a list item is named, with "`code`: …" and "`code` means …"', () => {
  const source = [
    'A rejected line gives an `error_code`:',
    '',
    '- `unknown_sku`: no variant has that SKU.',
    '- `out_of_range` means an adjustment below 0.',
    '- `invalid_value`: <ErrorMeaning row code="invalid_value" />',
    '',
    'An API error:',
    '',
    '- `invalid_state`: the status does not allow it.',
  ].join('\n');
  expect(check(source)).toEqual([
    expect.stringMatching(
      /^docs\/example\.md:3: `unknown_sku` types its meaning \("no variant has that SKU\."\)\. Write <ErrorMeaning row code="unknown_sku" \/> instead/,
    ),
    expect.stringMatching(
      /^docs\/example\.md:4: `out_of_range` types its meaning .* Write <ErrorMeaning row code="out_of_range" \/> instead/,
    ),
    expect.stringMatching(
      /^docs\/example\.md:9: `invalid_state` types its meaning .* Write <ErrorMeaning code="invalid_state" \/> instead, so the page says what x-error-codes of release 2023-07 says\.$/,
    ),
  ]);
});

test('a code the catalogue lacks, or the wrong catalogue, is named', () => {
  expect(
    check(
      [
        'Rows fail with <ErrorMeaning row code="unknown_colour" />',
        '',
        'And <ErrorMeaning code="unknown_sku" />',
      ].join('\n'),
    ),
  ).toEqual([
    'docs/example.md:1: <ErrorMeaning row code="unknown_colour" /> names no code of release 2023-07\'s x-row-error-codes. Name a code of x-row-error-codes, or catalogue it there with its meaning and action.',
    'docs/example.md:3: <ErrorMeaning code="unknown_sku" /> names no code of release 2023-07\'s x-error-codes. It is in x-row-error-codes: write <ErrorMeaning row code="unknown_sku" />.',
  ]);
  // A definition that draws another code's meaning is no definition of its own.
  expect(
    check('- `unknown_sku`: <ErrorMeaning row code="unknown_warehouse" />'),
  ).toEqual([
    expect.stringMatching(
      /^docs\/example\.md:1: `unknown_sku` draws the meaning of unknown_warehouse\. Write <ErrorMeaning row code="unknown_sku" \/> instead/,
    ),
  ]);
});

test('a code merely mentioned, a column of field names, or code in a block passes', () => {
  const source = [
    'A line rejected with `unknown_sku` changed nothing; see `duplicate_sku` too.',
    '',
    '| Symptom                                      | Cause              |',
    '| -------------------------------------------- | ------------------ |',
    '| A batch line is rejected with `unknown_sku`. | The SKU is absent. |',
    '',
    '| Column     | What it holds                     |',
    '| ---------- | --------------------------------- |',
    '| `required` | Whether the field must be filled. |',
    '',
    '| Code       | Status |',
    '| ---------- | ------ |',
    '| `required` | `422`  |',
    '',
    '```md',
    '- `unknown_sku`: no variant has that SKU.',
    '```',
    '',
    '- `unknown_warehouse`: no warehouse has it. {/* deliberately wrong: the old wording */}',
  ].join('\n');
  expect(check(source)).toEqual([]);
});

test('an enum code the catalogue lacks, or a catalogued code no enum lists, is named', () => {
  const uncatalogued = doctored((document) => {
    delete rowCatalogue(document).invalid_barcode;
  });
  expect(uncatalogued).toEqual([
    `${fallback}: FileValidationReport.errors[].code lists invalid_barcode, which x-row-error-codes does not catalogue. Catalogue it with its meaning and action, or remove it from the enum.`,
  ]);
  // A batch line and a stock file's row both answer out_of_range.
  const unlisted = doctored((document) => {
    const {BatchStock, FileValidationReport} = document.components.schemas;
    for (const property of [
      BatchStock!.properties!.results!.items!.properties!.error_code!,
      FileValidationReport!.properties!.errors!.items!.properties!.code!,
    ]) {
      property.enum = property.enum!.filter((code) => code !== 'out_of_range');
    }
  });
  expect(unlisted).toEqual([
    `${fallback}: x-row-error-codes catalogues out_of_range, which no enum of a row's or line's code lists (BatchStock.results[].error_code, FileValidationReport.errors[].code). List it in the enum of the rows that answer it, or remove it from the catalogue.`,
  ]);
  const restated = doctored((document) => {
    const property =
      document.components.schemas.FileValidationReport!.properties!.errors!
        .items!.properties!.code!;
    property.description =
      '`duplicate_sku` means the SKU is twice in the file.';
  });
  expect(restated).toEqual([
    `${fallback}: the description of FileValidationReport.errors[].code says what \`duplicate_sku\` means; x-row-error-codes holds each code's meaning. Describe the field, and leave the meanings to the catalogue.`,
  ]);
});

test('the loaded documents name the enums at their file and line', () => {
  const problems = rowErrorCodeProblems(
    {
      ...latest,
      'x-row-error-codes': Object.fromEntries(
        Object.entries(rowCatalogue(latest)).filter(
          ([code]) => code !== 'unknown_warehouse',
        ),
      ),
    } as OpenApiDocument,
    fallback,
  );
  expect(problems).toEqual([
    expect.stringMatching(
      /^openapi\/resources\/batchStock\.yaml:\d+: BatchStock\.results\[\]\.error_code lists unknown_warehouse/,
    ),
    expect.stringMatching(
      /^openapi\/resources\/fileUtilities\.yaml:\d+: FileValidationReport\.errors\[\]\.code lists unknown_warehouse/,
    ),
  ]);
});
