// How much each kind of match counts in the ranking, and the lengths that decide which matches are tried.
import {documentType} from './searchIndex';

/** How much a match in each document type counts. */
export const typeWeight: Record<number, number> = {
  [documentType.title]: 3,
  [documentType.keywords]: 2.5,
  [documentType.heading]: 2,
  [documentType.description]: 1.2,
  [documentType.content]: 1,
};
/** A synonym counts a little less than the reader's own word. */
export const synonymWeight = 0.8;
/** A typo-tolerant match (one edit) counts less than an exact one. */
export const fuzzyWeight = 0.5;
/** The word being typed matches words it starts. */
export const prefixWeight = 0.6;
/** The other fields that also match add this share of their score. */
export const corroboration = 0.25;
/**
 * A heading with no text of its own is an API definition (a field,
 * parameter or enum value, added by scripts/lib/search-definitions.mjs): it
 * answers a query that is the term itself, written as code
 * (`tracking_number`, `Idempotency-Key`), and counts less in a question, in
 * another form, through a synonym, or when it is a plain word (`stock`, an
 * enum value of several fields, should find the guides).
 */
export const definitionInQuestion = 0.1;
/** How much a page's score falls with each word of the question it lacks. */
export const coverageExponent = 2;
/**
 * Typos and prefixes are tried only for a word found in fewer documents
 * than this.
 */
export const looseFormsBelow = 10;
/** The shortest start of a definition's term that asks for it. */
export const minimumTermStart = 4;
/**
 * Words of these lengths are also matched with two edits; lunr's cost for
 * two edits grows fast with a word's length (a pasted string would stall
 * the worker).
 */
export const twoEditsMinLength = 7;
export const twoEditsMaxLength = 12;
/** A match with two edits counts less again. */
export const twoEditsWeight = 0.35;
/** Words shorter than this are not matched with an edit. */
export const fuzzyMinLength = 5;
