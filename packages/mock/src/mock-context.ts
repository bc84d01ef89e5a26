import type { Clock, WebhookEvent } from '@prospectkit/core';
import type { FaultQueue } from './fault-queue.js';
import type { MockDatabase } from './mock-database.js';
import type { RateLimiter } from './rate-limiter.js';

/** Everything a mocked request can see and change; one per mock. */
export interface MockContext {
  /** The API's base URL as given, without a trailing slash (may be relative in a browser). */
  baseUrl: string;
  db: MockDatabase;
  clock: Clock;
  /** `'any'`: any bearer token has every ability unless `db.tokens` says otherwise. `'tokens'`: only those. */
  authMode: 'any' | 'tokens';
  rateLimiter: RateLimiter | undefined;
  faults: FaultQueue;
  /** The event log, in order. */
  events: WebhookEvent[];
}
