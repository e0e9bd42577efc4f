/**
 * The Advanced query language's limits, declared once: the parser enforces
 * them, the query checker caps its input with them, and pages state them
 * with `<Limit name="query_max_characters" />` and
 * `<Limit name="query_max_in_values" />` (src/data/product-numbers.yaml
 * reads them from here with `language:`).
 */
export const queryLimits = {
  /** The longest query, in characters. */
  maxQueryLength: 2000,
  /** The most values an `in (…)` list takes. */
  maxInValues: 100,
} as const;

export type QueryLimitName = keyof typeof queryLimits;
