// A query's concepts: the reader's words, and the synonym phrases they are expanded with.
import type {SynonymData} from './searchIndex';
import {isStopWord, stemOf, wordsOf} from './searchText';
import {synonymWeight} from './rankingWeights';

export interface Alternative {
  stems: string[];
  weight: number;
  /** The reader typed it: typos and prefixes are tolerated. */
  typed: boolean;
}

/** One thing the reader asks about: a word, or a phrase and its synonyms. */
export interface Concept {
  words: string[];
  alternatives: Alternative[];
  /** The synonym groups it came from, if any. */
  groups?: string;
}

/** The synonyms a query is expanded with, and the words it ignores. */
export class QueryExpansion {
  private readonly synonymPhrases: string[][][];
  /** Words a query ignores (src/data/search-synonyms.yaml's `ignore`). */
  readonly ignore: Set<string>;

  constructor(synonyms: SynonymData) {
    this.synonymPhrases = synonyms.groups.map((group) =>
      group.map((phrase) => wordsOf(String(phrase)).map(stemOf)),
    );
    this.ignore = new Set(synonyms.ignore.map((word) => word.toLowerCase()));
  }

  /** The concepts of a query: synonym phrases first, longest first. */
  concepts(input: string): Concept[] {
    const words = wordsOf(input);
    const stems = words.map(stemOf);
    const concepts: Concept[] = [];
    let position = 0;
    while (position < words.length) {
      let best: {length: number; groups: number[]} = {length: 0, groups: []};
      this.synonymPhrases.forEach((group, groupIndex) => {
        for (const phrase of group) {
          const fits =
            phrase.length > 0 &&
            phrase.every((stem, offset) => stems[position + offset] === stem);
          if (fits && phrase.length > best.length) {
            best = {length: phrase.length, groups: [groupIndex]};
          } else if (fits && phrase.length === best.length) {
            best.groups.push(groupIndex);
          }
        }
      });
      if (best.length > 0) {
        const typed = stems.slice(position, position + best.length);
        const seen = new Set([typed.join(' ')]);
        const alternatives: Alternative[] = [
          {stems: typed, weight: 1, typed: true},
        ];
        for (const groupIndex of best.groups) {
          for (const phrase of this.synonymPhrases[groupIndex]!) {
            if (!seen.has(phrase.join(' '))) {
              seen.add(phrase.join(' '));
              alternatives.push({
                stems: phrase,
                weight: synonymWeight,
                typed: false,
              });
            }
          }
        }
        const groups = best.groups.join(',');
        const previous = concepts.at(-1);
        if (previous?.groups === groups) {
          // Two words of one group ("409 conflict") ask one thing.
          previous.words.push(...words.slice(position, position + best.length));
          previous.alternatives.push(
            ...alternatives.filter(
              (alternative) =>
                alternative.typed ||
                !previous.alternatives.some(
                  (other) =>
                    other.stems.join(' ') === alternative.stems.join(' '),
                ),
            ),
          );
        } else {
          concepts.push({
            words: words.slice(position, position + best.length),
            alternatives,
            groups,
          });
        }
        position += best.length;
      } else {
        concepts.push({
          words: [words[position]!],
          alternatives: [{stems: [stems[position]!], weight: 1, typed: true}],
        });
        position += 1;
      }
    }
    const meaningful = concepts.filter(
      (concept) =>
        concept.alternatives.length > 1 ||
        !concept.words.every(
          (word) => isStopWord(word) || this.ignore.has(word),
        ),
    );
    return meaningful.length > 0 ? meaningful : concepts;
  }
}
