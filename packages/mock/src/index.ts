/**
 * msw handlers that answer like the ProspectKit reference server, over an in-memory store:
 * {@link createProspectKitMock} returns the handlers, the store (`db`), the events the requests caused,
 * fault injection (`failNext`) and a typed `http` for overrides. The factories build contract-valid data.
 *
 * @example
 * import { createProspectKitMock } from '@prospectkit/mock';
 * import { setupServer } from 'msw/node';
 * const mock = createProspectKitMock({ baseUrl: 'http://localhost:3000/api/v1' });
 * setupServer(...mock.handlers).listen();
 * @see the package README (packages/mock/README.md) for options, faults and factories
 * @packageDocumentation
 */
export {
  ABILITIES,
  type Ability,
  type Clock,
  type CustomFieldDefinition,
  type CustomFieldType,
  type EventType,
  type OperationId,
  type OutcomeResult,
  type Prospect,
  type ProspectCreate,
  type ProspectUpdate,
  type RecordOutcomeRequest,
  type WebhookEvent,
  type WebhookEventOf,
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
  CustomFieldTable,
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
