// Words as the search index holds them: lower case, trimmed and stemmed; identifiers; stop words.
// cspell:words stemmer
import lunr from 'lunr';

/** The index's form of a word: lower case, trimmed, English stem. */
export function stemOf(word: string): string {
  const token = new lunr.Token(word.toLowerCase(), {});
  const trimmed = lunr.trimmer(token) as lunr.Token;
  return String(lunr.stemmer(trimmed));
}

/** A name written as code: with `_`, `-`, `.`, `/` or inner capitals. */
export const isIdentifier = (term: string) => /[_\-./]|[a-z][A-Z]/.test(term);

/** Text compared as a whole: lower case, single spaces. */
export const normalised = (text: string) =>
  text.toLowerCase().replace(/\s+/g, ' ').trim();

/** A query's words as the index holds them; apostrophes dropped. */
export function wordsOf(text: string): string[] {
  return lunr
    .tokenizer(text.toLowerCase().replace(/['’]/g, ''))
    .map((token) => String(lunr.trimmer(token)))
    .filter((word) => word.length > 0);
}

export const isStopWord = (word: string) =>
  lunr.stopWordFilter(new lunr.Token(word, {})) === undefined;
