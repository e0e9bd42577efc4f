import type {Root, RootContent} from 'mdast';
import type {MdxJsxFlowElement, MdxJsxTextElement} from 'mdast-util-mdx-jsx';
import {AuthoringError} from '../../model/authoringError';
import {
  formatNumber,
  loadProductNumbers,
  productNumbersPath,
} from '../../model/product-numbers';
import {lifecycleStates, renderStateDiagram, renderStateTable} from './diagram';
import {loadGrammars} from '../../prism/highlight';
import {renderResource, renderSharedSchemas} from './render';
import {type MarkdownParser} from './mdast';
import {releaseMarks} from './release-marks';
import {renderChangelog} from './render-changelog';
import {renderErrorCodes} from './render-errors';
import {renderFilterFields} from './render-filters';
import {renderWebhookEvents} from './render-webhooks';
import {loadApiModel, releaseSpec} from './model';
import {apiReleases, latestRelease, releaseOfFile} from './releases';
import {formatFact, loadWorld, worldFact, worldPath} from './world';
import {allOperations} from '../../model/operations';
import {
  type Lifecycle,
  type LoadedSpec,
  type Schema,
} from '../../model/openapi-types';

/**
 * Expands, at build time, the placeholders that pages write as JSX:
 *
 * - `<ApiReference resource="order" />`: the reference of one resource file;
 * - `<ApiSharedSchemas />`: the shared objects (money, address, problem);
 * - `<ApiWebhookEvents />`: the event envelope and every webhook event;
 * - `<ApiErrorCodes />`: the catalogue of error codes;
 * - `<ApiFilterFields resource="order" />`: the fields a resource's list
 *   filters on, from its `x-filter`;
 * - `<ApiChangelog from="2023-01" />`: every difference between an older
 *   release and the page's, computed from their documents;
 * - `<StateDiagram lifecycle="order" />`: a lifecycle diagram, from the
 *   `x-lifecycle` of the schema's `status` (or the guide-only lifecycles);
 * - `<World fact="ord_5Yc1Hd6.status" />`, in a sentence or alone: a fact of
 *   the sample world (openapi/world/world.yaml), as text (`code` makes it
 *   inline code; `format="count"`, `"number"`, `"date"` or `"time"` words it;
 *   `at="<updated_at>"` gives the value at an earlier moment of the object;
 *   `zone="Europe/London"` gives a date or time in that time zone, not UTC).
 * - `<Limit name="rate_limit_per_minute" />`, in a sentence: a number of the
 *   product (src/data/product-numbers.yaml) with its unit, as text (`bare`
 *   leaves the unit out; `format="words"` words a number, `"date"` a date).
 * - `<StateTable lifecycle="store" />`: the behaviour by state (what each
 *   state means for the shop, stock and orders, and its actions), from the
 *   same lifecycle's `states`.
 *
 * The output is plain Markdown syntax (headings, lists, tables) plus the
 * reference's small components (`ApiCode`, `ApiSamples`, `ApiAnchors`,
 * registered in src/theme/MDXComponents.tsx), so the spec never reaches
 * client code.
 */

export interface ApiReferenceOptions {
  /** The site's folder: the API model (model.ts) is read from its sources. */
  siteDir: string;
}

function attribute(
  node: MdxJsxFlowElement | MdxJsxTextElement,
  name: string,
): string | undefined {
  const found = node.attributes.find(
    (candidate) =>
      candidate.type === 'mdxJsxAttribute' && candidate.name === name,
  );
  return typeof found?.value === 'string' ? found.value : undefined;
}

function required(node: MdxJsxFlowElement, name: string): string {
  const value = attribute(node, name);
  if (!value) {
    throw new Error(`<${node.name}> needs a ${name} attribute.`);
  }
  return value;
}

/**
 * A lifecycle by name: a resource file's name (`order`, `batchStock`) gives
 * the `x-lifecycle` of its `x-object`'s `status`, validated with the rest when
 * the spec loads; other names come from the guide-only lifecycles.
 */
function lifecycleOf(
  spec: LoadedSpec,
  guideLifecycles: Record<string, Lifecycle>,
  name: string,
) {
  const objectSchema = spec.resources.get(name)?.objectSchema;
  const status: Schema | undefined = objectSchema
    ? spec.document.components.schemas[objectSchema]?.properties?.status
    : undefined;
  const lifecycle = status?.['x-lifecycle'] ?? guideLifecycles[name];
  if (!lifecycle) {
    throw new Error(
      objectSchema
        ? `The schema ${objectSchema} has no status with an x-lifecycle.`
        : `Unknown lifecycle "${name}".`,
    );
  }
  return {
    lifecycle,
    /** The states in the order of the status enum, else of first appearance. */
    order: status?.enum?.map(String) ?? lifecycleStates(lifecycle),
  };
}

