import {expect, test} from '@playwright/test';
import {spec} from '../support/openapi';
import {
  errorCodes,
  exampleErrorCodes,
} from '../../src/plugins/openapi-reference/render-errors';
import {allOperations} from '../../src/plugins/openapi-reference/spec';

const {document} = spec;
const catalogue = errorCodes(document);

test('every error code an example shows is catalogued, with the status it answers', () => {
  const used = exampleErrorCodes(document);
  expect(used.length).toBeGreaterThan(0);
  const problems = used.flatMap(({operationId, status, code}) => {
    const entry = catalogue[code];
    if (!entry) {
      return [`${operationId} ${status}: ${code} is not in x-error-codes`];
    }
    return String(entry.status) === status
      ? []
      : [`${operationId} ${status}: ${code} is catalogued as ${entry.status}`];
  });
  expect(problems, problems.join('\n')).toEqual([]);
});

test('every POST that takes an Idempotency-Key can answer 409 for a reused key', () => {
  const used = exampleErrorCodes(document);
  const missing = allOperations(document)
    .filter(({parameters}) =>
      parameters.some(({name}) => name === 'Idempotency-Key'),
    )
    .filter(
      ({operation}) =>
        !used.some(
          (entry) =>
            entry.operationId === operation.operationId &&
            entry.status === '409' &&
            entry.code === 'idempotency_key_reused',
        ),
    )
    .map(({operation}) => operation.operationId);
  expect(missing, missing.join('\n')).toEqual([]);
});
