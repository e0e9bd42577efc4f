/**
 * Finds the site's pages closest to an address that does not exist, for the
 * not-found page. Matching ignores case and a trailing slash, and tolerates
 * small typos in the whole path or in its last segment.
 */

const maxSuggestions = 5;

export function normalisePath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

function lastSegment(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** Levenshtein distance: the fewest single-character edits from a to b. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({length: b.length + 1}, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(
        previous[j] + 1,
        current[j - 1] + 1,
        previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length];
}

/**
 * How far a page is from the requested address: the edit distance of the
 * whole paths, or of their last segments plus a small penalty (so that
 * /help/login still finds /help/docs/getting-started/login).
 */
function distance(requested: string, candidate: string): number {
  const lastSegmentPenalty = 2;
  return Math.min(
    editDistance(requested, candidate),
    editDistance(lastSegment(requested), lastSegment(candidate)) +
      lastSegmentPenalty,
  );
}

/** A page is suggested when it is at most this many edits away. */
function tolerance(requested: string): number {
  return Math.max(3, Math.floor(lastSegment(requested).length / 3));
}

export function suggestPages(
  requestedPath: string,
  sitePaths: string[],
): string[] {
  const requested = normalisePath(requestedPath).toLowerCase();
  const limit = tolerance(requested);
  return [...new Set(sitePaths.map(normalisePath))]
    .map((path) => ({path, score: distance(requested, path.toLowerCase())}))
    .filter(({score}) => score <= limit)
    .sort((a, b) => a.score - b.score || a.path.localeCompare(b.path))
    .slice(0, maxSuggestions)
    .map(({path}) => path);
}
