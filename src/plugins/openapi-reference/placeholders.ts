// The placeholders pages write for what the API model renders, each declared once: what it is about, and how it renders.
import type {RootContent} from 'mdast';
import type {MdxJsxFlowElement, MdxJsxTextElement} from 'mdast-util-mdx-jsx';
import {lifecycleStates, renderStateDiagram, renderStateTable} from './diagram';
import {renderResource, renderSharedSchemas} from './render';
import {type MarkdownParser} from './mdast';
import {type ReleaseMarks} from './release-marks';
import {renderChangelog} from './render-changelog';
import {renderErrorCodes} from './render-errors';
import {renderFilterFields} from './render-filters';
import {renderWebhookEvents} from './render-webhooks';
import {releaseSpec, type ApiModel} from './model';
import {apiReleases} from './releases';
import {allOperations} from '../../model/operations';
import type {Lifecycle, LoadedSpec, Schema} from '../../model/openapi-types';

/**
 * What a placeholder is about, named by its attribute: one resource
 * (`resource="order"`), one lifecycle (`lifecycle="store"`), or the whole
 * model. It decides which source files a page that writes it depends on
 * (model-dependencies-loader.cjs): a resource's own files, a lifecycle's
 * (its resource's, or the guides' lifecycles), or every source.
 */
export type PlaceholderSubject = 'resource' | 'lifecycle' | 'model';

/** What a block placeholder renders from: the page's release, the model and its attributes. */
export interface PlaceholderContext {
  model: ApiModel;
  /** The document of the page's release. */
  spec: LoadedSpec;
  parse: MarkdownParser;
  /** The changes since the older releases, marked on the latest release's pages only. */
  marks?: ReleaseMarks;
  /** An attribute the placeholder must have. */
  required: (name: string) => string;
}

interface BlockPlaceholder {
  subject: PlaceholderSubject;
  /** Whether search reads the API's definitions from it (scripts/lib/api-definitions.ts). */
  defines?: boolean;
  render: (context: PlaceholderContext) => RootContent[];
}

const diagramTitles: Record<string, string> = {
  batchStock: 'Batch stock update lifecycle',
  brandstore: 'Brand store lifecycle',
  enrichment: 'Enrichment job lifecycle',
  hostProduct: 'Host product lifecycle',
  hostVariant: 'Host variant lifecycle',
  priceChange: 'Price change lifecycle',
};

const lifecycleTitle = (name: string) =>
  diagramTitles[name] ??
  `${name.charAt(0).toUpperCase()}${name.slice(1)} lifecycle`;

/**
 * A lifecycle by name: a resource file's name (`order`, `batchStock`) gives
 * the `x-lifecycle` of its `x-object`'s `status`, validated with the rest when
 * the spec loads; other names come from the guide-only lifecycles.
 */
function lifecycleOf(
  spec: LoadedSpec,
  guideLifecycles: Readonly<Record<string, Lifecycle>>,
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

/**
 * The placeholders that stand alone as blocks, replaced by what they
 * render:
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
 * - `<StateTable lifecycle="store" />`: the behaviour by state (what each
 *   state means for the shop, stock and orders, and its actions), from the
 *   same lifecycle's `states`.
 */
export const blockPlaceholders = {
  ApiReference: {
    subject: 'resource',
    defines: true,
    render: ({spec, parse, marks, required}) =>
      renderResource(spec, parse, required('resource'), marks),
  },
  ApiSharedSchemas: {
    subject: 'model',
    defines: true,
    render: ({spec, parse}) => renderSharedSchemas(spec, parse),
  },
  ApiWebhookEvents: {
    subject: 'model',
    defines: true,
    render: ({spec, parse}) => renderWebhookEvents(spec, parse),
  },
  ApiErrorCodes: {
    subject: 'model',
    render: ({spec, parse}) => renderErrorCodes(spec, parse),
  },
  ApiFilterFields: {
    subject: 'resource',
    render: ({spec, required}) =>
      renderFilterFields(spec, required('resource')),
  },
  ApiChangelog: {
    subject: 'model',
    render: ({model, spec, parse, required}) => {
      const from = required('from');
      const release = apiReleases.find((candidate) => candidate === from);
      if (!release) {
        throw new Error(`<ApiChangelog from="${from}"> names no release.`);
      }
      return renderChangelog(
        releaseSpec(model, release),
        spec,
        parse,
        allOperations(spec.document).length,
      );
    },
  },
  StateDiagram: {
    subject: 'lifecycle',
    render: ({model, spec, parse, required}) => {
      const name = required('lifecycle');
      return renderStateDiagram(
        parse,
        name,
        lifecycleTitle(name),
        lifecycleOf(spec, model.guideLifecycles, name).lifecycle,
      );
    },
  },
  StateTable: {
    subject: 'lifecycle',
    render: ({model, spec, parse, required}) => {
      const name = required('lifecycle');
      const {lifecycle, order} = lifecycleOf(spec, model.guideLifecycles, name);
      return renderStateTable(
        parse,
        name,
        `${lifecycleTitle(name).replace(/ lifecycle$/, '')} states`,
        lifecycle,
        order,
      );
    },
  },
} satisfies Record<string, BlockPlaceholder>;

export type BlockPlaceholderName = keyof typeof blockPlaceholders;

/**
 * The placeholders that become text in a sentence (remark.ts replaces them
 * before the blocks): `<World fact="…" />`, a fact of the sample world,
 * `<Limit name="…" />`, a number of the product, and
 * `<ErrorMeaning code="…" />`, what an error code means in the catalogue
 * of the page's release.
 */
export const inlinePlaceholders = {
  World: {subject: 'model'},
  Limit: {subject: 'model'},
  ErrorMeaning: {subject: 'model'},
} satisfies Record<string, {subject: PlaceholderSubject}>;

export type InlinePlaceholderName = keyof typeof inlinePlaceholders;

/** Every placeholder's subject, by name: what the bundler's loader needs to know. */
export const placeholderSubjects: Record<string, PlaceholderSubject> =
  Object.fromEntries(
    Object.entries({...blockPlaceholders, ...inlinePlaceholders}).map(
      ([name, {subject}]) => [name, subject],
    ),
  );

export const isBlockPlaceholder = (
  name: string | null | undefined,
): name is BlockPlaceholderName =>
  name !== null && name !== undefined && Object.hasOwn(blockPlaceholders, name);

export const isInlinePlaceholder = (
  name: string | null | undefined,
): name is InlinePlaceholderName =>
  name !== null &&
  name !== undefined &&
  Object.hasOwn(inlinePlaceholders, name);

/** An attribute of a placeholder's element, if it has it as a string. */
export function attribute(
  node: MdxJsxFlowElement | MdxJsxTextElement,
  name: string,
): string | undefined {
  const found = node.attributes.find(
    (candidate) =>
      candidate.type === 'mdxJsxAttribute' && candidate.name === name,
  );
  return typeof found?.value === 'string' ? found.value : undefined;
}

/** What a block placeholder element renders to. */
export function renderPlaceholder(
  name: BlockPlaceholderName,
  attributes: (name: string) => string | undefined,
  context: Omit<PlaceholderContext, 'required'>,
): RootContent[] {
  const placeholder: BlockPlaceholder = blockPlaceholders[name];
  return placeholder.render({
    ...context,
    required: (attributeName) => {
      const value = attributes(attributeName);
      if (!value) {
        throw new Error(`<${name}> needs a ${attributeName} attribute.`);
      }
      return value;
    },
  });
}
