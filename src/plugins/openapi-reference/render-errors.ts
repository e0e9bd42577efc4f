import type {RootContent} from 'mdast';
import {inline} from './fields';
import {inlineCode, jsx, table, text, type MarkdownParser} from './mdast';
import {allOperations} from '../../model/operations';
import {deref} from '../../model/refs';
import {type LoadedSpec, type OpenApiDocument} from '../../model/openapi-types';

/**
 * Renders the error catalogue from the root's `x-error-codes`: every
 * `errors[].code` the API answers with, its status, what it means and what
 * to do, and the operations whose examples show it.
 */

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

export function renderErrorCodes(
  spec: LoadedSpec,
  parse: MarkdownParser,
): RootContent[] {
  return [
    jsx('div', {'data-error-codes': 'true'}, [
      table(
        ['Code', 'Status', 'Meaning', 'What to do'],
        Object.entries(errorCodes(spec.document)).map(([code, entry]) => [
          [inlineCode(code)],
          [text(String(entry.status))],
          inline(parse, entry.meaning),
          inline(parse, entry.action),
        ]),
      ),
    ]),
  ];
}