type Parent = {children: RootContent[]};

export const placeholderNames = [
  'ApiReference',
  'ApiSharedSchemas',
  'ApiWebhookEvents',
  'ApiErrorCodes',
  'ApiFilterFields',
  'ApiChangelog',
  'StateDiagram',
  'World',
  'Limit',
  'StateTable',
];

/** The placeholders that become text in a sentence, before the rest. */
const inlinePlaceholders = ['World', 'Limit'];

const diagramTitles: Record<string, string> = {
  batchStock: 'Batch stock update lifecycle',
  brandstore: 'Brand store lifecycle',
  enrichment: 'Enrichment job lifecycle',
  hostProduct: 'Host product lifecycle',
  hostVariant: 'Host variant lifecycle',
  priceChange: 'Price change lifecycle',
};

type WorldElement = MdxJsxFlowElement | MdxJsxTextElement;

/**
 * Replaces each `<World fact="…" />` with the fact's value from the sample
 * world, and each `<Limit name="…" />` with the product's number; a fact the
 * world does not have, or a number the product does not declare, stops the
 * build at the page's line.
 */
function replaceInlineFacts(
  root: Root,
  siteDir: string,
  file: {path?: string},
): void {
  const found: {parent: {children: unknown[]}; node: WorldElement}[] = [];
  const walk = (parent: {children: unknown[]}) =>
    parent.children.forEach((child) => {
      const node = child as WorldElement;
      if (
        (node.type === 'mdxJsxFlowElement' ||
          node.type === 'mdxJsxTextElement') &&
        inlinePlaceholders.includes(node.name ?? '')
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
  const world = found.some(({node}) => node.name === 'World')
    ? loadWorld(siteDir)
    : undefined;
  const numbers = found.some(({node}) => node.name === 'Limit')
    ? loadProductNumbers(siteDir)
    : [];
  for (const {parent, node} of found) {
    const at = `${file.path ?? 'a page'}:${node.position?.start.line ?? 0}`;
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
        : worldFact(world!, fact, attribute(node, 'at'));
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
const lifecycleTitle = (name: string) =>
  diagramTitles[name] ??
  `${name.charAt(0).toUpperCase()}${name.slice(1)} lifecycle`;

export default function apiReferenceRemarkPlugin(options: ApiReferenceOptions) {
  return async (root: Root, file: {path?: string}) => {
    replaceInlineFacts(root, options.siteDir, file);
    const placeholders: {parent: Parent; node: MdxJsxFlowElement}[] = [];
    const walk = (parent: Parent) =>
      parent.children.forEach((node) => {
        if (
          node.type === 'mdxJsxFlowElement' &&
          !inlinePlaceholders.includes(node.name ?? '') &&
          placeholderNames.includes(node.name ?? '')
        ) {
          placeholders.push({parent, node});
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

    for (const {parent, node} of placeholders) {
      let replacement: RootContent[];
      if (node.name === 'ApiReference') {
        // The latest release marks what changed since the older ones.
        replacement = renderResource(
          spec,
          parse,
          required(node, 'resource'),
          releaseOfFile(file.path) === latestRelease
            ? releaseMarks(spec, model.changes)
            : undefined,
        );
      } else if (node.name === 'ApiSharedSchemas') {
        replacement = renderSharedSchemas(spec, parse);
      } else if (node.name === 'ApiWebhookEvents') {
        replacement = renderWebhookEvents(spec, parse);
      } else if (node.name === 'ApiErrorCodes') {
        replacement = renderErrorCodes(spec, parse);
      } else if (node.name === 'ApiFilterFields') {
        replacement = renderFilterFields(spec, required(node, 'resource'));
      } else if (node.name === 'ApiChangelog') {
        const from = required(node, 'from');
        const release = apiReleases.find((candidate) => candidate === from);
        if (!release) {
          throw new Error(`<ApiChangelog from="${from}"> names no release.`);
        }
        replacement = renderChangelog(
          releaseSpec(model, release),
          spec,
          parse,
          allOperations(spec.document).length,
        );
      } else if (node.name === 'StateTable') {
        const name = required(node, 'lifecycle');
        const {lifecycle, order} = lifecycleOf(
          spec,
          model.guideLifecycles,
          name,
        );
        replacement = renderStateTable(
          parse,
          name,
          `${lifecycleTitle(name).replace(/ lifecycle$/, '')} states`,
          lifecycle,
          order,
        );
      } else {
        const name = required(node, 'lifecycle');
        replacement = renderStateDiagram(
          parse,
          name,
          lifecycleTitle(name),
          lifecycleOf(spec, model.guideLifecycles, name).lifecycle,
        );
      }
      parent.children.splice(parent.children.indexOf(node), 1, ...replacement);
    }
  };
}
