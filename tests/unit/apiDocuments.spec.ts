// What each release's document declares for every operation: the
// Hub-Version header with the release's value, and samples that narrow a
// field once. (That every list shows an expired cursor is the build's
// check, rules/error-codes.ts; that every list's sample is a first page,
// with no cursor, and its example the world's answer, rules/lists.ts.)
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {
  loadRelease,
  overlayPath,
} from '../../src/plugins/openapi-reference/release-spec';
import {
  apiReleases,
  latestRelease,
  releaseHeader,
  type ApiRelease,
} from '../../src/plugins/openapi-reference/releases';
import {
  filteredFields,
  sampleRequest,
} from '../../src/plugins/openapi-reference/samples';
import {allOperations} from '../../src/model/operations';
import {publishedSpec} from '../../src/plugins/openapi-reference/spec';
import {where} from '../../src/model/yaml';
import {
  type OperationEntry,
  type OpenApiDocument,
} from '../../src/model/openapi-types';

const specDir = path.join(__dirname, '..', '..', 'openapi');
/** Where an operation is written: its line in the source, or the release's overlay. */
const at = (release: ApiRelease, {operation}: OperationEntry) =>
  `${where(
    operation,
    release === latestRelease
      ? path.join(specDir, 'openapi.yaml')
      : overlayPath(specDir, release),
  )}: ${operation.operationId}`;

for (const release of apiReleases) {
  test.describe(`release ${release}`, () => {
    test(`every operation takes ${releaseHeader}, valued ${release}, in the published document`, async () => {
      const {document} = await loadRelease(specDir, release);
      const published = JSON.parse(
        publishedSpec(document).json,
      ) as OpenApiDocument;
      const operations = allOperations(published);
      expect(operations.length).toBeGreaterThan(100);
      const missing = operations
        .filter(({parameters}) => {
          const header = parameters.find(
            ({name, in: location}) =>
              name === releaseHeader && location === 'header',
          );
          return !(
            header &&
            !header.required &&
            JSON.stringify(header.schema?.enum) === JSON.stringify([release]) &&
            header.example === release
          );
        })
        .map((entry) => at(release, entry));
      expect(missing, missing.join('\n')).toEqual([]);
    });

    test('no sample narrows a field twice, with filter and a parameter', async () => {
      const {document} = await loadRelease(specDir, release);
      const problems = allOperations(document).flatMap((entry) => {
        const sent = [
          ...new URL(sampleRequest(document, entry).url).searchParams.keys(),
        ];
        const filtered = sent.includes('filter')
          ? filteredFields(entry.parameters)
          : [];
        return sent
          .filter((name) => filtered.includes(name))
          .map(
            (name) =>
              `${at(release, entry)}: sends ${name} and a filter on ${name}`,
          );
      });
      expect(problems, problems.join('\n')).toEqual([]);
    });
  });
}
