export type {
  EventType,
  OperationId,
  OutcomeResult,
  Prospect,
  ProspectCreate,
  ProspectUpdate,
  RecordOutcomeRequest,
  WebhookEvent,
} from '@prospectkit/core';
export {
  createProspectKitMock,
  type MockAuth,
  type ProspectKitMock,
  type ProspectKitMockOptions,
} from './create-prospect-kit-mock.js';
export {
  buildEventEnvelope,
  buildOutcomeRequest,
  buildOutcomeResult,
  buildProspect,
  buildProspectCreate,
  resetFactories,
} from './factories.js';
export type { MockFault } from './fault-queue.js';
export type { MockClock } from './mock-clock.js';
export type {
  MockDatabase,
  OutcomeRecord,
  OutcomeTable,
  ProspectSeed,
  ProspectTable,
  TokenGrant,
  TokenTable,
} from './mock-database.js';
export { ProspectKitMockError, type ProspectKitMockErrorCode } from './mock-error.js';
export type { RateLimitOptions } from './rate-limiter.js';
export { type SignedRequestOptions, signedRequestFor } from './signed-request-for.js';
