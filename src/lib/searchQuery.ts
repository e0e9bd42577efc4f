import {useEffect, useRef, type RefObject} from 'react';

/**
 * The longest search query the site accepts. The local search matches each
 * term fuzzily, and a 10,000-character query kept its worker busy for
 * minutes, so every later search hung. 200 characters is far more than any
 * real query.
 */
export const maxQueryLength = 200;

/**
 * The most words of a query the search reads. Each word is looked up
 * exactly, with typos and as a prefix, so the worker's time grows with the
 * words: on a busy two-core machine, 200 characters of real words took a
 * median 51 ms of the worker and their first 12 words 25 ms, which a phone's
 * 4× slower CPU multiplies. The longest question of
 * tests/search/questions.yaml has eight words.
 */
export const maxQueryWords = 12;

/**
 * A query as the search reads it: at most the cap, and its first
 * `maxQueryWords` words. The text boxes' own limit holds only what is typed
 * or pasted; a query restored from the browser's history or set from an
 * address is cut here.
 */
export function cappedQuery(query: string): string {
  const capped = query.slice(0, maxQueryLength);
  const words = capped.split(/(\s+)/);
  // Words and the spaces between them alternate; a leading space makes an
  // empty first word.
  const kept = words.slice(
    0,
    2 * maxQueryWords - 1 + (words[0] === '' ? 2 : 0),
  );
  return kept.join('');
}

/**
 * The words a link asks a page to mark (`?_highlight=a&_highlight=b`), which
 * the search box also shows joined by spaces: as many as fit the cap, the
 * last one cut to fit.
 */
export function cappedHighlights(words: string[]): string[] {
  const kept: string[] = [];
  let length = 0;
  for (const word of words) {
    const room = maxQueryLength - length - (kept.length > 0 ? 1 : 0);
    if (room <= 0) {
      break;
    }
    kept.push(word.slice(0, room));
    length += (kept.length > 1 ? 1 : 0) + Math.min(word.length, room);
  }
  return kept;
}

/** Caps every text box inside the returned ref's element at the limit. */
export function useCappedInputs(): RefObject<HTMLDivElement | null> {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    container.current?.querySelectorAll('input').forEach((input) => {
      input.maxLength = maxQueryLength;
    });
  });
  return container;
}
