import type { components } from './generated/openapi.js';

export type Prospect = components['schemas']['Prospect'];
export type ProspectCreate = components['schemas']['ProspectCreate'];
export type ProspectUpdate = components['schemas']['ProspectUpdate'];
export type ProspectList = components['schemas']['ProspectList'];
export type RecordOutcomeRequest = components['schemas']['RecordOutcomeRequest'];
export type OutcomeResult = components['schemas']['OutcomeResult'];
export type OutcomeValue = components['schemas']['OutcomeValue'];
/** An event kind, e.g. `'prospect.created'`: one of the seven of the contract. @see openapi.yaml `EventType` */
export type EventType = components['schemas']['EventType'];
export type WebhookEvent = components['schemas']['WebhookEvent'];

/** The three abilities a token can have, e.g. to grant every one: `abilities: ABILITIES`. @see service spec section 5 */
export const ABILITIES = ['prospects:read', 'prospects:write', 'outcomes:write'] as const;
/** What a token may do: `'prospects:read'`, `'prospects:write'` or `'outcomes:write'`. @see openapi.yaml `securitySchemes` */
export type Ability = (typeof ABILITIES)[number];

/** The seven event kinds, in the order of the service spec's section 6. */
export const EVENT_TYPES: readonly EventType[] = [
  'prospect.created',
  'inbox.reply.received',
  'conversation.assigned',
  'prospect.outcome.updated',
  'opportunity.updated',
  'meeting.booked',
  'opportunity.won',
];
