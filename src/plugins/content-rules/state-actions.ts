import type {ObjectKinds} from '../../model/world-story';
import {hasStates, statesOffering, statesReached} from '../../model/lifecycles';
import {boldLabels} from '../../model/labels';
import {withoutDeliberate} from './deliberate';

/** The sentence of a line holding its column: sentences end at `.`, `!`, `?` or `;` before a space. */
function sentenceAt(line: string, column: number): string {
  let start = 0;
  for (const end of line.matchAll(/(?<=[.!?;])\s+/g)) {
    if (end.index >= column) {
      return line.slice(start, end.index);
    }
    start = end.index + end[0].length;
  }
  return line.slice(start);
}

/**
 * A guide's sentence that offers an action in a state (issue 30): "select
 * **Reconnect** on a `disconnected` store". The lifecycles declare, per
 * state, the app's actions (`x-lifecycle` states' `actions`), so a sentence
 * naming a label that some states of a kind offer, beside states of that
 * kind in code (`` `disconnected` ``), must name one that offers it, or one
 * the action leads to (its transitions, and the states after them:
 * **Import** on a file that ends `failed`). A sentence that offers **Sync
 * now** on a `pending` listing, while only `linked` and `error` ones offer
 * it, is one line at its line. Sentences are read as the figure checks read
 * a figure: a control and the statuses beside it. Two steps in one
 * sentence ("select **Accept** if it is `pending`, then **Create
 * dispatch**") read as one, so write them as two.
 */
export function stateActionProblems(
  file: string,
  source: string,
  kinds: ObjectKinds,
): string[] {
  const lifecycles = Object.values(kinds).flatMap(({name, lifecycle}) =>
    lifecycle && hasStates(lifecycle) ? [{name, lifecycle}] : [],
  );
  const text = withoutDeliberate({source}).source;
  const lines = text.split('\n');
  const problems = new Set<string>();
  for (const {text: label, line, column = 0} of boldLabels(text)) {
    const sentence = sentenceAt(lines[line - 1]!, column);
    const named = new Set(
      [...sentence.matchAll(/`([a-z_]+)`/g)].map((match) => match[1]!),
    );
    const verdicts = lifecycles.flatMap(({name, lifecycle}) => {
      const offering = statesOffering(name, lifecycle.states, label);
      const here = Object.keys(lifecycle.states).filter((state) =>
        named.has(state),
      );
      if (offering.length === 0 || here.length === 0) {
        return [];
      }
      const allowed = new Set([
        ...offering,
        ...statesReached(lifecycle, label),
      ]);
      return [{name, offering, here, fits: here.some((s) => allowed.has(s))}];
    });
    if (verdicts.length === 0 || verdicts.some(({fits}) => fits)) {
      continue;
    }
    const [{name, offering, here}] = verdicts as [(typeof verdicts)[number]];
    problems.add(
      `${file}:${line}: **${label}** acts on ${/^[AEIOU]/.test(name) ? 'an' : 'a'} ${name} only in ${offering.map((state) => `\`${state}\``).join(', ')} (its x-lifecycle), but this sentence offers it beside ${here.map((state) => `\`${state}\``).join(', ')}, which neither offers it nor follows from it. Name the state that offers it; if another step of the sentence is in that state, write the steps as two sentences; if the app offers it there, add it to that state's actions.`,
    );
  }
  return [...problems];
}
