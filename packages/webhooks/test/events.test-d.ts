// Type tests, checked by `tsc -b`: the event types are the contract's, not hand-copied ones.

import type { components } from '@prospectkit/core';
import { expectTypeOf } from 'vitest';
import type {
  ConversationAssignedEvent,
  OpportunityWonEvent,
  ProspectCreatedEvent,
  WebhookEvent,
  WebhookEventOf,
  WebhookEventType,
  WebhookHandlers,
} from '../src/index.js';
import { buildWebhookEvent, verifyWebhook } from '../src/index.js';

expectTypeOf<WebhookEventType>().toEqualTypeOf<components['schemas']['EventType']>();
expectTypeOf<WebhookEvent>().toEqualTypeOf<components['schemas']['WebhookEvent']>();
expectTypeOf<WebhookEventOf<'prospect.created'>>().toEqualTypeOf<ProspectCreatedEvent>();
expectTypeOf<WebhookEventOf<'opportunity.won'>>().toEqualTypeOf<OpportunityWonEvent>();
expectTypeOf<ConversationAssignedEvent['data']['assignee_id']>().toEqualTypeOf<string | null>();
expectTypeOf(buildWebhookEvent('meeting.booked')).toEqualTypeOf<WebhookEventOf<'meeting.booked'>>();
expectTypeOf(verifyWebhook).returns.resolves.toEqualTypeOf<WebhookEvent>();

// Narrowing on `event` gives the data of that kind.
declare const event: WebhookEvent;
if (event.event === 'opportunity.won') expectTypeOf(event.data.value_minor).toEqualTypeOf<number | null>();

// Each handler receives the envelope of its own kind.
const handlers: WebhookHandlers = {
  'prospect.created': (created) => expectTypeOf(created).toEqualTypeOf<ProspectCreatedEvent>(),
};
void handlers;
// @ts-expect-error: not an event kind of the contract
const unknownKind: WebhookHandlers = { 'prospect.deleted': () => {} };
void unknownKind;
