// The build's check that every response declares the headers the
// introduction promises (src/plugins/openapi-reference/rules/response-headers.ts):
// each release passes, and a header declared by hand is named.
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {loadRelease} from '../../src/plugins/openapi-reference/release-spec';
import {apiReleases} from '../../src/plugins/openapi-reference/releases';
import {responseHeaderProblems} from '../../src/plugins/openapi-reference/rules/response-headers';
import {allOperations} from '../../src/model/operations';
import {deref} from '../../src/model/refs';
import {type Response} from '../../src/model/openapi-types';
import {spec} from '../support/openapi';

const specDir = path.join(__dirname, '..', '..', 'openapi');
const fallback = 'openapi/openapi.yaml';

for (const release of apiReleases) {
  test(`every response of ${release} declares its release's shared headers`, async () => {
    const {document} = await loadRelease(specDir, release);
    const responses = allOperations(document).flatMap(({operation}) =>
      Object.values(operation.responses),
    );
    expect(responses.length).toBeGreaterThan(500);
    const problems = responseHeaderProblems(document, fallback);
    expect(problems, problems.join('\n')).toEqual([]);
  });
}

test('a response without a shared header, a replay header where none replays, and an inline header are named', () => {
  const document = structuredClone(spec.document);
  const list = deref(
    document,
    document.paths['/orders']!.get!.responses['200']! as Response,
  );
  delete list.headers!['Request-Id'];
  list.headers!['Idempotent-Replayed'] = {
    $ref: '#/components/headers/Idempotent-Replayed',
  };
  list.headers!['RateLimit-Limit'] = {schema: {type: 'integer'}};
  expect(responseHeaderProblems(document, fallback)).toEqual([
    `${fallback}: GET /orders 200 does not declare Request-Id, which every such response carries. Leave the shared headers to the loader (components.x-every-response-headers), or add it.`,
    `${fallback}: GET /orders 200 declares Idempotent-Replayed, though only the 2xx of an operation that takes an Idempotency-Key replays. Remove it.`,
    `${fallback}: GET /orders 200 declares RateLimit-Limit itself. Declare each header once, in components.headers of openapi.yaml, and refer to it there.`,
  ]);
});
