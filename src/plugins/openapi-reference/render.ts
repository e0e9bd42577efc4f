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
import {highlight} from '../../prism/highlight';
import type {ReleaseMarks} from './release-marks';
import {apiDocsPath} from './releases';
import {codeSamples} from './samples';
import {deref, mergedSchema, refName} from '../../model/refs';
import {firstExample, operationsOf} from '../../model/operations';
import {lifecycleProperties} from '../../model/lifecycles';
import {
  type ApiResource,
  type JsonValue,
  type LoadedSpec,
  type OpenApiDocument,
  type OperationEntry,
  type Parameter,
  type Schema,
} from '../../model/openapi-types';

/**
 * Renders the reference of one resource file as Markdown syntax tree nodes:
 * "The <resource> object" (its fields beside a JSON example), then one `##`
 * section per operation (parameters and body fields beside the request
 * samples and the response example). The nodes become the page's static
 * HTML, and its headings reach the table of contents and the anchor checker.
 * Fields are lists whose nested objects sit in a native `details`; every
 * field has an anchor, which `ApiAnchors` registers with the anchor checker.
 * Code is highlighted here, at build time, and rendered by `ApiCode` as
 * static HTML, so nothing is tokenised or hydrated per sample in the browser.
 */

/** Parses the spec's Markdown descriptions (plain Markdown, not MDX). */
export type MarkdownParser = (markdown: string) => RootContent[];

