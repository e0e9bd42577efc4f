// Local $refs of the OpenAPI document: resolving them, following them, merging allOf, and refusing one that points at nothing.
import {readFileSync} from 'node:fs';
import type {OpenApiDocument, Schema} from './openapi-types';
import {nearest, typoDistance} from './nearest';
import {locationOf, sitePath} from './yaml';

/** The component a local `$ref` points at, such as `#/components/schemas/Money`. */
export function resolveRef<T>(document: OpenApiDocument, ref: string): T {
  const match = refPattern.exec(ref);
  const section =
    match && (document.components[match[1]!] as Record<string, T>);
  const target = section?.[match![2]!];
  if (!target) {
    throw new Error(`Unresolved $ref ${ref}`);
  }
  return target;
}

const refPattern = /^#\/components\/(\w+)\/([\w.-]+)$/;

/** The line of a `$ref` itself: at or after the line its object begins. */
function refLocation(value: object, ref: string, fallbackFile: string): string {
  const found = locationOf(value);
  const file = found?.file ?? fallbackFile;
  const lines = readFileSync(file, 'utf8').split('\n');
  const index = lines.findIndex(
    (line, number) => number + 1 >= (found?.line ?? 1) && line.includes(ref),
  );
  return index < 0 ? sitePath(file) : `${sitePath(file)}:${index + 1}`;
}

/**
 * Every `$ref` of the document that points at nothing, one message each,
 * at the line of the `$ref`, with the nearest existing name.
 */
export function referenceProblems(
  document: OpenApiDocument,
  fallbackFile: string,
): string[] {
  const problems: string[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) {
      value.forEach(visit);
      return;
    }
    if (value === null || typeof value !== 'object') {
      return;
    }
    const ref = (value as {$ref?: unknown}).$ref;
    if (typeof ref === 'string') {
      const match = refPattern.exec(ref);
      const section = match
        ? (document.components[match[1]!] as
            Record<string, unknown> | undefined)
        : undefined;
      if (!match || !section?.[match[2]!]) {
        const guess =
          match && section
            ? nearest(match[2]!, Object.keys(section), {
                maxDistance: typoDistance(match[2]!),
              })
            : undefined;
        problems.push(
          `${refLocation(value, ref, fallbackFile)}: $ref '${ref}' points at nothing${
            guess ? `; did you mean '#/components/${match![1]}/${guess}'?` : '.'
          } A $ref names a component of the document, as '#/components/schemas/Order'.`,
        );
      }
    }
    Object.values(value).forEach(visit);
  };
  visit(document);
  return problems;
}

/** Follows `$ref`s until a concrete object. */
export function deref<T extends {$ref?: string}>(
  document: OpenApiDocument,
  value: T,
): T {
  let current = value;
  while (current.$ref) {
    current = resolveRef<T>(document, current.$ref);
  }
  return current;
}

export const refName = (ref: string) => ref.split('/').at(-1)!;

/**
 * A schema with its `$ref` followed and its `allOf` parts merged into one:
 * the properties and `required` of every part, later parts and the schema's
 * own keywords winning, as a list page such as `ChangeList` refines the
 * shared `ListPage`.
 */
export function mergedSchema(
  document: OpenApiDocument,
  schema: Schema,
): Schema {
  const resolved = deref(document, schema);
  if (!resolved.allOf) {
    return resolved;
  }
  const {allOf, ...own} = resolved;
  return [
    ...allOf.map((part) => mergedSchema(document, part)),
    own,
  ].reduce<Schema>(
    (merged, part) => ({
      ...merged,
      ...part,
      properties: {...merged.properties, ...part.properties},
      required: [
        ...new Set([...(merged.required ?? []), ...(part.required ?? [])]),
      ],
    }),
    {},
  );
}
