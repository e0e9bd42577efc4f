import type {ArrayExpression, Expression, Program, SpreadElement} from 'estree';
import type {Root} from 'mdast';
import type {VFile} from 'vfile';

/**
 * Leaves out of a page's `toc` export the headings its table of contents
 * never shows: those deeper than the site's deepest level, or than the
 * page's own `toc_max_heading_level`. Docusaurus' toc plugin exports every
 * h2 to h6 into the page's chunk, and the theme filters them as it
 * renders; an API page's h4s ("Parameters", "Response", "Example
 * request" and the rest under each operation) are most of its list. The
 * headings themselves, their anchors and the rendered table of contents
 * are unchanged. Runs after the default remark plugins (`remarkPlugins`),
 * which is when the export exists. Bound to the level rather than given
 * it as an option: Docusaurus serialises plugin options into every page's
 * bundle (a function is left out).
 */
export default function remarkTocLevels(maxHeadingLevel: number) {
  return function remarkTocLevelsOfSite() {
    return (root: Root, file: VFile): void => {
      const frontMatter = file.data.frontMatter as
        {toc_max_heading_level?: number} | undefined;
      const deepest = frontMatter?.toc_max_heading_level ?? maxHeadingLevel;
      for (const node of root.children) {
        const list = node.type === 'mdxjsEsm' && tocList(node.data?.estree);
        if (!list) {
          continue;
        }
        const shown = list.elements.filter(
          (element) => !element || !(headingLevel(element) > deepest),
        );
        // A page with no heading shown keeps its list: the theme leaves out
        // a page's table of contents column only when the list is empty.
        if (shown.length > 0) {
          list.elements = shown;
        }
      }
    };
  };
}

/** The array of `export const toc = [...]`, if the program is that export. */
function tocList(program: Program | null | undefined) {
  const [statement] = program?.body ?? [];
  if (
    program?.body.length !== 1 ||
    statement?.type !== 'ExportNamedDeclaration' ||
    statement.declaration?.type !== 'VariableDeclaration'
  ) {
    return undefined;
  }
  const [declarator] = statement.declaration.declarations;
  return declarator?.id.type === 'Identifier' &&
    declarator.id.name === 'toc' &&
    declarator.init?.type === 'ArrayExpression'
    ? (declarator.init as ArrayExpression)
    : undefined;
}

/** A heading entry's `level` (`{value, id, level}`); NaN for anything else, such as a partial's spread list. */
function headingLevel(element: Expression | SpreadElement): number {
  if (element.type !== 'ObjectExpression') {
    return NaN;
  }
  for (const property of element.properties) {
    if (
      property.type === 'Property' &&
      (property.key.type === 'Identifier'
        ? property.key.name
        : property.key.type === 'Literal' && property.key.value) === 'level' &&
      property.value.type === 'Literal' &&
      typeof property.value.value === 'number'
    ) {
      return property.value.value;
    }
  }
  return NaN;
}
