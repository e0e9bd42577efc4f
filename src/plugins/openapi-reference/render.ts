import type {
  BlockContent,
  Code,
  Heading,
  PhrasingContent,
  RootContent,
  Table,
  TableRow,
} from 'mdast';
import type {MdxJsxAttribute, MdxJsxFlowElement} from 'mdast-util-mdx-jsx';
import {codeSamples, firstExample} from './samples';
import {
  deref,
  operationsOf,
  refName,
  type ApiResource,
  type JsonValue,
  type LoadedSpec,
  type OperationEntry,
  type Parameter,
  type Schema,
} from './spec';

/**
 * Renders the reference of one resource file as Markdown syntax tree nodes:
 * "The <resource> object" (a field table and a JSON example), then one `##`
 * section per operation. The nodes become the page's static HTML, and its
 * headings reach the table of contents and the anchor checker.
 */

/** Parses the spec's Markdown descriptions (plain Markdown, not MDX). */
export type MarkdownParser = (markdown: string) => RootContent[];

/** Tabs group shared by every code sample, so the chosen language carries over. */
export const codeLanguageGroup = 'api-language';

export const apiDocsPath = '/docs/api';
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
const code = (lang: string, value: string): Code => ({
  type: 'code',
  lang,
  value,
});
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

/** "BrandStore" → "brand store". */
export const schemaWords = (name: string) =>
  name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

export const objectHeading = (name: string) =>
  `The ${schemaWords(name)} object`;

const slug = (value: string) => value.toLowerCase().replace(/\s+/g, '-');

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

interface FieldRow {
  name: string;
  schema: Schema;
  required: boolean;
}

/** Every field of an object, nested objects and arrays of objects flattened with dots. */
function fieldRows(spec: LoadedSpec, schema: Schema, prefix = ''): FieldRow[] {
  const resolved = deref(spec.document, schema);
  const required = new Set(resolved.required ?? []);
  return Object.entries(resolved.properties ?? {}).flatMap(
    ([key, property]) => {
      const name = `${prefix}${key}`;
      const row = {name, schema: property, required: required.has(key)};
      if (property.$ref) {
        return [row];
      }
      if (property.properties) {
        return [row, ...fieldRows(spec, property, `${name}.`)];
      }
      if (property.items?.properties) {
        return [row, ...fieldRows(spec, property.items, `${name}[].`)];
      }
      return [row];
    },
  );
}

function fieldTable(
  spec: LoadedSpec,
  parse: MarkdownParser,
  name: string,
  schema: Schema,
) {
  const rows = fieldRows(spec, schema).map((row) => [
    [inlineCode(row.name)],
    typeLabel(spec, row.schema),
    [text(row.required ? 'Yes' : 'No')],
    describe(parse, row.schema),
  ]);
  return jsx('div', {'data-schema': name}, [
    table(['Field', 'Type', 'Required', 'Description'], rows),
  ]);
}

