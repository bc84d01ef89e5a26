import type { components, operations } from './generated/openapi.js';

type Schemas = components['schemas'];

/** A prospect as the API returns it: every key present, unset values `null`, `tags` `[]` when empty. @see openapi.yaml `Prospect` */
export type Prospect = Schemas['Prospect'];
/** The body of `createProspect`: `company` required, every other field optional and nullable. @see openapi.yaml `ProspectCreate` */
export type ProspectCreate = Schemas['ProspectCreate'];
/** The body of `updateProspect`: only the fields sent change; `null` clears one. @see openapi.yaml `ProspectUpdate` */
export type ProspectUpdate = Schemas['ProspectUpdate'];
/** One page of prospects, newest first, in Laravel's paginator shape. @see openapi.yaml `ProspectList` */
export type ProspectList = Schemas['ProspectList'];
/** `links` of a page: absolute URLs of the first, last, previous and next pages (`null` where none). @see openapi.yaml `PaginationLinks` */
export type PaginationLinks = Schemas['PaginationLinks'];
/** `meta` of a page: `current_page`, `last_page`, `per_page`, `total`, `from`, `to`, `path`. @see openapi.yaml `PaginationMeta` */
export type PaginationMeta = Schemas['PaginationMeta'];
/** The query of `listProspects`: `search`, `page` (from 1, default 1), `per_page` (1-100, default 25). */
export type ListProspectsQuery = NonNullable<operations['listProspects']['parameters']['query']>;
/** The body of `recordOutcome`: at least one of `outcome`, `meeting_at`, `value_minor`, `currency`. @see openapi.yaml `RecordOutcomeRequest` */
export type RecordOutcomeRequest = Schemas['RecordOutcomeRequest'];
/** A recorded outcome, holding the prospect's merged outcome state after the call. @see openapi.yaml `OutcomeResult` */
export type OutcomeResult = Schemas['OutcomeResult'];
/** A sales outcome: `'Interested' | 'Not interested' | 'Meeting booked' | 'Won' | 'Lost'`. @see openapi.yaml `OutcomeValue` */
export type OutcomeValue = Schemas['OutcomeValue'];
/** An error body, `{message}`. @see openapi.yaml `ErrorResponse` */
export type ErrorResponse = Schemas['ErrorResponse'];
/** A 422 body, `{message, errors}`, `errors` mapping each field path to its messages. @see openapi.yaml `ValidationError` */
export type ValidationError = Schemas['ValidationError'];
