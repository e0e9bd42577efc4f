/**
 * A line that shows a mistake on purpose (a filter that does not parse, to
 * explain the error) carries an MDX comment that says so,
 * `{/* deliberately wrong: why *\/}`, and no rule checks it.
 */
const deliberate = /\{\/\* deliberately wrong\b[^*]*\*\/\}/;

/** The 1-based numbers of a source's deliberately wrong lines. */
export const deliberateLines = (source: string): Set<number> =>
  new Set(
    source
      .split('\n')
      .flatMap((line, index) => (deliberate.test(line) ? [index + 1] : [])),
  );

/** The page with its deliberately wrong lines blanked, keeping line numbers. */
export const withoutDeliberate = <Page extends {source: string}>(
  page: Page,
): Page => ({
  ...page,
  source: page.source
    .split('\n')
    .map((line) => (deliberate.test(line) ? '' : line))
    .join('\n'),
});
