// The API's error codes: the catalogue of the root's x-error-codes, and the codes the operations' examples show.
import {allOperations} from './operations';
import {deref} from './refs';
import type {OpenApiDocument} from './openapi-types';

export interface ErrorCode {
  status: number;
  meaning: string;
  action: string;
}

export function errorCodes(
  document: OpenApiDocument,
): Record<string, ErrorCode> {
  const codes = document['x-error-codes'] as
    Record<string, ErrorCode> | undefined;
  if (!codes) {
    throw new Error('openapi.yaml has no x-error-codes.');
  }
  return codes;
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
