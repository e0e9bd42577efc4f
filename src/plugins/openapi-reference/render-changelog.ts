import type {Heading, PhrasingContent, RootContent} from 'mdast';
import {groupChanges} from './changelog-rows';
import {releaseChanges} from './changelog';
import {type ChangeKind, type ErrorCodeChange} from './changelog-walk';
import {inline} from './fields';
import {
  inlineCode,
  labelledTable,
  paragraph,
  text,
  type MarkdownParser,
} from './mdast';
import {explainedErrorCodeChanges} from './changelog-error-codes';
import type {LoadedSpec} from '../../model/openapi-types';
import {inWords} from '../../model/number-words';
import {apiDocsPath, olderReleaseDocsPath} from './api-section';

const kindLabels: Record<ChangeKind, string> = {
  breaking: 'Breaking',
  additive: 'Additive',
};

/** Endpoints listed in full up to this many; more are counted, then listed. */
const placesShownInFull = 12;

/**
 * The endpoints, events and objects of a row: "every operation" when it is
 * all of them, otherwise each one (past a dozen, counted first).
 */
function places(where: string[], operationCount: number): string {
  const operations = where.filter((place) => /^[A-Z]+ \//.test(place));
  const others = where
    .filter((place) => !operations.includes(place))
    .sort((a, b) => a.localeCompare(b));
  const listed =
    operations.length === operationCount && operationCount > placesShownInFull
      ? [`every operation (${operationCount})`]
      : operations.length > placesShownInFull
        ? [
            `${operations.length} operations: ${operations.map((place) => `\`${place}\``).join(', ')}`,
          ]
        : operations.map((place) => `\`${place}\``);
  return [...listed, ...others].join(', ');
}

/**
 * "Every difference" of the changelog: per change of the upgrade guide, a
 * heading linking to its section and a table of the computed differences,
 * each marked breaking or additive.
 */
export function renderChangelog(
  before: LoadedSpec,
  after: LoadedSpec,
  parse: MarkdownParser,
  operationCount: number,
): RootContent[] {
  const groups = groupChanges(releaseChanges(before, after));
  const release = String(after.document.info.version);
  const previous = String(before.document.info.version);
  const differences = groups.flatMap(({explanation, rows}) => {
    const title: Heading = {
      type: 'heading',
      depth: 3,
      children: [text(explanation.title)],
      data: {hProperties: {id: `differences-${explanation.id}`}},
    };
    const link: PhrasingContent[] = [
      text('How to upgrade: '),
      {
        type: 'link',
        url: `#${explanation.id}`,
        children: [text(explanation.title)],
      },
      text('.'),
    ];
    return [
      title,
      paragraph(...link),
      labelledTable(
        `${explanation.title}: differences from ${previous} to ${release}`,
        ['Kind', 'Change', 'Where'],
        rows.map(({kind, what, where}) => [
          [text(kindLabels[kind])],
          inline(parse, `${what.charAt(0).toUpperCase()}${what.slice(1)}`),
          inline(parse, places(where, operationCount)),
        ]),
      ),
    ];
  });
  return [...differences, ...renderErrorCodeChanges(before, after)];
}

const errorCodeChangeLabels: Record<ErrorCodeChange['change'], string> = {
  added: 'Added',
  removed: 'Removed',
  'status changed': 'Status changed',
};

/** How many codes each kind of change has, in words: "one removed and nine added". */
function counted(changes: readonly ErrorCodeChange[]): string {
  const parts = (['removed', 'added', 'status changed'] as const).flatMap(
    (kind) => {
      const count = changes.filter(({change}) => change === kind).length;
      return count > 0 ? [`${inWords(count)} ${kind}`] : [];
    },
  );
  return parts.length > 1
    ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)!}`
    : parts.join('');
}

/**
 * The error catalogue's changes, after the differences: each code added,
 * removed or answering another status, and the change of the upgrade guide
 * that explains it.
 */
function renderErrorCodeChanges(
  before: LoadedSpec,
  after: LoadedSpec,
): RootContent[] {
  const changes = explainedErrorCodeChanges(before, after);
  if (changes.length === 0) {
    return [];
  }
  const release = String(after.document.info.version);
  const previous = String(before.document.info.version);
  return [
    {
      type: 'heading',
      depth: 3,
      children: [text('Error codes')],
      data: {hProperties: {id: 'differences-error-codes'}},
    },
    paragraph(
      text(
        `The codes of the error catalogue, compared between the two releases' Error codes pages (`,
      ),
      {
        type: 'link',
        url: `${olderReleaseDocsPath(previous)}/errors`,
        children: [text(previous)],
      },
      text(', '),
      {type: 'link', url: `${apiDocsPath}/errors`, children: [text(release)]},
      text(`): ${counted(changes)}.`),
    ),
    labelledTable(
      `Error codes: changes from ${previous} to ${release}`,
      ['Change', 'Code', 'Status', 'How to upgrade'],
      changes.map(({change, code: name, status, explanation}) => [
        [text(errorCodeChangeLabels[change])],
        [inlineCode(name)],
        [text(String(status))],
        [
          {
            type: 'link',
            url: `#${explanation.id}`,
            children: [text(explanation.title)],
          },
        ],
      ]),
    ),
  ];
}
