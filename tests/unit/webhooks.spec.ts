// The build's check of the webhook events
// (src/plugins/openapi-reference/rules/webhooks.ts): the real events pass,
// and each kind of mistake planted in a copy is named.
import {expect, test} from '@playwright/test';
import {spec} from '../support/openapi';
import {webhookProblems} from '../../src/plugins/openapi-reference/rules/webhooks';

const fallback = 'openapi/webhooks.yaml';

test('every event is subscribable, typed, signed and a change-feed resource and action', () => {
  const problems = webhookProblems(spec, fallback);
  expect(problems, problems.join('\n')).toEqual([]);
});

test('an event nobody can subscribe to, an unsigned one and one outside the change feed are named', () => {
  const document = structuredClone(spec.document);
  const eventType = document.components.schemas.EventType!;
  eventType.enum = eventType.enum!.filter((type) => type !== 'order.created');
  eventType.enum.push('order.exploded');
  const created = document.webhooks!['order.created']!.post!;
  created.parameters = [];
  document.webhooks!['parcel.created'] = document.webhooks!['order.created']!;
  const problems = webhookProblems({...spec, document}, fallback);
  expect(problems).toEqual([
    `${fallback}: EventType does not list the event order.created, so nobody can subscribe to it. Add it to the enum.`,
    `${fallback}: EventType does not list the event parcel.created, so nobody can subscribe to it. Add it to the enum.`,
    `${fallback}: EventType lists order.exploded, which no webhook documents. Remove it, or document the event in webhooks.yaml.`,
    `${fallback}: the order.created event takes no Hub-Signature header. Add the shared parameter.`,
    `${fallback}: the parcel.created event's payload does not name its type parcel.created in its type enum.`,
    `${fallback}: the parcel.created event has no example of type parcel.created. Add one to its schema.`,
    `${fallback}: the parcel.created event takes no Hub-Signature header. Add the shared parameter.`,
    `${fallback}: the parcel.created event is no change-feed resource and action (parcel, created): add them to Change.resource and Change.action, or rename the event.`,
  ]);
});
