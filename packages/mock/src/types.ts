import type { components } from './generated/openapi.js';

type Schemas = components['schemas'];

/** Any event envelope of the contract, told apart by `event`. @see openapi.yaml `WebhookEvent` */
export type WebhookEvent = Schemas['WebhookEvent'];
/** A prospect as the API answers it: every key present, `null` where unset. @see openapi.yaml `Prospect` */
export type Prospect = Schemas['Prospect'];
/** The body of `createProspect`. @see openapi.yaml `ProspectCreate` */
export type ProspectCreate = Schemas['ProspectCreate'];
/** The body of `updateProspect`. @see openapi.yaml `ProspectUpdate` */
export type ProspectUpdate = Schemas['ProspectUpdate'];
/** One page of `listProspects`. @see openapi.yaml `ProspectList` */
export type ProspectList = Schemas['ProspectList'];
/** The body of `recordOutcome`. @see openapi.yaml `RecordOutcomeRequest` */
export type RecordOutcomeRequest = Schemas['RecordOutcomeRequest'];
/** The answer of `recordOutcome`: the merged state. @see openapi.yaml `OutcomeResult` */
export type OutcomeResult = Schemas['OutcomeResult'];
/** A sales outcome, e.g. `'Meeting booked'`. @see openapi.yaml `OutcomeValue` */
export type OutcomeValue = Schemas['OutcomeValue'];
/** An event kind, e.g. `'prospect.created'`. @see openapi.yaml `EventType` */
export type EventType = Schemas['EventType'];
/** A 422 body `{message, errors}`. @see openapi.yaml `ValidationError` */
export type ValidationError = Schemas['ValidationError'];
