import type { components } from './generated/openapi.js';

type Schemas = components['schemas'];

/** Any event envelope of the contract, told apart by `event`. */
export type WebhookEvent = Schemas['WebhookEvent'];
export type Prospect = Schemas['Prospect'];
export type ProspectCreate = Schemas['ProspectCreate'];
export type ProspectUpdate = Schemas['ProspectUpdate'];
export type ProspectList = Schemas['ProspectList'];
export type RecordOutcomeRequest = Schemas['RecordOutcomeRequest'];
export type OutcomeResult = Schemas['OutcomeResult'];
export type OutcomeValue = Schemas['OutcomeValue'];
export type EventType = Schemas['EventType'];
export type ValidationError = Schemas['ValidationError'];
