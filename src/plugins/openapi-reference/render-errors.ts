// Renders the error catalogue on the Error codes page.
import type {RootContent} from 'mdast';
import {inline} from './fields';
import {errorCodes} from '../../model/error-codes';
import {inlineCode, jsx, table, text, type MarkdownParser} from './mdast';
import {type LoadedSpec} from '../../model/openapi-types';

/**
 * Renders the error catalogue from the root's `x-error-codes`: every
 * `errors[].code` the API answers with, its status, what it means and what
 * to do, and the operations whose examples show it.
 */

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
