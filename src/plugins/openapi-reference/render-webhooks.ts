import type {BlockContent, RootContent} from 'mdast';
import {
  heading,
  inlineCode,
  json,
  jsx,
  objectHeading,
  paragraph,
  table,
  text,
  type MarkdownParser,
} from './mdast';
import {inline} from './fields';
import {renderSchema} from './render';
import {schemaLink} from './page-links';
import {deref, refName} from '../../model/refs';
import {webhookEvents} from '../../model/operations';
import {
  type JsonValue,
  type LoadedSpec,
  type Operation,
  type Schema,
} from '../../model/openapi-types';

/**
 * Renders the webhook events page from the spec's `webhooks:` section: the
 * event envelope, a table of every event type, then one `###` section per
 * event with when it fires, the object its `data.object` holds and an example.
 */

/** The envelope every event shares, in the webhooks file. */
export const eventSchemaName = 'Event';
const changedFieldsName = 'ChangedFields';
/** The event types a subscription can list. */
export const eventTypeName = 'EventType';

/** The event schema of a webhook: its request body's. */
function eventSchema(spec: LoadedSpec, operation: Operation): Schema {
  const ref = operation.requestBody?.content['application/json']?.schema?.$ref;
  if (!ref) {
    throw new Error(
      `The webhook ${operation.operationId} has no event schema.`,
    );
  }
  return deref<Schema>(spec.document, {$ref: ref});
}

/**
 * The example of one event type. It lives on the event schema (one schema
 * serves `order.created` and `order.updated`), not on the request body, where
 * lint tools would read the object's read-only fields as sent by a client.
 */
export function eventExample(
  spec: LoadedSpec,
  type: string,
  operation: Operation,
): JsonValue | undefined {
  return eventSchema(spec, operation).examples?.find(
    (example) =>
      typeof example === 'object' &&
      example !== null &&
      !Array.isArray(example) &&
      example.type === type,
  );
}

/** The object schema an event carries in `data.object`. */
export function eventObjectSchema(
  spec: LoadedSpec,
  operation: Operation,
): string {
  const resolved = eventSchema(spec, operation);
  const object = resolved.allOf
    ?.map((part) => part.properties?.data?.properties?.object?.$ref)
    .find(Boolean);
  if (!object) {
    throw new Error(
      `The webhook ${operation.operationId} names no data.object schema.`,
    );
  }
  return refName(object);
}

const objectLink = (spec: LoadedSpec, name: string) => ({
  type: 'link' as const,
  url: schemaLink(spec, name),
  children: [text(objectHeading(name))],
});

export function renderWebhookEvents(
  spec: LoadedSpec,
  parse: MarkdownParser,
): RootContent[] {
  const events = webhookEvents(spec.document).map((event) => ({
    ...event,
    object: eventObjectSchema(spec, event.operation),
  }));
  const [signature] = (events[0]?.operation.parameters ?? []).map((parameter) =>
    deref(spec.document, parameter),
  );
  const changedFields = spec.document.components.schemas[changedFieldsName];
  const shown = new Set<string>();
  /** Marks the first section of each event schema, for the build checks. */
  const eventSchemaOf = (operation: Operation) => {
    const name = refName(
      operation.requestBody?.content['application/json']?.schema?.$ref ?? '',
    );
    const first = !shown.has(name);
    shown.add(name);
    return first ? name : undefined;
  };
  return [
    ...renderSchema(spec, parse, eventSchemaName),
    jsx('div', {'data-schema': changedFieldsName}, [
      table(
        ['Field', 'Type', 'Description'],
        [
          [
            [inlineCode('data.object')],
            [text('object')],
            [
              text(
                'The object the event is about, as the API returns it; each event type below names its object.',
              ),
            ],
          ],
          [
            [inlineCode('data.changed_fields')],
            [text('array of string')],
            inline(parse, changedFields?.description ?? ''),
          ],
        ],
      ),
    ]),
    ...(signature
      ? [
          heading(2, `The ${signature.name} header`),
          ...parse(signature.description ?? ''),
        ]
      : []),
    heading(2, 'Event types'),
    paragraph(
      text(
        'Every event type, the object its data.object holds and when it fires. A subscription lists the ones it wants in its ',
      ),
      inlineCode('events'),
      text('; '),
      inlineCode('notification.test'),
      text(' needs no subscription.'),
    ),
    jsx('div', {'data-schema': eventTypeName}, [
      table(
        ['Event', 'data.object', 'When it fires'],
        events.map(({type, operation, object}) => [
          [inlineCode(type)],
          [objectLink(spec, object)],
          inline(parse, operation.description ?? ''),
        ]),
      ),
    ]),
    ...events.flatMap(({type, operation, object}) => {
      const example = eventExample(spec, type, operation);
      const payload: BlockContent[] = [
        paragraph(
          text('Payload: '),
          inlineCode('data.object'),
          text(' is '),
          objectLink(spec, object),
          text('.'),
        ),
        ...(example === undefined ? [] : [json(example)]),
      ];
      const schema = eventSchemaOf(operation);
      return [
        heading(3, type),
        ...parse(operation.description ?? ''),
        ...(schema ? [jsx('div', {'data-schema': schema}, payload)] : payload),
      ];
    }),
  ];
}
