import type {Root, RootContent} from 'mdast';
import type {MdxJsxFlowElement, MdxJsxTextElement} from 'mdast-util-mdx-jsx';
import {AuthoringError} from '../../model/authoringError';
import {
  catalogueKeys,
  errorMeaning,
  errorMeaningElement,
  type ErrorCatalogue,
} from '../../model/error-codes';
import {formatNumber, productNumbersPath} from '../../model/product-numbers';
import {loadGrammars} from '../../prism/highlight';
import {inline} from './fields';
import {movePageCode} from './page-code';
import {importUsedComponents} from './page-components';
import {type MarkdownParser} from './mdast';
import {releaseMarks} from './release-marks';
import {loadApiModel, releaseSpec, type ApiModel} from './model';
import {latestRelease, releaseOfFile} from './releases';
import {formatFact, worldFact, worldPath} from './world';
import {
  attribute,
  isBlockPlaceholder,
  isInlinePlaceholder,
  renderPlaceholder,
  type BlockPlaceholderName,
} from './placeholders';

/**
 * Expands, at build time, the placeholders that pages write as JSX
 * (declared in placeholders.ts): the blocks the API model renders, and in
 * sentences,
 *
 * - `<World fact="ord_5Yc1Hd6.status" />`, in a sentence or alone: a fact of
 *   the sample world (openapi/world/world.yaml), as text (`code` makes it
 *   inline code; `format="count"`, `"number"`, `"date"` or `"time"` words it;
 *   `at="<updated_at>"` gives the value at an earlier moment of the object;
 *   `zone="Europe/London"` gives a date or time in that time zone, not UTC).
 * - `<Limit name="rate_limit_per_minute" />`, in a sentence: a number of the
 *   product (src/data/product-numbers.yaml) with its unit, as text (`bare`
 *   leaves the unit out; `format="words"` words a number, `"date"` a date).
 * - `<ErrorMeaning code="invalid_state" />`, in a sentence or a table cell:
 *   what an error code means, from the catalogue of the page's release
 *   (`x-error-codes`; with `row`, the rows' and lines' `x-row-error-codes`),
 *   as Markdown text.
 *
 * The output is plain Markdown syntax (headings, lists, tables) plus the
 * reference's small components (`ApiCode`, `ApiSamples`, `ApiFieldLink`…),
 * which the page imports (page-components.ts), and the page's code, which
 * it sends once (page-code.ts), so the spec never reaches client code.
 */

export interface ApiReferenceOptions {
  /** The site's folder: the API model (model.ts) is read from its sources. */
  siteDir: string;
}

type Parent = {children: RootContent[]};

type WorldElement = MdxJsxFlowElement | MdxJsxTextElement;

/**
 * Replaces each `<World fact="…" />` with the fact's value from the sample
 * world, and each `<Limit name="…" />` with the product's number; a fact the
 * world does not have, or a number the product does not declare, stops the
 * build at the page's line.
 */
async function replaceInlineFacts(
  root: Root,
  siteDir: string,
  file: {path?: string},
): Promise<void> {
  const found: {parent: {children: unknown[]}; node: WorldElement}[] = [];
  const walk = (parent: {children: unknown[]}) =>
    parent.children.forEach((child) => {
      const node = child as WorldElement;
      if (
        (node.type === 'mdxJsxFlowElement' ||
          node.type === 'mdxJsxTextElement') &&
        isInlinePlaceholder(node.name)
      ) {
        found.push({parent, node});
      } else if ('children' in (child as object)) {
        walk(child as {children: unknown[]});
      }
    });
  walk(root as unknown as {children: unknown[]});
  if (found.length === 0) {
    return;
  }
  const model = await loadApiModel(siteDir);
  const {world, numbers} = model;
  for (const {parent, node} of found) {
    const at = `${file.path ?? 'a page'}:${node.position?.start.line ?? 0}`;
    if (node.name === 'ErrorMeaning') {
      await replaceErrorMeaning(parent, node, model, file.path, at);
      continue;
    }
    if (node.name === 'Limit') {
      const name = attribute(node, 'name');
      const number = numbers.find((candidate) => candidate.name === name);
      if (!number) {
        throw new AuthoringError(
          'A page names a number the product does not declare',
          [
            `${at}: <Limit name="${name ?? ''}" /> names nothing in ${productNumbersPath}. Name one of ${numbers.map((candidate) => candidate.name).join(', ')}, or declare the number there.`,
          ],
        );
      }
      let text: string;
      try {
        text = formatNumber(number, {
          bare: hasAttribute(node, 'bare'),
          format: attribute(node, 'format'),
        });
      } catch (error) {
        throw new AuthoringError('A page cannot show a product number', [
          `${at}: <Limit name="${number.name}" />: ${(error as Error).message}.`,
        ]);
      }
      replaceInline(parent, node, {type: 'text', value: text});
      continue;
    }
    const fact = attribute(node, 'fact');
    const value =
      fact === undefined
        ? undefined
        : worldFact(world, fact, attribute(node, 'at'));
    if (fact === undefined || value === undefined) {
      throw new AuthoringError(
        'A page names a fact the sample world does not have',
        [
          `${at}: <World fact="${fact ?? ''}" /> names nothing in ${worldPath}. Name an object and field (ord_5Yc1Hd6.status) or facts.<name>, or add the fact to the world.`,
        ],
      );
    }
    let text: string;
    try {
      text = formatFact(
        value,
        attribute(node, 'format'),
        attribute(node, 'zone'),
      );
    } catch (error) {
      throw new AuthoringError(
        'A page cannot show a fact of the sample world',
        [`${at}: <World fact="${fact}" />: ${(error as Error).message}.`],
      );
    }
    replaceInline(
      parent,
      node,
      hasAttribute(node, 'code')
        ? {type: 'inlineCode', value: text}
        : {type: 'text', value: text},
    );
  }
}

