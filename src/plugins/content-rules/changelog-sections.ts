import {readPage} from '../../model/page-reading';
import {explainedChanges} from '../openapi-reference/changelog-rows';

/** The placeholder that marks the changelog page, as a line of its own. */
const changelogPlaceholder = /^<ApiChangelog\b/;

/**
 * The changelog page (the page with a line `<ApiChangelog …>`) has a
 * section for each explanation the changelog's rows link to
 * (`explainedChanges` in changelog.ts): a heading
 * `### <title> {/* #<id> *\/}`, under the anchor the release marks link
 * to. A missing one is named at the placeholder's line.
 */
export function changelogSectionProblems(
  file: string,
  source: string,
): string[] {
  const lines = source.split('\n');
  const {lines: kinds} = readPage(source);
  // Not a placeholder shown in a code block.
  const placeholder = lines.findIndex(
    (line, index) =>
      kinds[index] === 'prose' && changelogPlaceholder.test(line),
  );
  if (placeholder < 0) {
    return [];
  }
  return explainedChanges
    .filter(({id, title}) => !lines.includes(`### ${title} {/* #${id} */}`))
    .map(
      ({id, title}) =>
        `${file}:${placeholder + 1}: the changelog has no section "### ${title} {/* #${id} */}", which its rows and the release marks link to. Add it, or correct explainedChanges in src/plugins/openapi-reference/changelog.ts.`,
    );
}
