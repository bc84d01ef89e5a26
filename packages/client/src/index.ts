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
