import {errorCodes, exampleErrorCodes} from '../../../model/error-codes';
import {rangeKeywords} from '../../../lib/try-it/world-exchange';
import {allOperations} from '../../../model/operations';
import {deref} from '../../../model/refs';
import {where} from '../../../model/yaml';
import {
  type OpenApiDocument,
  type OperationEntry,
  type Response,
} from '../../../model/openapi-types';

/** The codes only a list answers: a bad filter, a field it cannot filter on, a bad cursor. */
const listCodes = ['invalid_filter', 'unknown_field', 'invalid_cursor'];

/** A list: an operation that pages with `cursor` or, the change feed, `after`. */
const isList = ({parameters}: OperationEntry) =>
  parameters.some(({name}) => name === 'cursor' || name === 'after');

/**
 * The fields of a request body that hold a number or a list with a range
 * (`rangeKeywords`, the ones Try it answers `out_of_range` for), as
 * dotted paths; read-only fields are not sent.
 */
function rangedFields(
  document: OpenApiDocument,
  schema: unknown,
  at = '',
  seen = new Set<unknown>(),
): string[] {
  const resolved = deref(document, (schema ?? {}) as {$ref?: string}) as {
    readOnly?: boolean;
    properties?: Record<string, unknown>;
    items?: unknown;
    allOf?: unknown[];
    oneOf?: unknown[];
    anyOf?: unknown[];
  };
  if (seen.has(resolved) || resolved.readOnly) {
    return [];
  }
  seen.add(resolved);
  return [
    ...(Object.keys(resolved).some((keyword) => rangeKeywords.has(keyword))
      ? [at || '(the body)']
      : []),
    ...Object.entries(resolved.properties ?? {}).flatMap(([name, property]) =>
      rangedFields(document, property, at ? `${at}.${name}` : name, seen),
    ),
    ...(resolved.items
      ? rangedFields(document, resolved.items, `${at}[]`, seen)
      : []),
    ...[
      ...(resolved.allOf ?? []),
      ...(resolved.oneOf ?? []),
      ...(resolved.anyOf ?? []),
    ].flatMap((part) => rangedFields(document, part, at, seen)),
  ];
}

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
  // A body field with a range answers out_of_range when it is out of it,
  // as Try it does, so the operation's 422 lists the code.
  const rangedCodeProblems = (entry: OperationEntry) => {
    const body = entry.operation.requestBody
      ? deref(document, entry.operation.requestBody).content?.[
          'application/json'
        ]?.schema
      : undefined;
    const fields = body ? rangedFields(document, body) : [];
    const response = entry.operation.responses['422'];
    const listed = response
      ? ((deref(document, response) as {'x-codes'?: string[]})['x-codes'] ?? [])
      : [];
    return catalogue.out_of_range &&
      fields.length > 0 &&
      !listed.includes('out_of_range')
      ? [
          `${at(entry)} takes ${fields.join(', ')} with a range, but its 422 does not list out_of_range, which a value out of it answers. Add the code to its x-codes with an example.`,
        ]
      : [];
  };
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
        ...rangedCodeProblems(entry),
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

/** The statuses whose responses list the codes they answer with (`x-codes`), one example per code. */
export const codedStatuses = ['400', '409', '422'];

/** The codes each problem example of a response shows, by example name. */
function exampleCodes(
  document: OpenApiDocument,
  response: Response,
): [string, string[]][] {
  const media = response.content?.['application/problem+json'];
  return Object.entries(media?.examples ?? {}).map(([name, example]) => [
    name,
    (
      (deref(document, example).value as {errors?: {code: string}[]})?.errors ??
      []
    ).map(({code}) => code),
  ]);
}

/**
 * Every `400`, `409` and `422` of an operation names its causes: it lists
 * the codes it can answer with (`x-codes`), each catalogued with that
 * status, and shows one example per code; no example shows a code the
 * response does not list. Where the release catalogues no code of a status
 * (no `422` of 2023-01 carries one), its responses list none. Every
 * operation answers a wrong `Hub-Version` (`invalid_version`), and one that
 * takes a body a body that is not JSON (`malformed_json`).
 */
export function responseCodeProblems(
  document: OpenApiDocument,
  fallbackFile: string,
): string[] {
  const catalogue = errorCodes(document);
  const problems = allOperations(document).flatMap((entry) => {
    const {operation, method, path} = entry;
    const name = `${method.toUpperCase()} ${path}`;
    const ownProblems = codedStatuses.flatMap((status) => {
      const reference = operation.responses[status];
      if (!reference) {
        return [];
      }
      const response = deref(document, reference);
      // A shared response is named at its component, once for all its operations.
      const at = reference.$ref
        ? `${where(response, fallbackFile)}: ${reference.$ref.split('/').pop()} (the ${status} of ${name} and others)`
        : `${where(response, fallbackFile)}: the ${status} of ${name}`;
      const listed = response['x-codes'] ?? [];
      const shown = exampleCodes(document, response);
      const catalogued = Object.values(catalogue).some(
        (code) => String(code.status) === status,
      );
      if (!catalogued) {
        return listed.length > 0
          ? [
              `${at} lists ${listed.join(', ')} in x-codes, but no ${status} of this release carries a code. Remove x-codes.`,
            ]
          : [];
      }
      return [
        ...(listed.length === 0
          ? [
              `${at} lists no code in x-codes. List every code it can answer with, each with an example.`,
            ]
          : []),
        ...listed.flatMap((code) => [
          ...(String(catalogue[code]?.status) === status
            ? []
            : [
                `${at} lists ${code} in x-codes, which x-error-codes does not catalogue as ${status}. Catalogue it, or correct x-codes.`,
              ]),
          ...(shown.some(([, codes]) => codes.includes(code))
            ? []
            : [
                `${at} lists ${code} in x-codes, but no example shows it. Add an example of that cause.`,
              ]),
        ]),
        ...shown.flatMap(([example, codes]) =>
          codes
            .filter((code) => !listed.includes(code))
            .map(
              (code) =>
                `${at}: example ${example} shows ${code}, which the response does not list in x-codes. List it, or correct the example.`,
            ),
        ),
      ];
    });
    const badRequest = operation.responses['400']
      ? (deref(document, operation.responses['400'])['x-codes'] ?? [])
      : [];
    const required = [
      ...(catalogue.invalid_version ? ['invalid_version'] : []),
      ...(catalogue.malformed_json && operation.requestBody
        ? ['malformed_json']
        : []),
    ];
    const missing = required
      .filter((code) => !badRequest.includes(code))
      .map(
        (code) =>
          `${where(operation, fallbackFile)}: ${name} does not answer 400 ${code}, which ${code === 'invalid_version' ? 'every operation answers' : 'every operation with a body answers'}. Declare the shared ${code === 'invalid_version' ? 'InvalidRequest' : 'BadRequest'} response as its 400.`,
      );
    return [...ownProblems, ...missing];
  });
  return [...new Set(problems)];
}
