import {errorCodes, exampleErrorCodes} from '../../../model/error-codes';
import {allOperations} from '../../../model/operations';
import {deref} from '../../../model/refs';
import {where} from '../../../model/yaml';
import {
  type OpenApiDocument,
  type OperationEntry,
} from '../../../model/openapi-types';

/** The codes only a list answers: a bad filter, a field it cannot filter on, a bad cursor. */
const listCodes = ['invalid_filter', 'unknown_field', 'invalid_cursor'];

/** A list: an operation that pages with `cursor` or, the change feed, `after`. */
const isList = ({parameters}: OperationEntry) =>
  parameters.some(({name}) => name === 'cursor' || name === 'after');

/** The `errors[].code`s and `detail` of an operation's 422 examples. */
function examples422(document: OpenApiDocument, entry: OperationEntry) {
  const reference = entry.operation.responses['422'];
  const media = reference
    ? deref(document, reference).content?.['application/problem+json']
    : undefined;
  return Object.values(media?.examples ?? {}).map(
    (example) =>
      deref(document, example).value as {
        detail?: string;
        errors?: {code: string}[];
      },
  );
}

/**
 * The error codes the examples show against the catalogue
 * (`x-error-codes`): each code an example shows is catalogued with the
 * status it answers, and each catalogued code is shown somewhere; where the
 * release catalogues them, every operation that takes an `Idempotency-Key`
 * shows `idempotency_key_reused` and every filtered list `invalid_filter`
 * (a `422` of 2023-01 carries no code); no write shows a list's codes. Every list
 * shows an expired cursor (`cursor_expired`, or in a release without codes
 * a `detail` on its `cursor` or `after`).
 */
export function errorCodeProblems(
  document: OpenApiDocument,
  fallbackFile: string,
): string[] {
  const catalogue = errorCodes(document);
  const catalogueAt = where(catalogue, fallbackFile);
  const used = exampleErrorCodes(document);
  const operations = allOperations(document);
  const at = ({operation, method, path}: OperationEntry) =>
    `${where(operation, fallbackFile)}: ${method.toUpperCase()} ${path}`;
  const codesOf = (entry: OperationEntry) =>
    used
      .filter(({operationId}) => operationId === entry.operation.operationId)
      .map(({code}) => code);
  const shownWrong = [
    ...new Set(
      used.flatMap(({operationId, status, code}) => {
        const entry = catalogue[code];
        if (!entry) {
          return [
            `${catalogueAt}: ${operationId}'s ${status} example shows the code ${code}, which x-error-codes does not catalogue. Catalogue it, or correct the example.`,
          ];
        }
        return String(entry.status) === status
          ? []
          : [
              `${catalogueAt}: ${operationId}'s ${status} example shows ${code}, which x-error-codes catalogues as ${entry.status}. Correct the example or the catalogue.`,
            ];
      }),
    ),
  ];
  const coded = [
    ...Object.keys(catalogue)
      .filter((code) => !used.some((entry) => entry.code === code))
      .map(
        (code) =>
          `${where(catalogue[code], fallbackFile)}: no operation's example shows the catalogued code ${code}. Show it on an operation that answers it, or remove it from x-error-codes.`,
      ),
    ...operations.flatMap((entry) => {
      const codes = codesOf(entry);
      const {method, operation, parameters} = entry;
      return [
        ...(catalogue.idempotency_key_reused &&
        parameters.some(({name}) => name === 'Idempotency-Key') &&
        !used.some(
          (shown) =>
            shown.operationId === operation.operationId &&
            shown.status === '409' &&
            shown.code === 'idempotency_key_reused',
        )
          ? [
              `${at(entry)} takes an Idempotency-Key but shows no 409 idempotency_key_reused. Add the shared IdempotencyKeyReused example to its 409.`,
            ]
          : []),
        ...(catalogue.invalid_filter &&
        operation['x-filter'] &&
        !codes.includes('invalid_filter')
          ? [
              `${at(entry)} filters its list but shows no 422 invalid_filter. Add the example.`,
            ]
          : []),
        ...(!operation['x-filter'] &&
        method !== 'get' &&
        codes.some((code) => listCodes.includes(code))
          ? [
              `${at(entry)} is a write but shows a list's error code (${listCodes.join(', ')}). Remove the example.`,
            ]
          : []),
      ];
    }),
  ];
  const cursors = operations
    .filter(isList)
    .filter(
      (entry) =>
        !examples422(document, entry).some(
          ({errors, detail}) =>
            errors?.some(({code}) => code === 'cursor_expired') ??
            /^(cursor|after): .*(24 hours|30 days)/.test(detail ?? ''),
        ),
    )
    .map(
      (entry) =>
        `${at(entry)} pages, but no 422 example shows an expired cursor (cursor_expired). Add the shared CursorExpired example.`,
    );
  return [...shownWrong, ...coded, ...cursors];
}
