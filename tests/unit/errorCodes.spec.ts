import {expect, test} from '@playwright/test';
import {spec} from '../support/openapi';
import {errorCodes, exampleErrorCodes} from '../../src/model/error-codes';
import {allOperations} from '../../src/model/operations';

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

test('every catalogued error code is shown by at least one operation', () => {
  const used = new Set(exampleErrorCodes(document).map(({code}) => code));
  const unused = Object.keys(catalogue).filter((code) => !used.has(code));
  expect(unused, unused.join('\n')).toEqual([]);
});

test('every list answers 422 with its own filter and cursor codes, and no write does', () => {
  const used = exampleErrorCodes(document);
  const codesOf = (operationId: string) =>
    used
      .filter((entry) => entry.operationId === operationId)
      .map(({code}) => code);
  const listCodes = ['invalid_filter', 'unknown_field', 'invalid_cursor'];
  const problems = allOperations(document).flatMap(({method, operation}) => {
    const codes = codesOf(operation.operationId);
    if (operation['x-filter']) {
      return codes.includes('invalid_filter')
        ? []
        : [`${operation.operationId}: no invalid_filter example`];
    }
    return method !== 'get' && codes.some((code) => listCodes.includes(code))
      ? [`${operation.operationId}: a write shows a list's filter error`]
      : [];
  });
  expect(problems, problems.join('\n')).toEqual([]);
});
