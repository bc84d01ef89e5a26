import type { components } from './generated/openapi.js';

/** Any event envelope of the contract, told apart by `event`. @see openapi.yaml `WebhookEvent` */
export type WebhookEvent = components['schemas']['WebhookEvent'];
/** A prospect as the API answers it: every key present, `null` where unset. @see openapi.yaml `Prospect` */
export type Prospect = components['schemas']['Prospect'];
/** The body of `createProspect`. @see openapi.yaml `ProspectCreate` */
export type ProspectCreate = components['schemas']['ProspectCreate'];
/** The body of `updateProspect`. @see openapi.yaml `ProspectUpdate` */
export type ProspectUpdate = components['schemas']['ProspectUpdate'];
/** One page of `listProspects`. @see openapi.yaml `ProspectList` */
export type ProspectList = components['schemas']['ProspectList'];
/** The body of `recordOutcome`. @see openapi.yaml `RecordOutcomeRequest` */
export type RecordOutcomeRequest = components['schemas']['RecordOutcomeRequest'];
/** The answer of `recordOutcome`: the merged state. @see openapi.yaml `OutcomeResult` */
export type OutcomeResult = components['schemas']['OutcomeResult'];
/** A sales outcome, e.g. `'Meeting booked'`. @see openapi.yaml `OutcomeValue` */
export type OutcomeValue = components['schemas']['OutcomeValue'];
/** An event kind, e.g. `'prospect.created'`. @see openapi.yaml `EventType` */
export type EventType = components['schemas']['EventType'];
/** The envelope of one event kind, e.g. `WebhookEventOf<'meeting.booked'>`, its `data` typed by kind. */
export type WebhookEventOf<T extends EventType> = Extract<
  WebhookEvent,
  {
    /** The kind that picks the envelope. */
    event: T;
  }
>;
/** A 422 body `{message, errors}`. @see openapi.yaml `ValidationError` */
export type ValidationError = components['schemas']['ValidationError'];