export const introductionPath = `${apiDocsPath}/introduction`;

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
const code = (
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
const classedParagraph = (
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

/** Where a schema is rendered: shared ones on the introduction, others on their page. */
export function schemaLink(spec: LoadedSpec, name: string): string {
  if (spec.sharedSchemas.includes(name)) {
    return `${introductionPath}#${slug(objectHeading(name))}`;
  }
  const resource = [...spec.resources.values()].find((candidate) =>
    candidate.schemas.includes(name),
  );
  if (!resource) {
    throw new Error(`No page renders the schema ${name}.`);
  }
  const page = `${apiDocsPath}/${pageOf(spec, resource)}`;
  return resource.objectSchema === name
    ? `${page}#${slug(objectHeading(name))}`
    : page;
}

/** The page (route name) of a resource file: the tag of its operations. */
export function pageOf(spec: LoadedSpec, resource: ApiResource): string {
  const [first] = operationsOf(spec.document, resource.paths);
  return first?.operation.tags[0] ?? resource.name;
}

const schemaTypes = (schema: Schema) =>
  schema.type === undefined
    ? []
    : Array.isArray(schema.type)
      ? schema.type
      : [schema.type];

function typeLabel(spec: LoadedSpec, schema: Schema): PhrasingContent[] {
  if (schema.$ref) {
    const name = refName(schema.$ref);
    return [
      {type: 'link', url: schemaLink(spec, name), children: [text(name)]},
    ];
  }
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants) {
    return variants.flatMap((variant, index) => [
      ...(index > 0 ? [text(' or ')] : []),
      ...typeLabel(spec, variant),
    ]);
  }
  const types = schemaTypes(schema);
  const nullable = types.includes('null');
  const main = types.filter((type) => type !== 'null');
  const labels: PhrasingContent[] = main.flatMap((type, index) => {
    const separator = index > 0 ? [text(' or ')] : [];
    if (type === 'array' && schema.items) {
      return [
        ...separator,
        text('array of '),
        ...typeLabel(spec, schema.items),
      ];
    }
    return [
      ...separator,
      text(schema.format ? `${type} (${schema.format})` : type),
    ];
  });
  if (!nullable) {
    return labels;
  }
  return labels.length > 0 ? [...labels, text(' or null')] : [text('null')];
}

/** Joins neighbouring text nodes, so the HTML has no React text separators. */
function mergeText(parts: PhrasingContent[]): PhrasingContent[] {
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

function describe(parse: MarkdownParser, schema: Schema): PhrasingContent[] {
  const parts: PhrasingContent[] = [];
  const add = (...content: PhrasingContent[]) => {
    if (parts.length > 0) {
      parts.push(text(' '));
    }
    parts.push(...content);
  };
  if (schema.readOnly) {
    add(text('Read-only.'));
  }
  if (schema.description) {
    add(...inline(parse, schema.description));
  }
  const values = schema.enum ?? schema.items?.enum;
  if (values) {
    add(
      text('One of: '),
      ...values.flatMap((value, index) => [
        ...(index > 0 ? [text(', ')] : []),
        inlineCode(String(value)),
      ]),
      text('.'),
    );
  }
  if (schema.minimum !== undefined && schema.maximum !== undefined) {
    add(text(`From ${schema.minimum} to ${schema.maximum}.`));
  } else if (schema.maximum !== undefined) {
    add(text(`At most ${schema.maximum}.`));
  } else if (schema.minimum !== undefined) {
    add(text(`At least ${schema.minimum}.`));
  }
  if (schema.maxLength !== undefined) {
    add(text(`Up to ${schema.maxLength} characters.`));
  }
  if (schema.maxItems !== undefined) {
    add(text(`Up to ${schema.maxItems} items.`));
  }
  if (schema.default !== undefined) {
    add(
      text('Default: '),
      inlineCode(JSON.stringify(schema.default)),
      text('.'),
    );
  }
  return mergeText(parts);
}

/** A description's Markdown as phrasing content for a table cell. */
export function inline(
  parse: MarkdownParser,
  markdown: string,
): PhrasingContent[] {
  return parse(markdown).flatMap((node, index) => {
    const children =
      'children' in node ? (node.children as PhrasingContent[]) : [];
    return index > 0 ? [text(' '), ...children] : children;
  });
}

/** Which schema's status each lifecycle with states belongs to, by its property. */
const lifecycleOwners = new WeakMap<OpenApiDocument, Map<Schema, string>>();

/**
 * The anchor of a status's state table on its API page (`#store-states`,
 * under the page's "Store states" heading, which holds
 * `<StateTable lifecycle="store" />`).
 */
export const statesAnchor = (schemaName: string) =>
  `${slug(schemaWords(schemaName))}-states`;

/** A status field whose lifecycle declares its states links to its state table. */
function statesLink(spec: LoadedSpec, schema: Schema): PhrasingContent[] {
  if (!schema['x-lifecycle']?.states) {
    return [];
  }
  let owners = lifecycleOwners.get(spec.document);
  if (!owners) {
    owners = new Map(
      lifecycleProperties(spec.document).map(({where, schema: owned}) => [
        owned,
        where.split('.')[0]!,
      ]),
    );
    lifecycleOwners.set(spec.document, owners);
  }
  const owner = owners.get(schema);
  if (!owner) {
    return [];
  }
  const resource = [...spec.resources.values()].find((candidate) =>
    candidate.schemas.includes(owner),
  );
  const page = resource ? `${apiDocsPath}/${pageOf(spec, resource)}` : '';
  return [
    text(' '),
    {
      type: 'link',
      url: `${page}#${statesAnchor(owner)}`,
      children: [
        text(
          schema['x-lifecycle'].columns
            ? 'What each state means, and what you can do in it'
            : 'What each state means for the shop, stock and orders',
        ),
      ],
    },
    text('.'),
  ];
}

/** The fields of an object schema, with their own nested fields. */
interface Field {
  name: string;
  schema: Schema;
  required: boolean;
  /** Fields of a nested object or of an array's objects ("child attributes"). */
  children: Field[];
}

/** Every field of an object; nested objects and arrays of objects keep theirs as children. */
function fieldsOf(spec: LoadedSpec, schema: Schema): Field[] {
  const resolved = mergedSchema(spec.document, schema);
  const required = new Set(resolved.required ?? []);
  return Object.entries(resolved.properties ?? {}).map(([name, property]) => {
    const nested = property.$ref
      ? undefined
      : property.properties
        ? property
        : property.items?.properties && !property.items.$ref
          ? property.items
          : undefined;
    return {
      name,
      schema: property,
      required: required.has(name),
      children: nested ? fieldsOf(spec, nested) : [],
    };
  });
}

/** One field's heading line: anchor link, name, type and whether it is required. */
function fieldHead(
  spec: LoadedSpec,
  id: string,
  name: string,
  schema: Schema | undefined,
  required: boolean,
  location?: string,
  badge?: PhrasingContent,
) {
  return classedParagraph('api-field__head', [
    jsxText('code', {className: 'api-field__name'}, [text(name)]),
    text(' '),
    jsxText(
      'span',
      {className: 'api-field__type'},
      mergeText([
        ...(schema ? typeLabel(spec, schema) : []),
        ...(location ? [text(` · ${location}`)] : []),
      ]),
    ),
    ...(required
      ? [
          text(' '),
          jsxText('span', {className: 'api-field__required'}, [
            text('Required'),
          ]),
        ]
      : []),
    text(' '),
    jsxText('ApiFieldLink', {id, name}),
    ...(badge ? [text(' '), badge] : []),
  ]);
}

/** A field as a list item whose id is its anchor: `order-object-totals-grand`. */
function fieldItem(
  spec: LoadedSpec,
  parse: MarkdownParser,
  field: Field,
  idPrefix: string,
  badge?: FieldBadge,
): MdxJsxFlowElement {
  const id = `${idPrefix}-${field.name.toLowerCase()}`;
  const description = [
    ...describe(parse, field.schema),
    ...statesLink(spec, field.schema),
  ];
  return jsx('li', {className: 'api-field', id}, [
    fieldHead(
      spec,
      id,
      field.name,
      field.schema,
      field.required,
      undefined,
      badge?.(field.name),
    ),
    ...(description.length > 0
      ? [classedParagraph('api-field__description', description)]
      : []),
    ...(field.children.length > 0
      ? [
          jsx('ApiChildAttributes', {}, [
            fieldList(spec, parse, field.children, id),
          ]),
        ]
      : []),
  ]);
}

/** The release badge of a field of a list, by the field's name. */
type FieldBadge = (fieldName: string) => PhrasingContent | undefined;

function fieldList(
  spec: LoadedSpec,
  parse: MarkdownParser,
  fields: Field[],
  idPrefix: string,
  badge?: FieldBadge,
): MdxJsxFlowElement {
  return jsx(
    'ul',
    {className: 'api-fields'},
    fields.map((field) => fieldItem(spec, parse, field, idPrefix, badge)),
  );
}

/**
 * An object's fields, their anchors under `idPrefix`; its top-level fields
 * carry the release marks' badges, if any.
 */
function fieldTable(
  spec: LoadedSpec,
  parse: MarkdownParser,
  name: string,
  schema: Schema,
  idPrefix: string,
  marks?: ReleaseMarks,
) {
  return jsx('div', {'data-schema': name}, [
    fieldList(
      spec,
      parse,
      fieldsOf(spec, schema),
      idPrefix,
      marks && ((fieldName) => marks.field(name, fieldName)),
    ),
  ]);
}

/** Main content on the left, examples on the right (stacked when narrow). */
function columns(main: RootContent[], aside: RootContent[]) {
  return jsx('div', {className: 'api-columns'}, [
    jsx('div', {className: 'api-columns__main'}, main as BlockContent[]),
    jsx('div', {className: 'api-columns__aside'}, aside as BlockContent[]),
  ]);
}

/** "The order object" → "order-object": the prefix of its fields' anchors. */
const objectAnchor = (name: string) => slug(`${schemaWords(name)} object`);

/** The schema's own example, or one built from its properties' examples. */
/**
 * On an object that takes "this or that" (a `oneOf` of branches that each
 * require a field, such as `sku` or `variant_id`), the fields only the other
 * branches require: an example sends the first branch's field alone.
 */
function otherBranchFields(schema: Schema): Set<string> {
  const [first, ...others] = schema.oneOf ?? [];
  const chosen = new Set(first?.required ?? []);
  return new Set(
    others
      .flatMap((branch) => branch.required ?? [])
      .filter((field) => !chosen.has(field)),
  );
}

export function schemaExample(spec: LoadedSpec, schema: Schema): JsonValue {
  const resolved = mergedSchema(spec.document, schema);
  if (resolved.examples?.[0] !== undefined) {
    return resolved.examples[0];
  }
  if (resolved.properties) {
    const skipped = otherBranchFields(resolved);
    return Object.fromEntries(
      Object.entries(resolved.properties)
        .filter(([key]) => !skipped.has(key))
        .map(([key, property]) => [key, schemaExample(spec, property)]),
    );
  }
  if (resolved.items) {
    return [schemaExample(spec, resolved.items)];
  }
  if (resolved.default !== undefined) {
    return resolved.default;
  }
  if (resolved.enum?.[0] !== undefined) {
    return resolved.enum[0];
  }
  throw new Error(
    `A property has no example: ${JSON.stringify(resolved).slice(0, 120)}`,
  );
}

/** "The <name> object": its fields beside a full JSON example. */
export function renderSchema(
  spec: LoadedSpec,
  parse: MarkdownParser,
  name: string,
  depth: Heading['depth'] = 2,
  marks?: ReleaseMarks,
): RootContent[] {
  const schema = spec.document.components.schemas[name];
  if (!schema) {
    throw new Error(`Unknown schema ${name}`);
  }
  return [
    heading(depth, objectHeading(name)),
    ...(schema.description ? parse(schema.description) : []),
    columns(
      [fieldTable(spec, parse, name, schema, objectAnchor(name), marks)],
      [
        // Not a heading: it would skip a level under the object's heading.
        paragraph({
          type: 'strong',
          children: [text(`Example ${schemaWords(name)} object`)],
        }),
        json(schemaExample(spec, schema)),
      ],
    ),
  ];
}

/** The operation's path, query and header parameters, each with its anchor. */
function parameterTable(
  spec: LoadedSpec,
  parse: MarkdownParser,
  parameters: Parameter[],
  idPrefix: string,
) {
  return jsx(
    'ul',
    {className: 'api-fields'},
    parameters.map((parameter) => {
      const id = `${idPrefix}-${parameter.name.toLowerCase()}`;
      const description = [
        ...(parameter.description ? inline(parse, parameter.description) : []),
        ...(parameter.schema
          ? describeConstraints(parse, parameter.schema)
          : []),
      ];
      return jsx('li', {className: 'api-field', id}, [
        fieldHead(
          spec,
          id,
          parameter.name,
          parameter.schema,
          Boolean(parameter.required),
          parameter.in,
        ),
        ...(description.length > 0
          ? [classedParagraph('api-field__description', description)]
          : []),
      ]);
    }),
  );
}

/** A parameter's enum, range and default (its description is the parameter's own). */
const describeConstraints = (parse: MarkdownParser, schema: Schema) => {
  const parts = describe(parse, {
    ...schema,
    description: undefined,
    readOnly: false,
  });
  return parts.length > 0 ? [text(' '), ...parts] : [];
};

/**
 * The method and path (relative to the base URL, which carries `/v1`), as a
 * heading of their own: the table of contents lists them under the
 * operation, and search finds "POST /orders".
 */
function endpointHeading(entry: OperationEntry): Heading {
  return {
    type: 'heading',
    depth: 3,
    children: [
      {type: 'strong', children: [text(entry.method.toUpperCase())]},
      text(' '),
      inlineCode(entry.path),
    ],
    data: {
      hProperties: {
        className: ['api-endpoint'],
        dataOperationId: entry.operation.operationId,
      },
    },
  };
}

/** The request samples, one per language, behind one language picker. */
function requestSamples(spec: LoadedSpec, entry: OperationEntry) {
  return jsx(
    'ApiSamples',
    {},
    codeSamples(spec.document, entry).map((sample) =>
      code(sample.prism, sample.code, {
        language: sample.language,
        label: sample.label,
      }),
    ),
  );
}

/** The heading anchor of an operation: "Create an order" → `create-an-order`. */
const operationAnchor = (entry: OperationEntry) =>
  slug(entry.operation.summary);

function requestSection(
  spec: LoadedSpec,
  parse: MarkdownParser,
  entry: OperationEntry,
  marks?: ReleaseMarks,
) {
  const body =
    entry.operation.requestBody &&
    deref(spec.document, entry.operation.requestBody);
  const schema = body?.content['application/json']?.schema;
  if (!schema) {
    return [];
  }
  const name = schema.$ref
    ? refName(schema.$ref)
    : `${entry.operation.operationId}Body`;
  return [
    heading(4, 'Request body'),
    fieldTable(
      spec,
      parse,
      name,
      schema,
      `${operationAnchor(entry)}-body`,
      marks,
    ),
  ];
}

/** The success response: its status and fields, and (for the aside) its example. */
function responseSection(
  spec: LoadedSpec,
  parse: MarkdownParser,
  resource: ApiResource,
  entry: OperationEntry,
  marks?: ReleaseMarks,
): {main: RootContent[]; example: RootContent[]} {
  const [status, reference] = Object.entries(entry.operation.responses).find(
    ([code]) => code.startsWith('2'),
  )!;
  const response = deref(spec.document, reference);
  const [mediaType, media] = Object.entries(response.content ?? {})[0] ?? [];
  const example = firstExample(spec.document, media);
  const schema = media?.schema;
  const named = schema?.$ref ? refName(schema.$ref) : undefined;
  const ownTable =
    named && named !== resource.objectSchema && resource.schemas.includes(named)
      ? [
          fieldTable(
            spec,
            parse,
            named,
            schema!,
            `${operationAnchor(entry)}-response`,
            marks,
          ),
        ]
      : [];
  let exampleBlock: RootContent[] = [];
  // A response without examples of its own shows its object's example.
  const value =
    example?.example.value ??
    (schema?.$ref ? schemaExample(spec, schema) : undefined);
  if (value !== undefined) {
    exampleBlock = [
      heading(4, 'Example response'),
      mediaType === 'application/json'
        ? json(value)
        : code(mediaType === 'text/csv' ? 'csv' : 'text', String(value)),
    ];
  }
  return {
    main: [
      heading(4, 'Response'),
      paragraph(
        inlineCode(status),
        text(' '),
        ...inline(parse, response.description),
      ),
      ...ownTable,
    ],
    example: exampleBlock,
  };
}

function errorsSection(
  spec: LoadedSpec,
  parse: MarkdownParser,
  entry: OperationEntry,
) {
  // By status: an overlay adds a release's own statuses after the others.
  const errors = Object.entries(entry.operation.responses)
    .filter(([code]) => Number(code) >= 400)
    .sort(([a], [b]) => Number(a) - Number(b));
  if (errors.length === 0) {
    return [];
  }
  return [
    heading(4, 'Errors'),
    labelledTable(
      `Errors: ${entry.operation.summary}`,
      ['Status', 'Problem', 'When', 'Codes'],
      errors.map(([status, reference]) => {
        const response = deref(spec.document, reference);
        const media = response.content?.['application/problem+json'];
        const value = firstExample(spec.document, media)?.example.value as
          {title?: string} | undefined;
        const codes = [
          ...new Set(
            Object.values(media?.examples ?? {}).flatMap(
              (example) =>
                (
                  deref(spec.document, example).value as
                    {errors?: {code: string}[]} | undefined
                )?.errors?.map(({code}) => code) ?? [],
            ),
          ),
        ];
        return [
          [inlineCode(status)],
          [text(value?.title ?? '')],
          inline(parse, response.description),
          codes.flatMap((code, index) => [
            ...(index > 0 ? [text(', ')] : []),
            inlineCode(code),
          ]),
        ];
      }),
    ),
  ];
}

/** One operation: a section whose fields sit beside its samples. */
function renderOperation(
  spec: LoadedSpec,
  parse: MarkdownParser,
  resource: ApiResource,
  entry: OperationEntry,
  marks?: ReleaseMarks,
): RootContent[] {
  const {operation, parameters} = entry;
  const response = responseSection(spec, parse, resource, entry, marks);
  const note = marks?.endpoint(operation.operationId);
  return [
    // The endpoint heading follows the summary directly, outside the
    // columns: search indexes the text under each heading up to the next
    // sibling heading, so the summary's section stays short.
    jsx('section', {className: 'api-operation'}, [
      heading(2, operation.summary),
      endpointHeading(entry),
      ...(note ? [note] : []),
      columns(
        [
          ...(operation.description ? parse(operation.description) : []),
          ...(parameters.length > 0
            ? [
                heading(4, 'Parameters'),
                parameterTable(spec, parse, parameters, operationAnchor(entry)),
              ]
            : []),
          ...requestSection(spec, parse, entry, marks),
          ...response.main,
          ...errorsSection(spec, parse, entry),
        ],
        [
          heading(4, 'Example request'),
          requestSamples(spec, entry),
          ...response.example,
        ],
      ),
    ]),
  ];
}

/** The ids of the field anchors in the rendered nodes. */
function fieldAnchors(nodes: RootContent[]): string[] {
  return nodes.flatMap((node) => {
    const own =
      node.type === 'mdxJsxFlowElement' && node.name === 'li'
        ? node.attributes.flatMap((attribute) =>
            attribute.type === 'mdxJsxAttribute' &&
            attribute.name === 'id' &&
            typeof attribute.value === 'string'
              ? [attribute.value]
              : [],
          )
        : [];
    const children =
      'children' in node ? fieldAnchors(node.children as RootContent[]) : [];
    return [...own, ...children];
  });
}

/** Registers the field anchors with the broken-anchor checker (renders nothing). */
function withAnchors(nodes: RootContent[]): RootContent[] {
  const ids = fieldAnchors(nodes);
  return ids.length > 0
    ? [...nodes, jsx('ApiAnchors', {ids: ids.join(' ')})]
    : nodes;
}

/**
 * The whole reference of one resource file; the latest release's shows the
 * release marks (what changed since the older releases).
 */
export function renderResource(
  spec: LoadedSpec,
  parse: MarkdownParser,
  name: string,
  marks?: ReleaseMarks,
): RootContent[] {
  const resource = spec.resources.get(name);
  if (!resource) {
    throw new Error(`No resource file openapi/resources/${name}.yaml`);
  }
  return withAnchors([
    ...(resource.objectSchema
      ? renderSchema(spec, parse, resource.objectSchema, 2, marks)
      : []),
    ...operationsOf(spec.document, resource.paths).flatMap((entry) =>
      renderOperation(spec, parse, resource, entry, marks),
    ),
  ]);
}

/** The shared objects of the root file, for the introduction page. */
export function renderSharedSchemas(
  spec: LoadedSpec,
  parse: MarkdownParser,
): RootContent[] {
  return withAnchors(
    spec.sharedSchemas.flatMap((name) => renderSchema(spec, parse, name, 3)),
  );
}
