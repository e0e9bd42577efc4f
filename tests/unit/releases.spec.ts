// The API releases: the 2023-01 document the overlay derives from the
// source, its examples and rules, the samples of each release, and the
// changelog's rule that every computed difference is explained.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {allExampleCases, validateExample} from '../support/openapi';
import {changelogSectionProblems} from '../../src/plugins/content-rules/changelog-sections';
import {
  loadProductNumbers,
  productNumbersPath,
} from '../../src/model/product-numbers';
import {releaseDateProblems} from '../../src/plugins/openapi-reference/release-days';
import {
  exampleStoryProblems,
  sampleDataIds,
} from '../../src/plugins/openapi-reference/rules/example-rules';
import {loadWorld} from '../../src/plugins/openapi-reference/world';
import {
  explainedChanges,
  groupChanges,
} from '../../src/plugins/openapi-reference/changelog-rows';
import {releaseChanges} from '../../src/plugins/openapi-reference/changelog';
import {
  applyOverlay,
  loadRelease,
  overlayPath,
  readOverlay,
} from '../../src/plugins/openapi-reference/release-spec';
import {
  apiReleases,
  latestRelease,
  releaseHeader,
  releaseOfFile,
  type ApiRelease,
} from '../../src/plugins/openapi-reference/releases';
import {
  codeSamples,
  sampleRequest,
} from '../../src/plugins/openapi-reference/samples';
import {allOperations, webhookEvents} from '../../src/model/operations';
import {deref} from '../../src/model/refs';
import {
  everyResponseHeaders,
  finishSpec,
  mergeSpec,
} from '../../src/plugins/openapi-reference/spec';
import {
  type LoadedSpec,
  type Response,
  type Schema,
} from '../../src/model/openapi-types';

const siteDir = path.join(__dirname, '..', '..');
const specDir = path.join(siteDir, 'openapi');
const oldRelease: ApiRelease = '2023-01';

const load = (release: ApiRelease) => loadRelease(specDir, release);

/** The names of the lists that take `filter`, as `GET /orders`. */
const filterLists = (spec: LoadedSpec) =>
  allOperations(spec.document)
    .filter(({parameters}) => parameters.some(({name}) => name === 'filter'))
    .map(({method, path: route}) => `${method.toUpperCase()} ${route}`)
    .sort();

/** The `errors[]` of every 422 example, per operation. */
function validationExamples(spec: LoadedSpec) {
  return allOperations(spec.document).flatMap(({operation}) => {
    const reference = operation.responses['422'];
    const response = reference && deref(spec.document, reference as Response);
    const media = response?.content?.['application/problem+json'];
    return Object.entries(media?.examples ?? {}).map(([name, example]) => {
      const value = deref(spec.document, example).value as {
        errors?: unknown[];
      };
      return {where: `${operation.operationId} ${name}`, value};
    });
  });
}

test('every page file belongs to its release', () => {
  expect(releaseOfFile(path.join(siteDir, 'api', 'orders', 'order.mdx'))).toBe(
    latestRelease,
  );
  expect(
    releaseOfFile(
      path.join(siteDir, 'api_versioned_docs', 'version-2023-01', 'order.mdx'),
    ),
  ).toBe('2023-01');
  expect(() =>
    releaseOfFile('/site/api_versioned_docs/version-2022-01/order.mdx'),
  ).toThrow(/2022-01 is not a release/);
});

