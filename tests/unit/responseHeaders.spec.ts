// Every operation's responses declare the headers the introduction promises.
import {expect, test} from '@playwright/test';
import {allOperations} from '../../src/model/operations';
import {deref, resolveRef} from '../../src/model/refs';
import {type Response} from '../../src/model/openapi-types';
import {spec} from '../support/openapi';

const {document} = spec;

/** Each response of each operation: where it is and the headers it declares. */
const responses = allOperations(document).flatMap(
  ({method, path, operation, parameters}) =>
    Object.entries(operation.responses).map(([status, reference]) => ({
      where: `${method.toUpperCase()} ${path} ${status}`,
      status,
      idempotent: parameters.some(({name}) => name === 'Idempotency-Key'),
      headers: Object.keys(
        deref(document, reference as Response).headers ?? {},
      ),
    })),
);

test('every response declares Request-Id and the RateLimit headers', () => {
  expect(responses.length).toBeGreaterThan(500);
  const missing = responses.filter(
    ({headers}) =>
      ![
        'Request-Id',
        'RateLimit-Limit',
        'RateLimit-Remaining',
        'RateLimit-Reset',
      ].every((name) => headers.includes(name)),
  );
  expect(missing.map(({where}) => where)).toEqual([]);
});

test('429 and 503 declare Retry-After', () => {
  const retryable = responses.filter(({status}) =>
    ['429', '503'].includes(status),
  );
  expect(retryable.length).toBeGreaterThan(100);
  expect(
    retryable
      .filter(({headers}) => !headers.includes('Retry-After'))
      .map(({where}) => where),
  ).toEqual([]);
});

test('the 2xx of operations that take Idempotency-Key declare Idempotent-Replayed, and only those', () => {
  const success = responses.filter(({status}) => status.startsWith('2'));
  expect(success.filter(({idempotent}) => idempotent).length).toBeGreaterThan(
    40,
  );
  expect(
    success
      .filter(
        ({idempotent, headers}) =>
          idempotent !== headers.includes('Idempotent-Replayed'),
      )
      .map(({where}) => where),
  ).toEqual([]);
});

test('every declared header is a shared component with a schema and a description', () => {
  const refs = new Set(
    allOperations(document).flatMap(({operation}) =>
      Object.values(operation.responses).flatMap((reference) =>
        Object.values(deref(document, reference as Response).headers ?? {}).map(
          (header) =>
            (header as {$ref?: string}).$ref ?? JSON.stringify(header),
        ),
      ),
    ),
  );
  expect(refs.size).toBe(6);
  for (const ref of refs) {
    expect(ref).toMatch(/^#\/components\/headers\//);
    const component = resolveRef<{description?: string; schema?: unknown}>(
      document,
      ref,
    );
    expect(component.description).toBeTruthy();
    expect(component.schema).toBeTruthy();
  }
});
