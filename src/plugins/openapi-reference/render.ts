// Renders the reference of one resource file, and the shared objects of the introduction.
import type {Heading, RootContent} from 'mdast';
import type {LoadedSpec} from '../../model/openapi-types';
import {operationsOf} from '../../model/operations';
import {schemaExample} from '../../model/schema-example';
import type {ReleaseMarks} from './release-marks';
import {
  type MarkdownParser,
  text,
  paragraph,
  heading,
  json,
  schemaWords,
  objectHeading,
  slug,
  columns,
} from './mdast';
import {fieldTable} from './fields';
import {renderOperation} from './render-operation';

/**
 * Renders the reference of one resource file as Markdown syntax tree nodes:
 * "The <resource> object" (its fields beside a JSON example), then one `##`
 * section per operation (parameters and body fields beside the request
 * samples and the response example). The nodes become the page's static
 * HTML, and its headings reach the table of contents and the anchor checker.
 * Fields are lists whose nested objects sit in a native `details`; every
 * field has an anchor on its list item, which the MDX component map's `li`
 * (the theme's) registers with the anchor checker as it renders.
 * Code is highlighted here, at build time, and rendered by `ApiCode` as
 * static HTML, so nothing is tokenised or hydrated per sample in the browser.
 */

/** "The order object" → "order-object": the prefix of its fields' anchors. */
const objectAnchor = (name: string) => slug(`${schemaWords(name)} object`);

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
  return [
    ...(resource.objectSchema
      ? renderSchema(spec, parse, resource.objectSchema, 2, marks)
      : []),
    ...operationsOf(spec.document, resource.paths).flatMap((entry) =>
      renderOperation(spec, parse, resource, entry, marks),
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
