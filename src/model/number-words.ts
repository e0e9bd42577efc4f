/**
 * The words the site's prose spells small numbers with, zero to twelve:
 * product numbers written `format="words"` and counts of the sample world
 * (`format="count"`, which says "no" for none) are spelt from this one list,
 * and the content rules read numbers typed in words with it.
 */
export const numberWords = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
] as const;

/** A number in words, or in digits (`1,000`) beyond the words. */
export function inWords(value: number): string {
  return numberWords[value] ?? value.toLocaleString('en-GB');
}
