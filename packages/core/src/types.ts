import type { components } from './generated/openapi.js';

type Schemas = components['schemas'];
export type Prospect = Schemas['Prospect'];
export type ProspectCreate = Schemas['ProspectCreate'];
export type ProspectUpdate = Schemas['ProspectUpdate'];
export type ProspectList = Schemas['ProspectList'];
export type RecordOutcomeRequest = Schemas['RecordOutcomeRequest'];
export type OutcomeResult = Schemas['OutcomeResult'];
export type OutcomeValue = Schemas['OutcomeValue'];
export type EventType = Schemas['EventType'];
export type WebhookEvent = Schemas['WebhookEvent'];

/** The service's abilities. @see service spec section 5 */
export const ABILITIES = ['prospects:read', 'prospects:write', 'outcomes:write'] as const;
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
