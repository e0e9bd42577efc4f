// The API reference's definitions for search, from the API model rather
// than from built HTML: the model is loaded as the site loads it
// (`loadApiModel`), each page's placeholders that define the API's names
// (placeholders.ts, `defines`) are rendered by their own renderers, and
// every field and parameter item it renders gives its name, its enum values
// and its anchor, the id the renderer gave it. Terms that the API
// introduction defines in prose come from that page's Markdown.
// scripts/lib/search-definitions.mjs adds them to the search indexes.
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import type {Heading, Root, RootContent} from 'mdast';
import type {MdxJsxFlowElement} from 'mdast-util-mdx-jsx';
import {toString} from 'mdast-util-to-string';
import {
  loadApiModel,
  releaseSpec,
} from '../../src/plugins/openapi-reference/model';
import {
  blockPlaceholders,
  renderPlaceholder,
  type BlockPlaceholderName,
} from '../../src/plugins/openapi-reference/placeholders';
import {
  slug,
  type MarkdownParser,
} from '../../src/plugins/openapi-reference/mdast';
import {
  apiDocsFolder,
  apiRouteBasePath,
  apiVersionedDocsFolder,
  latestRelease,
  releaseHeader,
  type ApiRelease,
} from '../../src/plugins/openapi-reference/releases';

export interface Definition {
  term: string;
  /** The anchor on the page, with its `#`. */
  hash: string;
  boost: number;
}

export interface PageDefinitions {
  /** The page's name under the release's API path (`order`, `introduction`). */
  page: string;
  definitions: Definition[];
}

/** How much an object's field outranks a body field or parameter of the same name. */
export const objectFieldBoost = 2;

/** The API page whose prose defines the list envelope. */
export const introductionPage = 'introduction';

/**
 * Terms the API introduction defines in its prose rather than in a schema:
 * the list envelope and its parameters, which every list shares, and the
 * release header, which every operation takes. A search
 * for one opens the section that explains it (its heading's anchor).
 */
export const proseDefinitions = [
  {
    page: introductionPage,
    section: 'pagination',
    terms: ['next_cursor', 'has_more', 'cursor', 'limit'],
  },
  // Every operation takes the release header; its section explains it.
  {page: introductionPage, section: 'versioning', terms: ['Hub-Version']},
];

type Node = RootContent | Root;

const attribute = (node: MdxJsxFlowElement, name: string) =>
  node.attributes.find(
    (candidate) =>
      candidate.type === 'mdxJsxAttribute' && candidate.name === name,
  )?.value;

/** Whether a rendered node has a class: a JSX element's or a paragraph's. */
function hasClass(node: Node, className: string): boolean {
  if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
    return String(attribute(node as MdxJsxFlowElement, 'className') ?? '')
      .split(/\s+/)
      .includes(className);
  }
  const classes = (node.data as {hProperties?: {className?: unknown}})
    ?.hProperties?.className;
  return Array.isArray(classes) && classes.includes(className);
}

/** The first descendant of `node` (itself included) that `test` accepts. */
function find(node: Node, test: (node: Node) => boolean): Node | undefined {
  if (test(node)) {
    return node;
  }
  for (const child of 'children' in node ? (node.children as Node[]) : []) {
    const found = find(child, test);
    if (found) {
      return found;
    }
  }
  return undefined;
}

/** Enum values in a field's description: "One of: `a`, `b`." */
function enumValues(description: Node | undefined): string[] {
  if (!description || !('children' in description)) {
    return [];
  }
  const children = description.children as Node[];
  const start = children.findIndex(
    (child) => child.type === 'text' && /One of: $/.test(child.value),
  );
  if (start === -1) {
    return [];
  }
  const values: string[] = [];
  for (const child of children.slice(start + 1)) {
    if (child.type === 'inlineCode') {
      values.push(child.value);
    } else if (child.type !== 'text' || child.value !== ', ') {
      break;
    }
  }
  return values;
}

/**
 * The definitions in rendered reference nodes, in page order: each field or
 * parameter item's name and enum values at the item's id, each term once,
 * at its first anchor.
 */
export function definitionsOf(nodes: RootContent[]): Definition[] {
  const seen = new Map<string, string>();
  const visit = (node: Node) => {
    if (
      node.type === 'mdxJsxFlowElement' &&
      node.name === 'li' &&
      hasClass(node, 'api-field')
    ) {
      const id = String(attribute(node, 'id') ?? '');
      const name = find(node, (child) => hasClass(child, 'api-field__name'));
      const description = node.children.find((child) =>
        hasClass(child as Node, 'api-field__description'),
      ) as Node | undefined;
      // The release header, on every operation, and its one value are
      // defined once, by the introduction (proseDefinitions).
      const terms =
        name && toString(name) === releaseHeader
          ? []
          : [...(name ? [toString(name)] : []), ...enumValues(description)];
      for (const term of terms) {
        if (id && term && !seen.has(term)) {
          seen.set(term, id);
        }
      }
    }
    for (const child of 'children' in node ? (node.children as Node[]) : []) {
      visit(child);
    }
  };
  nodes.forEach(visit);
  return [...seen].map(([term, id]) => ({
    term,
    hash: `#${id}`,
    // An object's own field is the definition; a request body field or a
    // parameter of the same name comes second.
    boost: id.includes('-object-') ? objectFieldBoost : 1,
  }));
}

