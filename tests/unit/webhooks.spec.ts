import {expect, test} from '@playwright/test';
import {spec} from '../support/openapi';
import {
  eventExample,
  eventObjectSchema,
  eventTypeName,
} from '../../src/plugins/openapi-reference/render-webhooks';
import {deref} from '../../src/model/refs';
import {webhookEvents} from '../../src/model/operations';
import {type JsonValue, type Schema} from '../../src/model/openapi-types';

const {document} = spec;
const events = webhookEvents(document);
/** Sent by `POST /notifications/{id}/test` only: nobody subscribes to it. */
const testEvent = 'notification.test';

test('a subscription can list exactly the event types the spec documents', () => {
  const subscribable = document.components.schemas[eventTypeName]!.enum;
  expect(subscribable).toEqual(
    events.map(({type}) => type).filter((type) => type !== testEvent),
  );
  // Every list of event types refers to the one declaration.
  const notification = document.components.schemas.Notification!;
  expect(notification.properties!.events!.items!.$ref).toBe(
    `#/components/schemas/${eventTypeName}`,
  );
});

test('each event names its type, a payload schema and an example of that type', () => {
  for (const {type, operation} of events) {
    const media = operation.requestBody!.content['application/json']!;
    const schema = deref<Schema>(document, media.schema!);
    const typeEnum = schema
      .allOf!.map((part) => part.properties?.type?.enum)
      .find(Boolean);
    expect(typeEnum, type).toContain(type);
    const example = eventExample(spec, type, operation) as
      Record<string, JsonValue> | undefined;
    expect(example?.type, `${type} has an example`).toBe(type);
    expect(eventObjectSchema(spec, operation), type).toBeTruthy();
    expect(
      operation.parameters?.map((parameter) => deref(document, parameter).name),
      type,
    ).toContain('Hub-Signature');
  }
});

test('every event matches a change-feed resource and action', () => {
  const change = document.components.schemas.Change!.properties!;
  const resources = change.resource!.enum!.map(String);
  const actions = change.action!.enum!.map(String);
  for (const {type} of events) {
    const [resource, happened] = type.split('.') as [string, string];
    expect(resources, type).toContain(resource);
    const action = ['created', 'deleted'].includes(happened)
      ? happened
      : 'updated';
    expect(actions, type).toContain(action);
  }
});