test('2023-01 differs where the brief says: statuses, headers, 422 bodies and filter', async () => {
  const [latest, old] = await Promise.all([
    load(latestRelease),
    load(oldRelease),
  ]);
  const orderStatuses = (spec: LoadedSpec) =>
    spec.document.components.schemas.Order!.properties!.status!.enum;
  expect(orderStatuses(latest)).toContain('partially_dispatched');
  expect(orderStatuses(old)).not.toContain('partially_dispatched');

  expect(everyResponseHeaders(latest.document)).toEqual([
    'Request-Id',
    'RateLimit-Limit',
    'RateLimit-Remaining',
    'RateLimit-Reset',
  ]);
  expect(everyResponseHeaders(old.document)).toEqual([
    'Request-Id',
    'X-RateLimit-Limit',
    'X-RateLimit-Remaining',
    'X-RateLimit-Reset',
  ]);
  // Every response of every operation carries the release's header names.
  for (const {operation} of allOperations(old.document)) {
    for (const reference of Object.values(operation.responses)) {
      const headers = Object.keys(
        deref(old.document, reference as Response).headers ?? {},
      );
      expect(headers).toContain('X-RateLimit-Remaining');
      expect(headers).not.toContain('RateLimit-Remaining');
    }
  }

  const latestValidation = validationExamples(latest);
  const oldValidation = validationExamples(old);
  expect(latestValidation.length).toBeGreaterThan(20);
  expect(
    latestValidation.filter(({value}) => !Array.isArray(value.errors)),
  ).toEqual([]);
  expect(oldValidation.length).toBeGreaterThan(20);
  expect(oldValidation.filter(({value}) => 'errors' in value)).toEqual([]);

  expect(filterLists(old)).toEqual([
    'GET /orders',
    'GET /products',
    'GET /sales',
    'GET /stock',
  ]);
  expect(filterLists(latest).length).toBeGreaterThan(20);

  // Change 5 was additive and reached both releases.
  const brandStoreEvents = (spec: LoadedSpec) =>
    webhookEvents(spec.document)
      .map(({type}) => type)
      .filter((type) => type.startsWith('brand_store.'));
  expect(brandStoreEvents(old)).toEqual([
    'brand_store.created',
    'brand_store.updated',
    'brand_store.ended',
  ]);
  expect(brandStoreEvents(latest)).toEqual(brandStoreEvents(old));
});

test('an overlay action that matches nothing fails the release', async () => {
  const overlay = readOverlay(specDir, oldRelease);
  await expect(
    applyOverlay(
      mergeSpec(specDir),
      {
        ...overlay,
        actions: [
          ...overlay.actions,
          {target: '$.components.schemas.Order.properties.gone', remove: true},
        ],
      },
      overlayPath(specDir, oldRelease),
    ),
  ).rejects.toThrow(
    /the target \$\.components\.schemas\.Order\.properties\.gone matches nothing/,
  );
});

test('the overlay leaves the source document as it was', async () => {
  const merged = mergeSpec(specDir);
  const before = JSON.stringify(merged.document);
  await applyOverlay(
    merged,
    readOverlay(specDir, oldRelease),
    overlayPath(specDir, oldRelease),
  );
  expect(JSON.stringify(merged.document)).toBe(before);
});

test('every example of 2023-01 validates and keeps its rules', async () => {
  const old = await load(oldRelease);
  const cases = allExampleCases(old);
  expect(cases.length).toBeGreaterThan(1000);
  const problems = cases.flatMap((example) => validateExample(example, old));
  expect(problems, problems.join('\n')).toEqual([]);
  const world = loadWorld(siteDir);
  const ruleProblems = exampleStoryProblems(
    old,
    overlayPath(specDir, oldRelease),
    sampleDataIds(siteDir, world),
    world,
  );
  expect(ruleProblems, ruleProblems.join('\n')).toEqual([]);
});

test('a 2023-01 example with errors[] on a 422 fails validation', async () => {
  const old = await load(oldRelease);
  const schema: Schema = {$ref: '#/components/schemas/ValidationProblem'};
  const value = {
    type: 'https://api.example.com/problems/validation-error',
    title: 'Validation error',
    status: 422,
    detail: 'name: name is required.',
    errors: [{field: 'name', code: 'required', message: 'name is required.'}],
  };
  expect(
    validateExample({where: 'doctored', schema, value}, old).join('\n'),
  ).toMatch(/errors/);
});

