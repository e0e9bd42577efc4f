// The one "did you mean": the names nearest to a mistyped one, by edit distance (leven).
import leven from 'leven';

/** The fewest single-character edits (Levenshtein) that turn a into b. */
export const editDistance = (a: string, b: string): number => leven(a, b);

/**
 * How far a mistyped name may be from the one meant: a third of its length,
 * and at least two edits.
 */
export const typoDistance = (name: string): number =>
  Math.max(2, name.length / 3);

export interface NearestOptions {
  /** The most a suggestion may be from the name; by default, any distance. */
  maxDistance?: number;
  /** Compare in lower case (a candidate is still returned as written). */
  ignoreCase?: boolean;
  /** How far a candidate is from the name; by default their edit distance. */
  distance?: (name: string, candidate: string) => number;
}

/**
 * Every candidate within `maxDistance` of a name, nearest first; candidates
 * equally near keep the order they were given in.
 */
export function nearestAll(
  name: string,
  candidates: Iterable<string>,
  {
    maxDistance = Infinity,
    ignoreCase = false,
    distance = editDistance,
  }: NearestOptions = {},
): string[] {
  const fold = (value: string) => (ignoreCase ? value.toLowerCase() : value);
  return [...candidates]
    .map((candidate) => ({
      candidate,
      cost: distance(fold(name), fold(candidate)),
    }))
    .filter(({cost}) => cost <= maxDistance)
    .sort((a, b) => a.cost - b.cost)
    .map(({candidate}) => candidate);
}

/**
 * The candidate nearest to a mistyped name (the first of those equally
 * near), or undefined when there is none within `maxDistance`.
 */
export function nearest(
  name: string,
  candidates: Iterable<string>,
  options: NearestOptions = {},
): string | undefined {
  return nearestAll(name, candidates, options)[0];
}
