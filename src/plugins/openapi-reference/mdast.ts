// The Markdown syntax tree nodes the reference is built from: text, highlighted code, JSX elements, tables, columns and heading slugs.
import type {
  BlockContent,
  Heading,
  Paragraph,
  PhrasingContent,
  RootContent,
  Table,
  TableRow,
} from 'mdast';
import type {
  MdxJsxAttribute,
  MdxJsxFlowElement,
  MdxJsxTextElement,
} from 'mdast-util-mdx-jsx';
import type {Program} from 'estree';
import type {JsonValue} from '../../model/openapi-types';
import {highlight} from '../../prism/highlight';

/** Parses the spec's Markdown descriptions (plain Markdown, not MDX). */
export type MarkdownParser = (markdown: string) => RootContent[];

export const text = (value: string): PhrasingContent => ({type: 'text', value});
export const inlineCode = (value: string): PhrasingContent => ({
  type: 'inlineCode',
  value,
});
export const paragraph = (...children: PhrasingContent[]): BlockContent => ({
  type: 'paragraph',
  children,
});
export const heading = (depth: Heading['depth'], value: string): Heading => ({
  type: 'heading',
  depth,
  children: [text(value)],
});
/** Highlighted code, rendered as static HTML by the `ApiCode` component. */
export const code = (
  prism: string,
  value: string,
  attributes: Record<string, string> = {},
): MdxJsxFlowElement =>
  jsx('ApiCode', {prism, html: highlight(value, prism), ...attributes});
export const json = (value: JsonValue) =>
  code('json', JSON.stringify(value, null, 2));

export function jsx(
  name: string,
  attributes: Record<string, string>,
  children: MdxJsxFlowElement['children'] = [],
): MdxJsxFlowElement {
  return {
    type: 'mdxJsxFlowElement',
    name,
    attributes: Object.entries(attributes).map(
      ([key, value]): MdxJsxAttribute => ({
        type: 'mdxJsxAttribute',
        name: key,
        value,
      }),
    ),
    children,
  };
}

export function jsxText(
  name: string,
  attributes: Record<string, string>,
  children: MdxJsxTextElement['children'] = [],
): MdxJsxTextElement {
  return {...jsx(name, attributes), type: 'mdxJsxTextElement', children};
}

/** A paragraph with a class: `<p class="…">`. */
export const classedParagraph = (
  className: string,
  children: PhrasingContent[],
): Paragraph => ({
  type: 'paragraph',
  children: mergeText(children),
  data: {hProperties: {className: [className]}},
});

export function table(header: string[], rows: PhrasingContent[][][]): Table {
  const row = (cells: PhrasingContent[][]): TableRow => ({
    type: 'tableRow',
    children: cells.map((children) => ({
      type: 'tableCell',
      children: mergeText(children),
    })),
  });
  return {
    type: 'table',
    align: header.map(() => null),
    children: [row(header.map((cell) => [text(cell)])), ...rows.map(row)],
  };
}

/** A table whose scrolling region is named after it (see ScrollableTable). */
export function labelledTable(
  label: string,
  header: string[],
  rows: PhrasingContent[][][],
): Table {
  return {...table(header, rows), data: {hProperties: {'aria-label': label}}};
}

/** "BrandStore" → "brand store". */
export const schemaWords = (name: string) =>
  name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

export const objectHeading = (name: string) =>
  `The ${schemaWords(name)} object`;

/** A heading's anchor, as Docusaurus makes it for these plain headings. */
export const slug = (value: string) =>
  value
    .toLowerCase()
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-');

/** Joins neighbouring text nodes, so the HTML has no React text separators. */
export function mergeText(parts: PhrasingContent[]): PhrasingContent[] {
  return parts.reduce<PhrasingContent[]>((merged, part) => {
    const last = merged.at(-1);
    if (last?.type === 'text' && part.type === 'text') {
      merged[merged.length - 1] = text(last.value + part.value);
    } else {
      merged.push(part);
    }
    return merged;
  }, []);
}

/** Main content on the left, examples on the right (stacked when narrow). */
export function columns(main: RootContent[], aside: RootContent[]) {
  return jsx('div', {className: 'api-columns'}, [
    jsx('div', {className: 'api-columns__main'}, main as BlockContent[]),
    jsx('div', {className: 'api-columns__aside'}, aside as BlockContent[]),
  ]);
}

/**
 * `import <name>, {<named>…} from '<source>'` at the top of the page (MDX's
 * ESM node, with the syntax tree MDX compiles): a component or data only
 * some pages use travels with their chunks rather than with what every page
 * loads.
 */
export function esmImport(
  source: string,
  {name, named = []}: {name?: string; named?: string[]},
): RootContent {
  const identifier = (id: string) => ({type: 'Identifier' as const, name: id});
  const estree: Program = {
    type: 'Program',
    sourceType: 'module',
    body: [
      {
        type: 'ImportDeclaration',
        specifiers: [
          ...(name
            ? [
                {
                  type: 'ImportDefaultSpecifier' as const,
                  local: identifier(name),
                },
              ]
            : []),
          ...named.map((id) => ({
            type: 'ImportSpecifier' as const,
            imported: identifier(id),
            local: identifier(id),
          })),
        ],
        source: {type: 'Literal', value: source, raw: JSON.stringify(source)},
        attributes: [],
      },
    ],
  };
  const specifiers = [
    ...(name ? [name] : []),
    ...(named.length > 0 ? [`{${named.join(', ')}}`] : []),
  ].join(', ');
  return {
    type: 'mdxjsEsm',
    value: `import ${specifiers} from ${JSON.stringify(source)};`,
    data: {estree},
  };
}