/**
 * Replaces `<ErrorMeaning code="…" />` with the code's meaning in the
 * catalogue of the page's release, parsed as Markdown so its inline code
 * stays code; a code the catalogue lacks stops the build at the page's line.
 */
async function replaceErrorMeaning(
  parent: {children: unknown[]},
  node: WorldElement,
  model: ApiModel,
  page: string | undefined,
  at: string,
): Promise<void> {
  const code = attribute(node, 'code') ?? '';
  const catalogue: ErrorCatalogue = hasAttribute(node, 'row') ? 'row' : 'api';
  const release = releaseOfFile(page);
  const {document} = releaseSpec(model, release);
  const meaning = errorMeaning(document, code, catalogue);
  if (meaning === undefined) {
    const other: ErrorCatalogue = catalogue === 'row' ? 'api' : 'row';
    const instead =
      errorMeaning(document, code, other) === undefined
        ? `Name a code of ${catalogueKeys[catalogue]}, or catalogue it there.`
        : `It is in ${catalogueKeys[other]}: write ${errorMeaningElement(code, other)}.`;
    throw new AuthoringError('A page names an error code no catalogue has', [
      `${at}: <ErrorMeaning${catalogue === 'row' ? ' row' : ''} code="${code}" /> names no code of release ${release}'s ${catalogueKeys[catalogue]}. ${instead}`,
    ]);
  }
  const {fromMarkdown} = await import('mdast-util-from-markdown');
  const parsed = inline((markdown) => fromMarkdown(markdown).children, meaning);
  const index = parent.children.indexOf(node);
  parent.children.splice(
    index,
    1,
    ...(node.type === 'mdxJsxFlowElement'
      ? [{type: 'paragraph', children: parsed}]
      : parsed),
  );
}

const hasAttribute = (node: WorldElement, name: string) =>
  node.attributes.some(
    (candidate) =>
      candidate.type === 'mdxJsxAttribute' && candidate.name === name,
  );

/** Puts text where an element was: in its sentence, or as a paragraph of its own. */
function replaceInline(
  parent: {children: unknown[]},
  node: WorldElement,
  inline: {type: 'text' | 'inlineCode'; value: string},
): void {
  const replacement =
    node.type === 'mdxJsxFlowElement'
      ? {type: 'paragraph', children: [inline]}
      : inline;
  parent.children.splice(parent.children.indexOf(node), 1, replacement);
}
export default function apiReferenceRemarkPlugin(options: ApiReferenceOptions) {
  return async (root: Root, file: {path?: string}) => {
    await replaceInlineFacts(root, options.siteDir, file);
    const placeholders: {
      parent: Parent;
      node: MdxJsxFlowElement & {name: BlockPlaceholderName};
    }[] = [];
    const walk = (parent: Parent) =>
      parent.children.forEach((node) => {
        if (
          node.type === 'mdxJsxFlowElement' &&
          isBlockPlaceholder(node.name)
        ) {
          placeholders.push({
            parent,
            node: node as MdxJsxFlowElement & {name: BlockPlaceholderName},
          });
        } else if ('children' in node) {
          walk(node as Parent);
        }
      });
    walk(root);
    if (placeholders.length === 0) {
      return;
    }
    const {fromMarkdown} = await import('mdast-util-from-markdown');
    const parse: MarkdownParser = (markdown) => fromMarkdown(markdown).children;
    // A page renders from the document of its release: an older release's
    // snapshot from that release's, the rest from the latest.
    const model = await loadApiModel(options.siteDir);
    const spec = releaseSpec(model, releaseOfFile(file.path));
    await loadGrammars();

    // The latest release marks what changed since the older ones.
    const marks =
      releaseOfFile(file.path) === latestRelease
        ? releaseMarks(spec, model.changes)
        : undefined;
    for (const {parent, node} of placeholders) {
      const replacement = renderPlaceholder(
        node.name,
        (name) => attribute(node, name),
        {model, spec, parse, marks},
      );
      parent.children.splice(parent.children.indexOf(node), 1, ...replacement);
    }
    await movePageCode(root, options.siteDir, file.path ?? 'page');
    importUsedComponents(root);
  };
}
