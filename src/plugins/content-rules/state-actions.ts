import {readPage} from '../../model/page-reading';
import type {ObjectKinds} from '../../model/world-story';
import {statesOffering, statesReached} from '../../model/lifecycles';
import {withoutDeliberate} from './deliberate';

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
    lifecycle?.states ? [{name, lifecycle, states: lifecycle.states}] : [],
  );
  const {lines: lineKinds} = readPage(source);
  const problems: string[] = [];
  withoutDeliberate({source})
    .source.split('\n')
    .forEach((line, index) => {
      if (lineKinds[index] !== 'prose') {
        return;
      }
      for (const sentence of line.split(/(?<=[.!?;])\s+/)) {
        const named = new Set(
          [...sentence.matchAll(/`([a-z_]+)`/g)].map((match) => match[1]!),
        );
        const labels = new Set(
          [...sentence.matchAll(/\*\*(?=\S)(.+?)(?<=\S)\*\*/g)].map(
            (match) => match[1]!,
          ),
        );
        for (const label of labels) {
          const verdicts = lifecycles.flatMap(({name, lifecycle, states}) => {
            const offering = statesOffering(name, states, label);
            const here = Object.keys(states).filter((state) =>
              named.has(state),
            );
            if (offering.length === 0 || here.length === 0) {
              return [];
            }
            const allowed = new Set([
              ...offering,
              ...statesReached(lifecycle, states, label),
            ]);
            return [
              {name, offering, here, fits: here.some((s) => allowed.has(s))},
            ];
          });
          if (verdicts.length === 0 || verdicts.some(({fits}) => fits)) {
            continue;
          }
          const [{name, offering, here}] = verdicts as [
            (typeof verdicts)[number],
          ];
          problems.push(
            `${file}:${index + 1}: **${label}** acts on ${/^[AEIOU]/.test(name) ? 'an' : 'a'} ${name} only in ${offering.map((state) => `\`${state}\``).join(', ')} (its x-lifecycle), but this sentence offers it beside ${here.map((state) => `\`${state}\``).join(', ')}, which neither offers it nor follows from it. Name the state that offers it; if another step of the sentence is in that state, write the steps as two sentences; if the app offers it there, add it to that state's actions.`,
          );
        }
      }
    });
  return problems;
}