test('every request sample sends the release of its page', async () => {
  for (const release of apiReleases) {
    const spec = await load(release);
    const operations = allOperations(spec.document);
    expect(operations.length).toBeGreaterThan(100);
    for (const entry of operations) {
      const {headers} = sampleRequest(spec.document, entry);
      expect(headers).toContainEqual([releaseHeader, release]);
    }
    // Every language writes the header: one operation per resource file
    // (HTTPSnippet is slow; the request above is what each language writes).
    const firstOfEachFile = [...spec.resources.values()].flatMap(
      ({paths}) =>
        operations.find(({path: route}) => paths.includes(route)) ?? [],
    );
    expect(firstOfEachFile.length).toBeGreaterThan(20);
    for (const entry of firstOfEachFile) {
      for (const sample of codeSamples(spec.document, entry)) {
        expect(
          sample.code,
          `${entry.operation.operationId} ${sample.label}`,
        ).toMatch(new RegExp(`${releaseHeader}.{1,8}${release}`));
      }
    }
  }
});

test('every difference the diff computes is explained on the changelog page', async () => {
  const [latest, old] = await Promise.all([
    load(latestRelease),
    load(oldRelease),
  ]);
  const changes = releaseChanges(old, latest);
  expect(changes.length).toBeGreaterThan(50);
  const unexplained = changes.filter(({explanation}) => !explanation);
  expect(unexplained.map(({where, what}) => `${where}: ${what}`)).toEqual([]);
  expect(new Set(changes.map(({kind}) => kind))).toEqual(
    new Set(['breaking', 'additive']),
  );
});

test('the changelog page has a section per explanation, under its anchor, or the build names the placeholder', () => {
  const file = 'api/changelog.mdx';
  const page = readFileSync(path.join(siteDir, file), 'utf8');
  expect(changelogSectionProblems(file, page)).toEqual([]);
  const [first] = explainedChanges;
  const heading = `### ${first!.title} {/* #${first!.id} */}`;
  const placeholder =
    page.split('\n').findIndex((line) => line.includes('<ApiChangelog')) + 1;
  expect(
    changelogSectionProblems(
      file,
      page.replace(heading, `### ${first!.title}`),
    ),
  ).toEqual([
    `${file}:${placeholder}: the changelog has no section "${heading}", which its rows and the release marks link to. Add it, or correct explainedChanges in src/plugins/openapi-reference/changelog.ts.`,
  ]);
});

test('a difference no section explains fails the changelog', async () => {
  const latest = await load(latestRelease);
  const overlay = readOverlay(specDir, oldRelease);
  // A 2023-01 where brands had no website: a difference nobody explained.
  const doctored = finishSpec(
    await applyOverlay(
      mergeSpec(specDir),
      {
        ...overlay,
        actions: [
          ...overlay.actions,
          {
            target: '$.components.schemas.Brand.properties.website',
            remove: true,
          },
        ],
      },
      overlayPath(specDir, oldRelease),
    ),
    overlayPath(specDir, oldRelease),
  );
  const changes = releaseChanges(doctored, latest);
  expect(() => groupChanges(changes)).toThrow(/website/);
});

test('every release but the oldest has the day it shipped, and an older release is supported for the support months after its successor shipped', () => {
  const numbers = loadProductNumbers(siteDir);
  const declarations = readFileSync(
    path.join(siteDir, productNumbersPath),
    'utf8',
  );
  expect(
    releaseDateProblems(numbers, productNumbersPath, declarations),
  ).toEqual([]);
  // A support date one day out is named at its line.
  const until = numbers.find(
    ({name}) => name === 'release_2023_01_supported_until',
  )!;
  const line =
    declarations
      .split('\n')
      .findIndex((text) => text.startsWith(`${until.name}:`)) + 1;
  expect(
    releaseDateProblems(
      numbers.map((number) =>
        number === until ? {...number, value: '2024-07-30'} : number,
      ),
      productNumbersPath,
      declarations,
    ),
  ).toEqual([
    expect.stringMatching(
      new RegExp(
        `^${productNumbersPath.replaceAll('.', '\\.')}:${line}: release_2023_01_supported_until is 2024-07-30, but 2023-01 is supported for \\d+ months after 2023-07 shipped \\(\\d{4}-\\d{2}-\\d{2}\\): ${String(until.value)}\\.`,
      ),
    ),
  ]);
});
