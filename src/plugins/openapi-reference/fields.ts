// An object's fields as the reference lists them: name, type, description, anchor and nested child attributes.
import type {PhrasingContent} from 'mdast';
import type {MdxJsxFlowElement} from 'mdast-util-mdx-jsx';
import type {
  LoadedSpec,
  OpenApiDocument,
  Schema,
} from '../../model/openapi-types';
import {mergedSchema, refName} from '../../model/refs';
import {lifecycleProperties} from '../../model/lifecycles';
import type {ReleaseMarks} from './release-marks';
import {apiDocsPath} from './releases';
import {
  type MarkdownParser,
  text,
  inlineCode,
  jsx,
  jsxText,
  classedParagraph,
  mergeText,
} from './mdast';
import {schemaLink, pageOf, statesAnchor} from './page-links';

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

export function describe(
  parse: MarkdownParser,
  schema: Schema,
): PhrasingContent[] {
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
export function fieldHead(
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
export function fieldTable(
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
