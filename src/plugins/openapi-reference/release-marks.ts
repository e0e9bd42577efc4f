import type {Heading, PhrasingContent, RootContent} from 'mdast';
import type {MdxJsxFlowElement} from 'mdast-util-mdx-jsx';
import {
  explainedChanges,
  type ExplainedChange,
  type ReleaseChange,
} from './changelog';
import {jsxText, text} from './render';
import {apiDocsPath} from './releases';
import {allOperations, type LoadedSpec} from './spec';

/** The changelog page, whose sections explain each change. */
export const changelogPath = `${apiDocsPath}/changelog`;

/**
 * Marks, on the latest release's reference, what is new or changed since
 * the older release, next to where it is: a line under each endpoint that
 * changed, and a badge on each changed field of an object, each linking to
 * the changelog's section for the change. A change of every endpoint is
 * left to the introduction.
 */
export function markReleaseChanges(
  nodes: RootContent[],
  spec: LoadedSpec,
  changes: readonly ReleaseChange[],
): void {
  const release = String(spec.document.info.version);
  const byWhere = new Map<string, Set<string>>();
  for (const change of changes) {
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

  const visit = (list: RootContent[], objectName?: string) => {
    for (let index = 0; index < list.length; index += 1) {
      const node = list[index]!;
      const operationId = (node as Heading).data?.hProperties
        ?.dataOperationId as string | undefined;
      if (node.type === 'heading' && operationId) {
        const found = explained(endpoints.get(operationId) ?? '');
        if (found.length > 0) {
          list.splice(index + 1, 0, {
            type: 'paragraph',
            children: [text(`Changed in ${release}: `), ...links(found)],
            data: {hProperties: {className: ['api-release-note']}},
          });
          index += 1;
        }
        continue;
      }
      const element = node as MdxJsxFlowElement;
      const schema = element.attributes?.find(
        (attribute) =>
          attribute.type === 'mdxJsxAttribute' &&
          attribute.name === 'data-schema',
      )?.value;
      const inObject = typeof schema === 'string' ? schema : objectName;
      // Only an object's own (top-level) fields carry a badge.
      if (element.name === 'ul' && inObject) {
        for (const item of element.children as MdxJsxFlowElement[]) {
          markField(item, inObject);
        }
        continue;
      }
      if ('children' in node) {
        visit(node.children as RootContent[], inObject);
      }
    }
  };

  const markField = (item: MdxJsxFlowElement, objectName: string) => {
    const head = item.children.find(
      (child) =>
        child.type === 'paragraph' &&
        (child.data?.hProperties?.className as string[] | undefined)?.includes(
          'api-field__head',
        ),
    );
    const name = head?.type === 'paragraph' ? head.children[0] : undefined;
    const fieldName =
      name?.type === 'mdxJsxTextElement' && name.children[0]?.type === 'text'
        ? name.children[0].value
        : undefined;
    const found = explained(`\`${objectName}\` object ${fieldName}`);
    if (head?.type === 'paragraph' && found.length > 0) {
      head.children.push(
        text(' '),
        jsxText('span', {className: 'api-field__release'}, [
          text(`Changed in ${release}: `),
          ...links(found),
        ]),
      );
    }
  };

  visit(nodes);
}
