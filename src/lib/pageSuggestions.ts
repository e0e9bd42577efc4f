/**
 * Finds the site's pages closest to an address that does not exist, for the
 * not-found page. Matching ignores case and a trailing slash, and tolerates
 * small typos in the whole path or in its last segment.
 */

import {editDistance, nearestAll} from '../model/nearest';

const maxSuggestions = 5;

export function normalisePath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

function lastSegment(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
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
  const paths = [...new Set(sitePaths.map(normalisePath))].sort((a, b) =>
    a.localeCompare(b),
  );
  return nearestAll(requested, paths, {
    maxDistance: tolerance(requested),
    ignoreCase: true,
    distance,
  }).slice(0, maxSuggestions);
}