/** The schema's own example, or one built from its properties' examples. */
export function schemaExample(spec: LoadedSpec, schema: Schema): JsonValue {
  const resolved = deref(spec.document, schema);
  if (resolved.examples?.[0] !== undefined) {
    return resolved.examples[0];
  }
  if (resolved.properties) {
    return Object.fromEntries(
      Object.entries(resolved.properties).map(([key, property]) => [
        key,
        schemaExample(spec, property),
      ]),
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

/** "The <name> object": its fields and a full JSON example. */
export function renderSchema(
  spec: LoadedSpec,
  parse: MarkdownParser,
  name: string,
  depth: Heading['depth'] = 2,
): RootContent[] {
  const schema = spec.document.components.schemas[name];
  if (!schema) {
    throw new Error(`Unknown schema ${name}`);
  }
  return [
    heading(depth, objectHeading(name)),
    ...(schema.description ? parse(schema.description) : []),
    fieldTable(spec, parse, name, schema),
    // Not a heading: it would skip a level under the object's heading.
    paragraph({
      type: 'strong',
      children: [text(`Example ${schemaWords(name)} object`)],
    }),
    json(schemaExample(spec, schema)),
  ];
}

function parameterTable(
  spec: LoadedSpec,
  parse: MarkdownParser,
  parameters: Parameter[],
) {
  return table(
    ['Name', 'In', 'Type', 'Required', 'Description'],
    parameters.map((parameter) => [
      [inlineCode(parameter.name)],
      [text(parameter.in)],
      parameter.schema ? typeLabel(spec, parameter.schema) : [],
      [text(parameter.required ? 'Yes' : 'No')],
      [
        ...(parameter.description ? inline(parse, parameter.description) : []),
        ...(parameter.schema
          ? describeConstraints(parse, parameter.schema)
          : []),
      ],
    ]),
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

function codeTabs(spec: LoadedSpec, entry: OperationEntry) {
  const samples = codeSamples(spec.document, entry);
  return jsx(
    'Tabs',
    {groupId: codeLanguageGroup},
    samples.map((sample, index) =>
      jsx(
        'TabItem',
        {
          value: sample.language,
          label: sample.label,
          ...(index === 0 ? {default: 'true'} : {}),
        },
        [code(sample.prism, sample.code)],
      ),
    ),
  );
}

function requestSection(
  spec: LoadedSpec,
  parse: MarkdownParser,
  entry: OperationEntry,
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
  return [heading(4, 'Request body'), fieldTable(spec, parse, name, schema)];
}

function responseSection(
  spec: LoadedSpec,
  parse: MarkdownParser,
  resource: ApiResource,
  entry: OperationEntry,
) {
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
      ? [fieldTable(spec, parse, named, schema!)]
      : [];
  let exampleBlock: RootContent[] = [];
  // A response without examples of its own shows its object's example.
  const value =
    example?.example.value ??
    (schema?.$ref ? schemaExample(spec, schema) : undefined);
  if (value !== undefined) {
    exampleBlock = [
      mediaType === 'application/json'
        ? json(value)
        : code(mediaType === 'text/csv' ? 'csv' : 'text', String(value)),
    ];
  }
  return [
    heading(4, 'Response'),
    paragraph(
      inlineCode(status),
      text(' '),
      ...inline(parse, response.description),
    ),
    ...ownTable,
    ...exampleBlock,
  ];
}

function errorsSection(
  spec: LoadedSpec,
  parse: MarkdownParser,
  entry: OperationEntry,
) {
  const errors = Object.entries(entry.operation.responses).filter(
    ([code]) => Number(code) >= 400,
  );
  if (errors.length === 0) {
    return [];
  }
  return [
    heading(4, 'Errors'),
    table(
      ['Status', 'Problem', 'When'],
      errors.map(([status, reference]) => {
        const response = deref(spec.document, reference);
        const media = response.content?.['application/problem+json'];
        const value = firstExample(spec.document, media)?.example.value as
          {title?: string} | undefined;
        return [
          [inlineCode(status)],
          [text(value?.title ?? '')],
          inline(parse, response.description),
        ];
      }),
    ),
  ];
}

function renderOperation(
  spec: LoadedSpec,
  parse: MarkdownParser,
  resource: ApiResource,
  entry: OperationEntry,
): RootContent[] {
  const {operation, parameters} = entry;
  return [
    heading(2, operation.summary),
    endpointHeading(entry),
    ...(operation.description ? parse(operation.description) : []),
    ...(parameters.length > 0
      ? [heading(4, 'Parameters'), parameterTable(spec, parse, parameters)]
      : []),
    ...requestSection(spec, parse, entry),
    heading(4, 'Example request'),
    codeTabs(spec, entry),
    ...responseSection(spec, parse, resource, entry),
    ...errorsSection(spec, parse, entry),
  ];
}

/** The whole reference of one resource file. */
export function renderResource(
  spec: LoadedSpec,
  parse: MarkdownParser,
  name: string,
): RootContent[] {
  const resource = spec.resources.get(name);
  if (!resource) {
    throw new Error(`No resource file openapi/resources/${name}.yaml`);
  }
  return [
    ...(resource.objectSchema
      ? renderSchema(spec, parse, resource.objectSchema)
      : []),
    ...operationsOf(spec.document, resource.paths).flatMap((entry) =>
      renderOperation(spec, parse, resource, entry),
    ),
  ];
}

/** The shared objects of the root file, for the introduction page. */
export function renderSharedSchemas(
  spec: LoadedSpec,
  parse: MarkdownParser,
): RootContent[] {
  return spec.sharedSchemas.flatMap((name) =>
    renderSchema(spec, parse, name, 3),
  );
}
