// Stands in for the search theme's result line (see
// src/plugins/search-ranking): the page's title, where it sits, the section
// the result opens, and a passage of that section starting at a word, with
// the searched words marked. The theme's dropdown puts this HTML in each
// option; every text is escaped.
import type {SearchResult} from './searchIndex';
import {wordPositions} from './wordPositions';
import styles from './results.module.css';

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#039;');

/** `text` with its `marks` ([start, length]) in <mark>, escaped. */
export function markedHtml(text: string, marks: [number, number][]): string {
  const html: string[] = [];
  let cursor = 0;
  for (const [start, length] of [...marks].sort(
    (a, b) => a[0] - b[0] || b[1] - a[1],
  )) {
    if (start < cursor || length === 0) {
      continue;
    }
    html.push(escapeHtml(text.slice(cursor, start)));
    html.push(`<mark>${escapeHtml(text.slice(start, start + length))}</mark>`);
    cursor = start + length;
  }
  html.push(escapeHtml(text.slice(cursor)));
  return html.join('');
}

/** The attribute of a passage's place while its text is on its way. */
export const passageAttribute = 'data-passage-to-follow';

/** What a result's passage place is known by: the address it opens. */
export const passageKey = ({document}: SearchResult) =>
  `${document.u}${document.h ?? ''}`;

export function SuggestionTemplate(result: SearchResult): string {
  const {pageTitle, path, sectionTitle, snippet, marks, tokens} = result;
  return [
    `<span class="${styles.result}">`,
    `<span class="${styles.page}">${markedHtml(pageTitle, wordPositions(pageTitle, tokens))}`,
    path.length > 0
      ? `<span class="${styles.path}"> · ${escapeHtml(path.join(' › '))}</span>`
      : '',
    '</span>',
    sectionTitle
      ? `<span class="${styles.section}">${markedHtml(sectionTitle, wordPositions(sectionTitle, tokens))}</span>`
      : '',
    result.passageToFollow
      ? `<span class="${styles.snippet}" ${passageAttribute}="${escapeHtml(passageKey(result))}"></span>`
      : snippet
        ? `<span class="${styles.snippet}">${markedHtml(snippet, marks)}</span>`
        : '',
    '</span>',
  ].join('');
}
