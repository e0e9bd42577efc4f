// The API's error codes: the catalogue of the root's x-error-codes, the codes the operations' examples show, and the catalogue of the row and line codes (x-row-error-codes).
import {allOperations} from './operations';
import {deref} from './refs';
import type {OpenApiDocument} from './openapi-types';

export interface ErrorCode {
  status: number;
  meaning: string;
  action: string;
}

/** A code of one row of an import file or one line of a batch stock update. */
export interface RowErrorCode {
  meaning: string;
  action: string;
}

/** Which catalogue a page draws a code's meaning from. */
export type ErrorCatalogue = 'api' | 'row';

export const catalogueKeys: Record<ErrorCatalogue, string> = {
  api: 'x-error-codes',
  row: 'x-row-error-codes',
};

/** One catalogue of the root document, by its key. */
function catalogueOf<Entry>(
  document: OpenApiDocument,
  catalogue: ErrorCatalogue,
): Record<string, Entry> {
  const key = catalogueKeys[catalogue];
  const codes = document[key as keyof OpenApiDocument] as
    Record<string, Entry> | undefined;
  if (!codes) {
    throw new Error(`openapi.yaml has no ${key}.`);
  }
  return codes;
}

/** The root's `x-error-codes`: the API's error codes. */
export const errorCodes = (document: OpenApiDocument) =>
  catalogueOf<ErrorCode>(document, 'api');

/** The root's `x-row-error-codes`: the codes of a file's rows and a batch's lines. */
export const rowErrorCodes = (document: OpenApiDocument) =>
  catalogueOf<RowErrorCode>(document, 'row');

/** The placeholder a page writes to draw a code's meaning. */
export const errorMeaningElement = (code: string, catalogue: ErrorCatalogue) =>
  catalogue === 'row'
    ? `<ErrorMeaning row code="${code}" />`
    : `<ErrorMeaning code="${code}" />`;

/** A code's meaning in one catalogue of a document, if that catalogue has it. */
export function errorMeaning(
  document: OpenApiDocument,
  code: string,
  catalogue: ErrorCatalogue,
): string | undefined {
  const entries = catalogueOf<{meaning: string}>(document, catalogue);
  return Object.hasOwn(entries, code) ? entries[code]!.meaning : undefined;
}

/** Every error code an operation's problem examples show, with the status they answer. */
export function exampleErrorCodes(
  document: OpenApiDocument,
): {operationId: string; status: string; code: string}[] {
  return allOperations(document).flatMap(({operation}) =>
    Object.entries(operation.responses).flatMap(([status, reference]) => {
      const media = deref(document, reference).content?.[
        'application/problem+json'
      ];
      return Object.values(media?.examples ?? {}).flatMap((example) => {
        const value = deref(document, example).value as
          {errors?: {code: string}[]} | undefined;
        return (value?.errors ?? []).map(({code}) => ({
          operationId: operation.operationId,
          status,
          code,
        }));
      });
    }),
  );
}
