// Gives the published documents' webhook payloads response-side copies of their objects, without readOnly, so generated clients type every field.
import {refName} from '../../model/refs';
import {webhookEvents} from '../../model/operations';
import type {OpenApiDocument, Schema} from '../../model/openapi-types';

/**
 * A webhook is a request in OpenAPI, so a client generator types its body as
 * a request: @hey-api/openapi-ts drops every `readOnly` property from it, and
 * `order.created`'s `data.object` would lose its `id`, `status` and every
 * other field the Hub sets. What the Hub sends in an event is the object as
 * `GET` returns it, a response. So each published document gives every event
 * schema's `data.object` a copy of its object named `<Object>EventObject`
 * (`OrderEventObject`), made here from that release's object schema rather
 * than written by hand: the same schema with `readOnly` removed (and any
 * `writeOnly` property left out, as a response leaves it out), and a `$ref`
 * to a schema that holds `readOnly` anywhere pointing at that schema's copy
 * too. The source, and so the pages, the checks and the changelog, keep
 * `Order`; only what a tool reads changes. `PRODUCT-DECISIONS.md`, "Webhook
 * payloads are typed (issue 33)".
 */
export const eventObjectSuffix = 'EventObject';

const schemaRefPrefix = '#/components/schemas/';

/** Keys whose values are data, not schemas: never rewritten. */
const dataKeys = new Set(['examples', 'example', 'default', 'const', 'enum']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every schema name a schema's `$ref`s name, outside its examples. */
function schemaRefs(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) {
    value.forEach((item) => schemaRefs(item, found));
  } else if (isRecord(value)) {
    const ref = value.$ref;
    if (typeof ref === 'string' && ref.startsWith(schemaRefPrefix)) {
      found.add(refName(ref));
    }
    for (const [key, child] of Object.entries(value)) {
      if (!dataKeys.has(key) && !key.startsWith('x-')) {
        schemaRefs(child, found);
      }
    }
  }
  return found;
}

/** Whether a schema declares `readOnly` or `writeOnly` itself, outside its examples. */
function marksAccess(value: unknown): boolean {
  if (Array.isArray(value)) {
    return value.some(marksAccess);
  }
  if (!isRecord(value)) {
    return false;
  }
  if (value.readOnly === true || value.writeOnly === true) {
    return true;
  }
  return Object.entries(value).some(
    ([key, child]) =>
      !dataKeys.has(key) && !key.startsWith('x-') && marksAccess(child),
  );
}

/**
 * The schema as a response shows it: `readOnly` dropped, `writeOnly`
 * properties left out (and out of `required`), and each `$ref` to a schema
 * in `copied` pointing at its copy.
 */
function responseSide(value: unknown, copied: Set<string>): unknown {
  if (Array.isArray(value)) {
    return value.map((item) => responseSide(item, copied));
  }
  if (!isRecord(value)) {
    return value;
  }
  const writeOnly = isRecord(value.properties)
    ? Object.entries(value.properties)
        .filter(([, property]) => isRecord(property) && property.writeOnly)
        .map(([name]) => name)
    : [];
  const result: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === 'readOnly') {
      continue;
    }
    if (key === '$ref' && typeof child === 'string') {
      const name = child.startsWith(schemaRefPrefix) ? refName(child) : '';
      result.$ref = copied.has(name) ? copyRef(name) : child;
    } else if (key === 'properties' && isRecord(child)) {
      result.properties = Object.fromEntries(
        Object.entries(child)
          .filter(([name]) => !writeOnly.includes(name))
          .map(([name, property]) => [name, responseSide(property, copied)]),
      );
    } else if (key === 'required' && Array.isArray(child)) {
      result.required = child.filter((name) => !writeOnly.includes(name));
    } else if (dataKeys.has(key) || key.startsWith('x-')) {
      result[key] = child;
    } else {
      result[key] = responseSide(child, copied);
    }
  }
  return result;
}

const copyName = (name: string) => `${name}${eventObjectSuffix}`;
const copyRef = (name: string) => `${schemaRefPrefix}${copyName(name)}`;

/** The `data.object` of an event schema: the part of its `allOf` that names it. */
function objectOf(event: Schema): Schema | undefined {
  return event.allOf
    ?.map((part) => part.properties?.data?.properties?.object)
    .find((object) => typeof object?.$ref === 'string');
}

/**
 * The document as published: every webhook's `data.object` a response-side
 * copy of its object where the object (or a schema it reaches) marks a
 * field `readOnly` or `writeOnly`. The document passed in is not changed.
 */
export function withWebhookPayloadTypes(
  document: OpenApiDocument,
): OpenApiDocument {
  const published = structuredClone(document);
  const schemas = published.components.schemas;
  const eventSchemas = new Set(
    webhookEvents(published).flatMap(({operation}) => {
      const ref =
        operation.requestBody?.content['application/json']?.schema?.$ref;
      return ref?.startsWith(schemaRefPrefix) ? [refName(ref)] : [];
    }),
  );
  const objects = [...eventSchemas].flatMap((name) => {
    const object = objectOf(schemas[name]!);
    return object ? [{object, name: refName(object.$ref!)}] : [];
  });
  // Every schema the objects reach, and of those the ones that need a copy.
  const reached = new Set<string>();
  const pending = objects.map(({name}) => name);
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (!reached.has(name) && schemas[name]) {
      reached.add(name);
      pending.push(...schemaRefs(schemas[name]));
    }
  }
  const copied = new Set<string>();
  const needsCopy = (name: string, seen = new Set<string>()): boolean => {
    if (copied.has(name)) {
      return true;
    }
    if (seen.has(name) || !schemas[name]) {
      return false;
    }
    seen.add(name);
    return (
      marksAccess(schemas[name]) ||
      [...schemaRefs(schemas[name])].some((ref) => needsCopy(ref, seen))
    );
  };
  for (const name of reached) {
    if (needsCopy(name)) {
      copied.add(name);
    }
  }
  for (const name of copied) {
    if (schemas[copyName(name)]) {
      throw new Error(
        `The schema ${copyName(name)} exists already: rename it, since the published document names ${name}'s response-side copy so.`,
      );
    }
  }
  for (const name of [...copied].sort()) {
    schemas[copyName(name)] = responseSide(schemas[name], copied) as Schema;
  }
  for (const {object, name} of objects) {
    if (copied.has(name)) {
      object.$ref = copyRef(name);
    }
  }
  return published;
}
