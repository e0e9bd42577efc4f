import {worldFact, worldPath, type World} from '../openapi-reference/world';

/**
 * A screen shows one moment (issue 30: "guides that show a moment the world
 * never had"). A <Fact> with `at` shows its object as it was then; one
 * without shows it at now. A figure that draws some facts at another
 * moment (an order `accepted` at 09:41, before its dispatch) and others at
 * now draws a screen the world never had wherever a fact read at now was
 * different at that moment: the order screen at 09:41 beside the stock
 * that fell at 14:05. So a fact drawn without `at` must hold the same value
 * at every other moment the drawing shows; one whose value comes from
 * another moment says which with its own `at` (a form filled in with the
 * dispatch it is about to create).
 *
 * Only the drawing is read: a caption may tell what happens later.
 */

/** A fact the drawing shows: its path, and its moment if not now. */
export interface MomentFact {
  of: string;
  at?: string;
}

const then = (value: unknown) =>
  value === undefined
    ? 'the world held no value for it'
    : `it was ${JSON.stringify(value)}`;

export function momentProblems(
  world: World,
  where: string,
  facts: readonly MomentFact[],
): string[] {
  const moments = [
    ...new Set(facts.flatMap(({at}) => (at && at !== world.now ? [at] : []))),
  ].sort();
  const problems: string[] = [];
  const read = new Set<string>();
  for (const {of, at} of facts) {
    // An object's id alone draws the id, which no moment changes.
    if (at !== undefined || !of.includes('.') || read.has(of)) {
      continue;
    }
    read.add(of);
    const now = JSON.stringify(worldFact(world, of));
    const other = moments.find(
      (moment) => JSON.stringify(worldFact(world, of, moment)) !== now,
    );
    if (other) {
      problems.push(
        `${where}: <Fact of="${of}"> is read at now (${now}), but the drawing also shows ${other}, when ${then(worldFact(world, of, other))} (${worldPath}). A screen shows one moment: give the fact at="${other}", or at="…" the moment its value is from if the screen shows one from another (a form filled in before it is saved).`,
      );
    }
  }
  return problems;
}
