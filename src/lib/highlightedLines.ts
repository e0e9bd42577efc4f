import type {CodeBlockMetadata} from '@docusaurus/theme-common/internal';
import {escapeHtml} from './escapeHtml';

/** A code block's metadata, with the HTML of each line it shows. */
export interface HighlightedMetadata extends CodeBlockMetadata {
  lineHtml: readonly string[];
}

/**
 * The HTML of each line a code block shows. `highlighted` holds one line of
 * HTML per line of the code as written (see `src/plugins/static-code`); the
 * block shows fewer when magic comments (`// highlight-next-line`) take
 * theirs out, so each shown line takes the HTML of the next written line that
 * reads the same. Code that was not highlighted when the site built (a
 * component's code, made in the browser) shows as plain text.
 */
export function lineHtml(
  metadata: CodeBlockMetadata,
  highlighted: string | undefined,
): string[] {
  const shown = metadata.code.split('\n');
  if (highlighted === undefined) {
    return shown.map(escapeHtml);
  }
  const written = metadata.codeInput.split(/\r?\n/);
  const html = highlighted.split('\n');
  const lines: string[] = [];
  for (
    let index = 0;
    index < written.length && lines.length < shown.length;
    index += 1
  ) {
    if (written[index] === shown[lines.length]) {
      lines.push(html[index] ?? escapeHtml(shown[lines.length]!));
    }
  }
  return [...lines, ...shown.slice(lines.length).map(escapeHtml)];
}
