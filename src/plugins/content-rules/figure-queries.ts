import {parseQuery} from '../../lib/query-language';
import {instant} from '../../lib/world/lists';
import type {LoadedSpec} from '../../model/openapi-types';
import {listOperation, worldAnswerTo} from '../openapi-reference/rules/lists';
import type {World} from '../openapi-reference/world';

/**
 * What a figure's filtered grid shows (issue 30). A screen filtered with a
 * query (`<Query list="/stock">sku = "…"</Query>`) shows the world's answer
 * to it, as a list example does: every object of the list's kind that the
 * query matches at the figure's moment, and no other. The answer is the
 * list's own (rules/lists.ts, which the list examples, exports and Try it
 * answer with); the objects drawn are those of that kind whose facts the
 * figure draws. A stock figure filtered by a SKU drew the one warehouse
 * its guide walked through, while the quick tour said the same filter
 * shows a row per warehouse, and no check read the figure's filter.
 */

/** A query a figure draws: the list it filters, its text and its moment. */
export interface DrawnQuery {
  list: string;
  filter: string;
  at?: string;
}

/**
 * One line per query whose answer is not what the figure draws of its
 * kind: the objects it leaves out, or draws beyond the answer.
 * @param drawn the objects whose facts the figure draws
 */
export function queryProblems(
  world: World,
  spec: LoadedSpec,
  where: string,
  queries: readonly DrawnQuery[],
  drawn: ReadonlySet<string>,
): string[] {
  return queries.flatMap(({list, filter, at}) => {
    const tag = `<Query list="${list}"${at ? ` at="${at}"` : ''}>${filter}</Query>`;
    const operation = listOperation(spec, list);
    if (typeof operation === 'string') {
      return [`${where}: ${tag}: ${operation}.`];
    }
    const query = parseQuery(filter);
    if (!query.ok) {
      return [`${where}: ${tag} does not parse: ${query.error.message}.`];
    }
    const {entry, kind, order} = operation;
    const shown = [...drawn].filter((key) => kind.holds(key));
    const {candidates, problem} = worldAnswerTo(
      world,
      entry,
      kind,
      {expression: query.expression, parameters: []},
      order,
      instant(at ?? world.now),
      new Map(shown.map((key) => [key, {}])),
    );
    if (problem) {
      return [`${where}: ${tag}: ${problem}.`];
    }
    const answer = candidates
      .filter(({out}) => out === undefined)
      .map(({key}) => key);
    const missing = answer.filter((key) => !shown.includes(key));
    const extra = shown.filter((key) => !answer.includes(key));
    if (missing.length === 0 && extra.length === 0) {
      return [];
    }
    return [
      `${where}: ${tag} answers ${answer.join(', ') || 'nothing'}${at ? ` at ${at}` : ' at now'}, but the figure draws ${shown.join(', ') || 'none of its kind'}${missing.length > 0 ? ` (it leaves out ${missing.join(', ')})` : ''}${extra.length > 0 ? ` (the query does not answer ${extra.join(', ')})` : ''}. Draw the answer, or the query that answers what is drawn.`,
    ];
  });
}
