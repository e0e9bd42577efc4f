import type {Root, RootContent} from 'mdast';
import {visit} from 'unist-util-visit';
import {esmImport} from './mdast';

/** Where the reference's components are. */
const themeFolder = '@site/src/plugins/openapi-reference/theme';

/**
 * The components the reference's pages are rendered with, and the module
 * (under theme/) each is imported from: a default export, or a named one.
 */
const referenceComponents: Record<string, {module: string; named?: true}> = {
  ApiCode: {module: 'ApiCode'},
  ApiSamples: {module: 'ApiSamples'},
  ApiChildAttributes: {module: 'ApiFieldParts', named: true},
  ApiFieldLink: {module: 'ApiFieldParts', named: true},
  ApiProblemExamples: {module: 'ApiFieldParts', named: true},
  ApiTryIt: {module: 'TryIt'},
};

/**
 * Imports into the page the reference's components it uses. They are not in
 * the MDX component map, which every page of the site loads: only the pages
 * that show them carry them.
 */
export function importUsedComponents(root: Root): void {
  const used = new Set<string>();
  visit(root, (node) => {
    if (
      (node.type === 'mdxJsxFlowElement' ||
        node.type === 'mdxJsxTextElement') &&
      node.name &&
      node.name in referenceComponents
    ) {
      used.add(node.name);
    }
  });
  const modules = [
    ...new Set([...used].map((name) => referenceComponents[name]!.module)),
  ];
  const imports: RootContent[] = modules.sort().map((module) => {
    const names = [...used]
      .filter((name) => referenceComponents[name]!.module === module)
      .sort();
    return esmImport(`${themeFolder}/${module}`, {
      name: names.find((name) => !referenceComponents[name]!.named),
      named: names.filter((name) => referenceComponents[name]!.named),
    });
  });
  root.children.unshift(...imports);
}
