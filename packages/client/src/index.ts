/**
 * The typed SDK of the Prospect Management and Webhook Service: {@link createClient} returns a client whose
 * `prospects` methods return data and throw a typed {@link ProspectKitError}, with retries that honour
 * `Retry-After`, per-attempt timeouts and auto-pagination. The raw openapi-fetch methods (`GET`, `POST`, `PATCH`)
 * are typed from the generated `paths` of `openapi/openapi.yaml`, the contract that documents every field.
 *
 * @example
 * import { createClient } from '@prospectkit/client';
 * const client = createClient({ baseUrl: 'http://localhost:3000/api/v1', token: process.env.PK_TOKEN! });
 * const prospect = await client.prospects.create({ company: 'Acme Ltd' });
 * @see the package README (packages/client/README.md) for options, retries and errors
 * @packageDocumentation
 */
// The contract's types, generated once into the internal core package and bundled into this one's declarations.
export type {
  ConversationAssignedEvent,
  components,
  ErrorResponse as ErrorBody,
  InboxReplyReceivedEvent,
  ListProspectsQuery,
  MeetingBookedEvent,
  OpportunityUpdatedEvent,
  OpportunityWonEvent,
  OutcomeResult,
  OutcomeValue,
  operations,
  PaginationLinks,
  PaginationMeta,
  Prospect,
  ProspectCreate,
  ProspectCreatedEvent,
  ProspectList as ProspectPage,
  ProspectOutcomeUpdatedEvent,
  ProspectUpdate,
  paths,
  RecordOutcomeRequest,
  ValidationError as ValidationErrorBody,
  WebhookEvent,
  WebhookEventOf,
  WebhookEventType,
  webhooks,
} from '@prospectkit/core';
export { type ClientOptions, createClient, type ProspectKitClient } from './create-client.js';
export { errorFromResponse } from './error-from-response.js';
export type { Page, PagePromise } from './page-promise.js';
export {
  AbortError,
  AuthenticationError,
  BadRequestError,
  ConnectionError,
  NotFoundError,
  PermissionDeniedError,
  ProspectKitError,
  type ProspectKitErrorCode,
  type ProspectKitErrorOptions,
  RateLimitError,
  ServerError,
  TimeoutError,
  ValidationError,
} from './prospect-kit-error.js';
export type { ProspectsResource, RequestOptions } from './prospects-resource.js';
export type { RequestFetch } from './retry-fetch.js';
