import {eventExample, eventTypeName} from '../render-webhooks';
import {deref} from '../../../model/refs';
import {webhookEvents} from '../../../model/operations';
import {where} from '../../../model/yaml';
import {
  type JsonValue,
  type LoadedSpec,
  type Schema,
} from '../../../model/openapi-types';

/** Sent by `POST /notifications/{id}/test` only: nobody subscribes to it. */
const testEvent = 'notification.test';

/**
 * What a subscriber relies on of the webhook events: a subscription lists
 * exactly the documented events (one `EventType` enum, which
 * `Notification.events` refers to); each event's payload names its type,
 * has an example of that type and an object schema, and is signed
 * (`Hub-Signature`); and each event is a change-feed resource and action.
 */
export function webhookProblems(
  spec: LoadedSpec,
  fallbackFile: string,
): string[] {
  const {document} = spec;
  const events = webhookEvents(document);
  const eventType = document.components.schemas[eventTypeName];
  const subscribable = (eventType?.enum ?? []).map(String);
  const documented = events
    .map(({type}) => type)
    .filter((type) => type !== testEvent);
  const typeAt = `${where(eventType, fallbackFile)}: ${eventTypeName}`;
  const subscription = [
    ...documented
      .filter((type) => !subscribable.includes(type))
      .map(
        (type) =>
          `${typeAt} does not list the event ${type}, so nobody can subscribe to it. Add it to the enum.`,
      ),
    ...subscribable
      .filter((type) => !documented.includes(type))
      .map(
        (type) =>
          `${typeAt} lists ${type}, which no webhook documents. Remove it, or document the event in webhooks.yaml.`,
      ),
  ];
  const notification = document.components.schemas.Notification;
  const events$ref = notification?.properties?.events?.items?.$ref;
  const refersToTypes =
    events$ref === `#/components/schemas/${eventTypeName}`
      ? []
      : [
          `${where(notification, fallbackFile)}: Notification.events lists its own event types; refer to #/components/schemas/${eventTypeName}.`,
        ];
  const change = document.components.schemas.Change?.properties;
  const resources = (change?.resource?.enum ?? []).map(String);
  const actions = (change?.action?.enum ?? []).map(String);
  const perEvent = events.flatMap(({type, operation}) => {
    const at = `${where(operation, fallbackFile)}: the ${type} event`;
    const ref =
      operation.requestBody?.content['application/json']?.schema?.$ref;
    if (!ref) {
      return [
        `${at} has no payload schema. Refer its request body to the event's schema.`,
      ];
    }
    const schema = deref<Schema>(document, {$ref: ref});
    const typeEnum = schema.allOf
      ?.map((part) => part.properties?.type?.enum)
      .find(Boolean);
    const example = eventExample(spec, type, operation) as
      Record<string, JsonValue> | undefined;
    const object = schema.allOf
      ?.map((part) => part.properties?.data?.properties?.object?.$ref)
      .find(Boolean);
    const signed = operation.parameters?.some(
      (parameter) => deref(document, parameter).name === 'Hub-Signature',
    );
    const [resource, happened] = type.split('.') as [string, string];
    const action = ['created', 'deleted'].includes(happened)
      ? happened
      : 'updated';
    return [
      ...(typeEnum?.includes(type)
        ? []
        : [`${at}'s payload does not name its type ${type} in its type enum.`]),
      ...(example?.type === type
        ? []
        : [`${at} has no example of type ${type}. Add one to its schema.`]),
      ...(object
        ? []
        : [`${at}'s payload carries no object schema (data.object).`]),
      ...(signed
        ? []
        : [`${at} takes no Hub-Signature header. Add the shared parameter.`]),
      ...(resources.includes(resource) && actions.includes(action)
        ? []
        : [
            `${at} is no change-feed resource and action (${resource}, ${action}): add them to Change.resource and Change.action, or rename the event.`,
          ]),
    ];
  });
  return [...subscription, ...refersToTypes, ...perEvent];
}
