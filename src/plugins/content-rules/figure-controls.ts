import {worldFact, type World} from '../openapi-reference/world';
import {kindIn} from '../../model/world-story';
import {statesOffering} from '../../model/lifecycles';

/**
 * What a figure's buttons may offer (issue 30). A lifecycle declares, per
 * state, the app's actions (`x-lifecycle` states' `actions`): **Sync now**
 * for a host product in `error`, **Archive** for a draft product. A figure
 * that draws an object's status at a moment and, beside it, a control that
 * one of its kind's states offers shows that action offered in the state
 * drawn, so the state must offer it: a figure drew **Sync now** on a
 * `linked` listing while the lifecycle offered it only in `error`, and no
 * check read the two together.
 *
 * Beside it: a control in a grid's row goes with the statuses drawn in
 * that row, or, if the row draws none, with those drawn outside any row
 * (an order's status above its items' rows); where several objects of a
 * kind are beside it, one in a state offering the control is enough. An
 * action that creates another object of the kind (`POST /brand-stores`,
 * offered after a brand store ended) acts on no drawn one, so it is not
 * read; one creating an object of another kind (**Create dispatch** of an
 * order) is.
 */

/** Where a status or a control is drawn: the grid row, if any, holding it. */
type Row = object | undefined;

/** A fact a figure draws (`ord_5Yc1Hd6.status`), at its moment, in its row. */
export interface DrawnFact {
  of: string;
  at?: string;
  row: Row;
}

/** A control a figure draws: its label. */
export interface DrawnControl {
  label: string;
  row: Row;
}

/** The object a status fact is about: `ord_5Yc1Hd6` for `ord_5Yc1Hd6.status`. */
const statusOf = /^(\w+_\w+)\.status$/;

/**
 * One line for each control the figure draws that the lifecycle of an
 * object drawn beside it offers only in states none of them is in.
 */
export function controlStateProblems(
  world: World,
  where: string,
  facts: readonly DrawnFact[],
  controls: readonly DrawnControl[],
): string[] {
  // The statuses among them, each with its object's kind and lifecycle.
  const drawn = facts.flatMap(({of, at, row}) => {
    const key = statusOf.exec(of)?.[1];
    const kind = key === undefined ? undefined : kindIn(world.story.kinds, key);
    const state = worldFact(world, of, at);
    return key && kind?.lifecycle?.states && typeof state === 'string'
      ? [{key, kind: kind.name, states: kind.lifecycle.states, state, at, row}]
      : [];
  });
  const problems = new Set<string>();
  for (const {label, row} of controls) {
    const inRow = drawn.filter((status) => status.row === row);
    const beside =
      row !== undefined && inRow.length === 0
        ? drawn.filter((status) => status.row === undefined)
        : inRow;
    for (const kind of new Set(beside.map((status) => status.kind))) {
      const ofKind = beside.filter((status) => status.kind === kind);
      const offering = statesOffering(kind, ofKind[0]!.states, label);
      if (
        offering.length === 0 ||
        ofKind.some(({state}) => offering.includes(state))
      ) {
        continue;
      }
      const shown = [
        ...new Set(
          ofKind.map(
            ({key, state, at}) =>
              `${key} is "${state}"${at ? ` at ${at}` : ' at now'}`,
          ),
        ),
      ].join(', ');
      problems.add(
        `${where}: the control "${label}" acts on a ${kind} only in ${offering.map((state) => `"${state}"`).join(', ')} (its x-lifecycle), but the figure draws it beside ${shown}. Draw the control where the state offers it, or the state that offers it; if the app offers it here, add it to that state's actions.`,
      );
    }
  }
  return [...problems];
}
