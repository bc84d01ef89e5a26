export { type ClientOptions, createClient, type ProspectKitClient } from './create-client.js';
export { errorFromResponse } from './error-from-response.js';
export type { components, operations, paths, webhooks } from './generated/openapi.js';
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
export type {
  ErrorBody,
  ListProspectsQuery,
  OutcomeResult,
  OutcomeValue,
  PaginationLinks,
  PaginationMeta,
  Prospect,
  ProspectCreate,
  ProspectPage,
  ProspectUpdate,
  RecordOutcomeRequest,
  ValidationErrorBody,
} from './schemas.js';
export type {
  ConversationAssignedEvent,
  InboxReplyReceivedEvent,
  MeetingBookedEvent,
  OpportunityUpdatedEvent,
  OpportunityWonEvent,
  ProspectCreatedEvent,
  ProspectOutcomeUpdatedEvent,
  WebhookEvent,
  WebhookEventOf,
  WebhookEventType,
} from './webhook-events.js';
