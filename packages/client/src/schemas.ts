import type { components, operations } from './generated/openapi.js';

/** A prospect as the API returns it: every key present, unset values `null`, `tags` `[]` when empty. @see openapi.yaml `Prospect` */
export type Prospect = components['schemas']['Prospect'];
/** The body of `prospects.create`: `company` required, every other field optional and nullable. @see openapi.yaml `ProspectCreate` */
export type ProspectCreate = components['schemas']['ProspectCreate'];
/** The body of `prospects.update`: only the fields sent change; `null` clears one. @see openapi.yaml `ProspectUpdate` */
export type ProspectUpdate = components['schemas']['ProspectUpdate'];
/** One page of prospects, newest first, in Laravel's paginator shape. @see openapi.yaml `ProspectList` */
export type ProspectPage = components['schemas']['ProspectList'];
/** `links` of a page: absolute URLs of the first, last, previous and next pages (`null` where none). */
export type PaginationLinks = components['schemas']['PaginationLinks'];
/** `meta` of a page: `current_page`, `last_page`, `per_page`, `total`, `from`, `to`, `path`. */
export type PaginationMeta = components['schemas']['PaginationMeta'];
/** The query of `prospects.list`: `search`, `page` (from 1, default 1), `per_page` (1-100, default 25). */
export type ListProspectsQuery = NonNullable<operations['listProspects']['parameters']['query']>;
/** The body of `prospects.recordOutcome`: at least one of `outcome`, `meeting_at`, `value_minor`, `currency`. */
export type RecordOutcomeRequest = components['schemas']['RecordOutcomeRequest'];
/** A recorded outcome, holding the prospect's merged outcome state after the call. @see openapi.yaml `OutcomeResult` */
export type OutcomeResult = components['schemas']['OutcomeResult'];
/** A sales outcome: `'Interested' | 'Not interested' | 'Meeting booked' | 'Won' | 'Lost'`. */
export type OutcomeValue = components['schemas']['OutcomeValue'];
/** An error body, `{message}`. */
export type ErrorBody = components['schemas']['ErrorResponse'];
/** A 422 body, `{message, errors}`, `errors` mapping each field path to its messages. */
export type ValidationErrorBody = components['schemas']['ValidationError'];
