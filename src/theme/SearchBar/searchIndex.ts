// The theme's search index and a result, as the ranking reads and returns them.
import type {Positions} from './wordPositions';

/** The theme's document types, the order of the index file's arrays. */
export const documentType = {
  title: 0,
  heading: 1,
  description: 2,
  keywords: 3,
  content: 4,
} as const;

/** A document of the theme's index (field names are the theme's). */
export interface SearchDocument {
  /** Its id, unique across the types. */
  i: number;
  /** The text: a title, heading, description, keywords or a section's text. */
  t: string;
  /** The page's address. */
  u: string;
  /** The section's anchor (`#…`), or empty for the top of the page. */
  h?: string;
  /** The id of the page's title document. */
  p?: number;
  /** The section's title, on descriptions, keywords and content. */
  s?: string;
  /** The page's breadcrumb, on titles. */
  b?: string[];
}

export interface TypedIndex {
  type: number;
  documents: SearchDocument[];
  index: lunr.Index;
}

/** src/data/search-synonyms.yaml, parsed. */
export interface SynonymData {
  groups: string[][];
  ignore: string[];
}

/** The theme's match metadata: term → field → positions. */
export type MatchMetadata = Record<
  string,
  Record<string, {position: Positions}>
>;

export interface SearchResult {
  /** What the result opens: `u` and `h` (the theme navigates to them). */
  document: SearchDocument;
  /** The theme's type of `document`, for its results page. */
  type: number;
  /** The page's title document (false when `document` is it). */
  page: SearchDocument | false;
  metadata: MatchMetadata;
  /** The words to mark on the page the result opens. */
  tokens: string[];
  score: number;
  pageTitle: string;
  /** Where the page sits (its breadcrumb), without repeats. */
  path: string[];
  /** The section's heading, when the result opens a section. */
  sectionTitle?: string;
  /** A passage of the section, starting at a word, with `marks` in it. */
  snippet: string;
  marks: Positions;
  /**
   * Set while the passage's text is still on its way: the result is
   * already in its final place, and the passage follows.
   */
  passageToFollow?: boolean;
}
