// A result's snippet (a passage around its first match, with its marks) and breadcrumb.
import type {Positions} from './wordPositions';

const snippetLength = 120;

/** A breadcrumb without an item that repeats the one before it. */
export function withoutRepeats(path: string[]): string[] {
  return path.filter((item, index) => item !== path[index - 1]);
}

/**
 * A passage of `text` around its first match: from the start of that
 * sentence when it is near, else from the start of a word, and cut at the
 * end of a word. Marks are the matches inside it, relative to the passage.
 */
export function snippetOf(
  text: string,
  positions: Positions,
  length = snippetLength,
): {snippet: string; marks: Positions} {
  const sorted = [...positions].sort((a, b) => a[0] - b[0]);
  const first = sorted[0]?.[0] ?? 0;
  let start = 0;
  if (first + 20 > length) {
    const sentence = Math.max(
      text.lastIndexOf('. ', first),
      text.lastIndexOf('? ', first),
      text.lastIndexOf(': ', first),
    );
    if (sentence >= 0 && first - sentence < length * 0.6) {
      start = sentence + 2;
    } else {
      const from = Math.max(0, first - 30);
      const space = text.lastIndexOf(' ', from);
      start = space < 0 ? 0 : space + 1;
    }
  }
  let end = Math.min(text.length, start + length);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > start) {
      end = space;
    }
  }
  const snippet = `${start > 0 ? '… ' : ''}${text.slice(start, end).replace(/[,;:]$/, '')}${end < text.length ? ' …' : ''}`;
  const offset = start > 0 ? 2 - start : -start;
  const marks = sorted
    .filter(([at, size]) => at >= start && at + size <= end)
    .map(([at, size]): [number, number] => [at + offset, size]);
  return {snippet, marks};
}
