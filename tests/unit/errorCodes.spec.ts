// The build's check of the error codes the examples show against the
// catalogue (src/plugins/openapi-reference/rules/error-codes.ts): each
// release passes, and each kind of mistake planted in a copy is named.
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {spec} from '../support/openapi';
import {loadRelease} from '../../src/plugins/openapi-reference/release-spec';
import {apiReleases} from '../../src/plugins/openapi-reference/releases';
import {
  errorCodeProblems,
  responseCodeProblems,
} from '../../src/plugins/openapi-reference/rules/error-codes';
import type {OpenApiDocument, Response} from '../../src/model/openapi-types';

const specDir = path.join(__dirname, '..', '..', 'openapi');
const fallback = 'openapi/openapi.yaml';

/** The problems of a copy of the latest document, changed by `doctor`. */
function doctored(doctor: (document: OpenApiDocument) => void): string[] {
  const document = structuredClone(spec.document);
  doctor(document);
  return errorCodeProblems(document, fallback);
}

const catalogue = (document: OpenApiDocument) =>
  document['x-error-codes'] as Record<string, {status: number}>;

for (const release of apiReleases) {
  test(`the examples of ${release} show its catalogue's codes, as catalogued`, async () => {
    const {document} = await loadRelease(specDir, release);
    const problems = errorCodeProblems(document, fallback);
    expect(problems, problems.join('\n')).toEqual([]);
  });
}

test('a code the catalogue lacks, or gives another status, is named', () => {
  const uncatalogued = doctored((document) => {
    delete catalogue(document).cursor_expired;
  });
  expect(uncatalogued.length).toBeGreaterThan(20);
  expect(uncatalogued[0]).toMatch(
    /^openapi\/openapi\.yaml: \w+'s 422 example shows the code cursor_expired, which x-error-codes does not catalogue\. Catalogue it, or correct the example\.$/,
  );
  const restated = doctored((document) => {
    catalogue(document).idempotency_key_reused!.status = 400;
  });
  expect(restated[0]).toMatch(
    /: \w+'s 409 example shows idempotency_key_reused, which x-error-codes catalogues as 400\./,
  );
});

test('a catalogued code no example shows is named', () => {
  expect(
    doctored((document) => {
      catalogue(document).payment_required = {status: 402};
    }),
  ).toEqual([
    `${fallback}: no operation's example shows the catalogued code payment_required. Show it on an operation that answers it, or remove it from x-error-codes.`,
  ]);
});

test('a list without its filter and cursor errors, and a write with a list’s, are named', () => {
  const problems = doctored((document) => {
    document.paths['/orders']!.get!.responses['422'] = {
      description: 'Nothing shown.',
      content: {
        'application/problem+json': {
          schema: {$ref: '#/components/schemas/Problem'},
          examples: {},
        },
      },
    } as Response;
    const accept = document.paths['/orders/{id}/accept']!.post!;
    accept.responses['422'] = {
      $ref: '#/components/responses/InvalidListQuery',
    } as Response;
  });
  expect(problems).toEqual([
    `${fallback}: GET /orders filters its list but shows no 422 invalid_filter. Add the example.`,
    `${fallback}: POST /orders/{id}/accept is a write but shows a list's error code (invalid_filter, unknown_field, invalid_cursor). Remove the example.`,
    `${fallback}: GET /orders pages, but no 422 example shows an expired cursor (cursor_expired). Add the shared CursorExpired example.`,
  ]);
});

test('a body with a ranged number or list whose 422 lists no out_of_range is named; a text’s length is not a range', () => {
  const problems = doctored((document) => {
    const response = document.paths['/brand-stores']!.post!.responses[
      '422'
    ] as Response & {'x-codes': string[]};
    response['x-codes'] = response['x-codes'].filter(
      (code) => code !== 'out_of_range',
    );
    const brands = document.paths['/brands']!.post!.responses['422'] as {
      'x-codes': string[];
    };
    expect(brands['x-codes']).not.toContain('out_of_range');
  });
  expect(problems).toEqual([
    `${fallback}: POST /brand-stores takes stock_buffer with a range, but its 422 does not list out_of_range, which a value out of it answers. Add the code to its x-codes with an example.`,
  ]);
});

// The check that every 400, 409 and 422 names its causes (responseCodeProblems):
// each release passes, and each mistake planted in a copy is one line.
const accept409 = (document: OpenApiDocument) =>
  document.paths['/orders/{id}/accept']!.post!.responses['409']!;
const codedProblems = (doctor: (document: OpenApiDocument) => void) => {
  const document = structuredClone(spec.document);
  doctor(document);
  return responseCodeProblems(document, fallback);
};

for (const release of apiReleases) {
  test(`every 400, 409 and 422 of ${release} lists its codes, one example each`, async () => {
    const {document} = await loadRelease(specDir, release);
    const problems = responseCodeProblems(document, fallback);
    expect(problems, problems.join('\n')).toEqual([]);
  });
}

test('a 409 that lists no code is named', () => {
  expect(
    codedProblems((document) => delete accept409(document)['x-codes']),
  ).toContain(
    `${fallback}: the 409 of POST /orders/{id}/accept lists no code in x-codes. List every code it can answer with, each with an example.`,
  );
});

test('a listed code that no example shows is named', () => {
  expect(
    codedProblems((document) =>
      accept409(document)['x-codes']!.push('duplicate_code'),
    ),
  ).toEqual([
    `${fallback}: the 409 of POST /orders/{id}/accept lists duplicate_code in x-codes, but no example shows it. Add an example of that cause.`,
  ]);
});

test('an example whose code the response does not list is named', () => {
  expect(
    codedProblems((document) => accept409(document)['x-codes']!.splice(0, 1)),
  ).toEqual([
    `${fallback}: the 409 of POST /orders/{id}/accept: example invalidState shows invalid_state, which the response does not list in x-codes. List it, or correct the example.`,
  ]);
});

test('a code listed at another status, and codes where the release has none, are named', () => {
  expect(
    codedProblems((document) =>
      accept409(document)['x-codes']!.push('invalid_gtin'),
    ),
  ).toEqual([
    `${fallback}: the 409 of POST /orders/{id}/accept lists invalid_gtin in x-codes, which x-error-codes does not catalogue as 409. Catalogue it, or correct x-codes.`,
    `${fallback}: the 409 of POST /orders/{id}/accept lists invalid_gtin in x-codes, but no example shows it. Add an example of that cause.`,
  ]);
  expect(
    codedProblems((document) => {
      for (const code of Object.keys(catalogue(document))) {
        if (catalogue(document)[code]!.status === 409) {
          delete catalogue(document)[code];
        }
      }
    }),
  ).toContain(
    `${fallback}: the 409 of POST /orders/{id}/accept lists invalid_state, idempotency_key_reused, idempotency_key_in_use in x-codes, but no 409 of this release carries a code. Remove x-codes.`,
  );
});

test('an operation without the 400 of a wrong Hub-Version is named', () => {
  expect(
    codedProblems((document) => {
      delete document.paths['/orders/{id}/accept']!.post!.responses['400'];
    }),
  ).toEqual([
    `${fallback}: POST /orders/{id}/accept does not answer 400 invalid_version, which every operation answers. Declare the shared InvalidRequest response as its 400.`,
  ]);
});
