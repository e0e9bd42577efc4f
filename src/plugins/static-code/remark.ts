import type {Code, Root} from 'mdast';
import type {MdxJsxFlowElement} from 'mdast-util-mdx-jsx';
import type {MdxFlowExpression} from 'mdast-util-mdx-expression';
import type {VFile} from 'vfile';
import {visit} from 'unist-util-visit';
import {AuthoringError} from '../../model/authoringError';
import {hasGrammar, highlightLines, loadGrammars} from '../../prism/highlight';

/**
 * The property a code block's highlighted lines travel in, from the page to
 * the theme's `CodeBlock` (`src/theme/CodeBlock/Content/String.tsx`): the
 * HTML of each line of the code, joined by line breaks.
 */
const highlightedProperty = 'highlighted';

/** Languages shown as plain text on purpose: MDX has no Prism grammar. */
const plainLanguages = new Set(['text', 'mdx']);

const highlighted = (code: string, language: string) =>
  highlightLines(code, language).join('\n');

/**
 * A block's language, which must be one the site highlights or shows plain
 * on purpose: a block with none, or a misspelt one, would show plain text
 * without anyone noticing.
 */
function checkedLanguage(
  language: string | null | undefined,
  at: string,
): string {
  if (language && (plainLanguages.has(language) || hasGrammar(language))) {
    return language;
  }
  throw new AuthoringError('A code block names no language the site knows', [
    `${at}: ${language ? `the language "${language}" has no grammar here` : 'the block names no language'}. Name one after the opening fence (\`\`\`json), or \`\`\`text for plain text; docs/doc2.md#code-blocks lists the site's languages.`,
  ]);
}

/** The code a `<CodeBlock>` holds: one template string with no `${}`. */
function codeOf(node: MdxJsxFlowElement): string | undefined {
  const [child, ...rest] = node.children;
  if (child?.type !== 'mdxFlowExpression' || rest.length > 0) {
    return undefined;
  }
  const [statement] = (child as MdxFlowExpression).data?.estree?.body ?? [];
  const expression =
    statement?.type === 'ExpressionStatement'
      ? statement.expression
      : undefined;
  if (expression?.type !== 'TemplateLiteral') {
    return undefined;
  }
  const [quasi] = expression.quasis;
  return expression.expressions.length === 0
    ? (quasi?.value.cooked ?? undefined)
    : undefined;
}

function languageOf(node: MdxJsxFlowElement): string | undefined {
  const attribute = node.attributes.find(
    (candidate) =>
      candidate.type === 'mdxJsxAttribute' && candidate.name === 'language',
  );
  return typeof attribute?.value === 'string' ? attribute.value : undefined;
}

/**
 * Highlights every code block of a page when the site builds: a fenced block
 * and a `<CodeBlock>` written in the page. The theme's code block then shows
 * the lines as they are, so no page loads Prism. A `<CodeBlock>` whose code is
 * not written in the page (a variable, an expression) cannot be highlighted
 * here, and stops the build with a message saying so.
 */
export default function remarkStaticCode() {
  return async (root: Root, file: VFile): Promise<void> => {
    const fenced: Code[] = [];
    const components: MdxJsxFlowElement[] = [];
    visit(root, (node) => {
      if (node.type === 'code') {
        fenced.push(node);
      } else if (
        node.type === 'mdxJsxFlowElement' &&
        node.name === 'CodeBlock'
      ) {
        components.push(node);
      }
    });
    if (fenced.length === 0 && components.length === 0) {
      return;
    }
    await loadGrammars();
    const at = (node: Code | MdxJsxFlowElement) =>
      `${file.path}:${node.position?.start.line ?? 0}`;
    for (const node of fenced) {
      const language = checkedLanguage(node.lang, at(node));
      node.data = {
        ...node.data,
        hProperties: {
          ...node.data?.hProperties,
          [highlightedProperty]: highlighted(node.value, language),
        },
      };
    }
    for (const node of components) {
      const code = codeOf(node);
      if (code === undefined) {
        throw new AuthoringError('A code block cannot be highlighted', [
          `${at(node)}: <CodeBlock> holds something other than its code in one template string. Code is highlighted when the site builds, so write it in the page: <CodeBlock language="json">{\`…\`}</CodeBlock>, with no \${…} inside; or use a fenced block.`,
        ]);
      }
      node.attributes.push({
        type: 'mdxJsxAttribute',
        name: highlightedProperty,
        value: highlighted(code, checkedLanguage(languageOf(node), at(node))),
      });
    }
  };
}
