import type {Paragraph, PhrasingContent} from 'mdast';
import {explainedChanges, type ExplainedChange} from './changelog-rows';
import {type ReleaseChange} from './changelog-walk';
import {jsxText, text} from './mdast';
import {apiDocsPath} from './releases';
import {allOperations} from '../../model/operations';
import {type LoadedSpec} from '../../model/openapi-types';

/** The changelog page, whose sections explain each change. */
export const changelogPath = `${apiDocsPath}/changelog`;

/**
 * What the latest release's reference marks as new or changed since the
 * older release, next to where it is, from the model's changes: a line
 * under each endpoint that changed, and a badge on each changed top-level
 * field of an object, each linking to the changelog's section for the
 * change. The renderer asks as it renders. A change of every endpoint is
 * left to the introduction.
 */
export interface ReleaseMarks {
  /** The note under an endpoint's heading, if the endpoint changed. */
  endpoint(operationId: string): Paragraph | undefined;
  /** The badge after a top-level field's head, if the field changed. */
  field(schemaName: string, fieldName: string): PhrasingContent | undefined;
  /**
   * The badge after a response header of an endpoint, if a change of the
   * endpoint names the header (as the changelog's rows do: "response header
   * `X-RateLimit-Limit` renamed to `RateLimit-Limit`"). Unlike the note under
   * an endpoint, it marks a change of every endpoint too: the header is
   * where the change is.
   */
  header(operationId: string, headerName: string): PhrasingContent | undefined;
}

/** A JSON pointer's segment as the name it escapes. */
const unescapePointer = (segment: string) =>
  segment.replaceAll('~1', '/').replaceAll('~0', '~');

export function releaseMarks(
  spec: LoadedSpec,
  changes: readonly ReleaseChange[],
): ReleaseMarks {
  const release = String(spec.document.info.version);
  const byWhere = new Map<string, Set<string>>();
  /** The explained changes of each endpoint's response headers: `GET /orders RateLimit-Limit`. */
  const byHeader = new Map<string, Set<string>>();
  for (const change of changes) {
    for (const pointer of change.pointers) {
      const header = /\/responses\/[^/]+\/headers\/([^/]+)$/.exec(pointer)?.[1];
      if (header && change.explanation) {
        const key = `${change.where} ${unescapePointer(header)}`;
        byHeader.set(
          key,
          (byHeader.get(key) ?? new Set()).add(change.explanation),
        );
      }
    }
    const key = change.field ? `${change.where} ${change.field}` : change.where;
    const ids = byWhere.get(key) ?? new Set<string>();
    ids.add(change.explanation ?? '');
    byWhere.set(key, ids);
  }
  const endpoints = new Map(
    allOperations(spec.document).map(({method, path, operation}) => [
      operation.operationId,
      `${method.toUpperCase()} ${path}`,
    ]),
  );
  // A change of every endpoint (the rate-limit headers) is said once, in the
  // introduction, rather than under each of them.
  const everywhere = new Set(
    explainedChanges
      .filter(({id}) =>
        [...endpoints.values()].every((where) => byWhere.get(where)?.has(id)),
      )
      .map(({id}) => id),
  );
  const explained = (key: string): ExplainedChange[] =>
    explainedChanges.filter(
      ({id}) => byWhere.get(key)?.has(id) && !everywhere.has(id),
    );
  const links = (found: ExplainedChange[]): PhrasingContent[] =>
    found.flatMap(({id, title}, index) => [
      ...(index > 0 ? [text('; ')] : []),
      {
        type: 'link' as const,
        url: `${changelogPath}#${id}`,
        children: [text(title)],
      },
    ]);

  const mark = (found: ExplainedChange[]) =>
    found.length > 0
      ? [text(`Changed in ${release}: `), ...links(found)]
      : undefined;
  return {
    endpoint(operationId) {
      const content = mark(explained(endpoints.get(operationId) ?? ''));
      return (
        content && {
          type: 'paragraph',
          children: content,
          data: {hProperties: {className: ['api-release-note']}},
        }
      );
    },
    header(operationId, headerName) {
      const ids = byHeader.get(`${endpoints.get(operationId)} ${headerName}`);
      const content = mark(explainedChanges.filter(({id}) => ids?.has(id)));
      return (
        content && jsxText('span', {className: 'api-field__release'}, content)
      );
    },
    field(schemaName, fieldName) {
      const content = mark(explained(`\`${schemaName}\` object ${fieldName}`));
      return (
        content && jsxText('span', {className: 'api-field__release'}, content)
      );
    },
  };
}
