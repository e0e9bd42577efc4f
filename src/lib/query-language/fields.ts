import {listConditions} from './parser';
import type {Expression} from './syntax';

/**
 * Checks a parsed query's fields against the fields a list can filter on
 * (the API document declares them per list, as `x-filter`; this module
 * knows nothing of it).
 */

export interface FilterableList {
  /** How a message names the list: `orders`, `order items`. */
  name: string;
  /** Every name the list filters on. */
  fields: readonly string[];
  /** The values a field takes, where it takes only some (a status). */
  values?: ReadonlyMap<string, readonly string[]>;
}

/** The fields of an expression, once each, left to right. */
export const fieldsOf = (expression: Expression | null): string[] => [
  ...new Set(listConditions(expression).map(({field}) => field)),
];

/** The fields of an expression that a list cannot filter on. */
export const unknownFields = (
  expression: Expression | null,
  list: FilterableList,
): string[] =>
  fieldsOf(expression).filter((field) => !list.fields.includes(field));

/**
 * How well an expression fits a list: a point for each condition on a
 * field the list takes, and one more when the list declares that field's
 * values and the condition's text values are among them (`status =
 * "draft"` fits products better than orders).
 */
function fit(expression: Expression | null, list: FilterableList): number {
  return listConditions(expression).reduce((score, {field, values}) => {
    if (!list.fields.includes(field)) {
      return score;
    }
    const allowed = list.values
      ?.get(field)
      ?.map((value) => value.toLowerCase());
    const texts = values.filter(({kind}) => kind === 'text');
    const fits =
      allowed !== undefined &&
      texts.length > 0 &&
      texts.every(({meaning}) => allowed.includes(meaning.toLowerCase()));
    return score + 1 + (fits ? 1 : 0);
  }, 0);
}

/**
 * The list, of some it may filter, that an expression filters: of those
 * that take every field, else of all, the one it fits best (the first of
 * equals); undefined when no list takes any of its fields.
 */
export function listFiltered(
  expression: Expression | null,
  lists: readonly FilterableList[],
): FilterableList | undefined {
  const complete = lists.filter(
    (list) => unknownFields(expression, list).length === 0,
  );
  let best: FilterableList | undefined;
  let bestFit = 0;
  for (const list of complete.length > 0 ? complete : lists) {
    const score = fit(expression, list);
    if (score > bestFit) {
      best = list;
      bestFit = score;
    }
  }
  return best ?? complete[0];
}
