// The example of a schema: its own, or one built from its properties' examples.
import type {JsonValue, LoadedSpec, Schema} from './openapi-types';
import {mergedSchema} from './refs';

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

/** The schema's own example, or one built from its properties' examples. */
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
