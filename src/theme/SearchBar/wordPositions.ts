// Where a result's words sit in a text, for marking them. Its own module so
// that the result line (./SuggestionTemplate.ts, in every page's bundle)
// does not pull in the ranking and lunr, which only the search worker needs.

/** [start, length] pairs. */
export type Positions = [number, number][];

/** Where the reader's words start words of `text`: [start, length] pairs. */
export function wordPositions(text: string, words: string[]): Positions {
  const lower = text.toLowerCase();
  const positions: Positions = [];
  for (const word of words.filter((candidate) => candidate.length > 1)) {
    let at = lower.indexOf(word);
    while (at !== -1) {
      if (at === 0 || !/[\p{L}\p{N}_]/u.test(lower[at - 1]!)) {
        positions.push([at, word.length]);
      }
      at = lower.indexOf(word, at + word.length);
    }
  }
  return positions.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
}