/**
 * The prose definitions of the introduction's Markdown, at their section's
 * anchor. Each term must be in the section's first paragraph, as code, so a
 * rewrite that moves one fails the build instead of search quietly pointing
 * at the wrong place.
 */
export function proseDefinitionsOf(page: string, tree: Root): Definition[] {
  return proseDefinitions
    .filter((definition) => definition.page === page)
    .flatMap(({section, terms}) => {
      const at = tree.children.findIndex(
        (node) =>
          node.type === 'heading' &&
          (node as Heading).depth <= 3 &&
          slug(toString(node)) === section,
      );
      const paragraph = tree.children
        .slice(at + 1)
        .find((node) => node.type === 'paragraph' || node.type === 'heading');
      if (at === -1 || paragraph?.type !== 'paragraph') {
        throw new Error(
          `search definitions: ${apiRouteBasePath}/${page} has no section #${section} with a paragraph.`,
        );
      }
      const code = new Set<string>();
      find(paragraph, (node) => {
        if (node.type === 'inlineCode') {
          code.add(node.value);
        }
        return false;
      });
      const missing = terms.filter((term) => !code.has(term));
      if (missing.length > 0) {
        throw new Error(
          `search definitions: the first paragraph of ${apiRouteBasePath}/${page}#${section} no longer names ${missing.join(', ')}.`,
        );
      }
      return terms.map((term) => ({
        term,
        hash: `#${section}`,
        boost: objectFieldBoost,
      }));
    });
}

/** The folder of a release's API pages' Markdown. */
export const releaseDocsFolder = (siteDir: string, release: ApiRelease) =>
  release === latestRelease
    ? path.join(siteDir, apiDocsFolder)
    : path.join(siteDir, apiVersionedDocsFolder, `version-${release}`);

/** A page's name under its release's API path: its slug, or its file's name. */
function pageName(file: string, source: string): string {
  const slugLine = /^slug: *\/?(\S+)$/m.exec(source.split(/^---$/m)[1] ?? '');
  return slugLine?.[1] ?? path.basename(file).replace(/\.mdx?$/, '');
}

/** The placeholders that define the API's names. */
const definingPlaceholders = Object.entries(blockPlaceholders)
  .filter(([, placeholder]) => 'defines' in placeholder && placeholder.defines)
  .map(([name]) => name as BlockPlaceholderName);

/** A page's defining placeholders, in its order, with their attributes (see remark.ts). */
const placeholderPattern = new RegExp(
  `^<(${definingPlaceholders.join('|')})((?: \\w+="[^"]*")*) *\\/>`,
  'gm',
);

/**
 * Every API page's definitions in one release: the page's placeholders
 * rendered from the release's document by the reference's renderer, as the
 * remark plugin renders them, and the introduction's prose definitions.
 */
export async function releaseDefinitions(
  siteDir: string,
  release: ApiRelease,
): Promise<PageDefinitions[]> {
  const {fromMarkdown} = await import('mdast-util-from-markdown');
  const parse: MarkdownParser = (markdown) => fromMarkdown(markdown).children;
  const model = await loadApiModel(siteDir);
  const spec = releaseSpec(model, release);
  const folder = releaseDocsFolder(siteDir, release);
  const files = readdirSync(folder, {recursive: true, encoding: 'utf8'})
    .filter((file) => /\.mdx?$/.test(file))
    .sort();
  return files.flatMap((file) => {
    const source = readFileSync(path.join(folder, file), 'utf8');
    const page = pageName(file, source);
    const nodes = [...source.matchAll(placeholderPattern)].flatMap(
      ([, name, attributes]) =>
        renderPlaceholder(
          name as BlockPlaceholderName,
          (attribute) =>
            new RegExp(` ${attribute}="([^"]*)"`).exec(attributes ?? '')?.[1],
          {model, spec, parse},
        ),
    );
    const definitions = [
      ...(page === introductionPage
        ? proseDefinitionsOf(page, fromMarkdown(source))
        : []),
      ...definitionsOf(nodes),
    ];
    return definitions.length > 0 ? [{page, definitions}] : [];
  });
}
