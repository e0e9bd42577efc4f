import leven from 'leven';

/** The name among some that is nearest to a wrong one by edit distance, for "did you mean"; '' when there are none. */
export function nearest(name: string, names: Iterable<string>): string {
  let best = '';
  let bestDistance = Infinity;
  for (const candidate of names) {
    const distance = leven(name, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}
