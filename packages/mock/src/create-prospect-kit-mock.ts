import type { CustomFieldDefinition, OperationId, paths, WebhookEvent } from '@prospectkit/core';
import { ABILITIES, type Ability, type Clock, newId, systemClock } from '@prospectkit/core';
import type { HttpHandler } from 'msw';
import { createOpenApiHttp, type OpenApiHttpHandlers } from 'openapi-msw';
import { createHandlers } from './create-handlers.js';
import { createFaultQueue, type MockFault } from './fault-queue.js';
import type { MockContext } from './mock-context.js';
import { createMockDatabase, type MockDatabase, type ProspectSeed } from './mock-database.js';
import { ProspectKitMockError } from './mock-error.js';
import { createRateLimiter, type RateLimitOptions } from './rate-limiter.js';

/** Who may call the mock: `'any'` bearer token with every ability, or only these tokens with these abilities. */
export type MockAuth = 'any' | Readonly<Record<string, readonly Ability[]>>;

/** Options of {@link createProspectKitMock}. */
export interface ProspectKitMockOptions {
  /**
   * The API's base URL including `/api/v1`, e.g. `http://localhost:3000/api/v1`: the same one the code under
   * test calls. Required; absolute in Node (a browser may give a path, resolved against the page).
   */
  baseUrl: string;
  /** What the store holds at the start and after every `reset()`. Default: no prospects. */
  seed?: {
    /** The prospects, in the mock's workspace unless one says otherwise. Default: none. */
    prospects?: readonly ProspectSeed[];
    /**
     * The custom fields of the mock's workspace, which `custom_fields` is checked against (the server's are
     * defined in the app, under Workspace settings → Fields). `mock.db.customFields` changes them later.
     * Default: none, so any `custom_fields` key gets 422.
     */
    customFields?: readonly CustomFieldDefinition[];
  };
  /**
   * `'any'`: any `Authorization: Bearer <token>` is accepted with every ability (a missing or malformed header
   * is still 401). A map: only those tokens, each with its abilities (others are 401, a missing ability is
   * 403). Either way `mock.db.tokens` can add or change tokens. Default: `'any'`.
   */
  auth?: MockAuth;
  /** Where timestamps and the rate-limit window come from. Default: the system clock. */
  clock?: Clock;
  /**
   * Enforce a rate limit like the service's (`{ limit: 60 }`): `X-RateLimit-Limit` and
   * `X-RateLimit-Remaining` on every answer, 429 past the limit. Default: no limit; answers carry the
   * service's `X-RateLimit-Limit: 60` (the contract requires it) without `X-RateLimit-Remaining`, and 429 comes
   * only when injected with `failNext`.
   */
  rateLimit?: RateLimitOptions;
  /** The workspace id of the store and of `auth`'s tokens. Default: a new `ws_` id. */
  workspaceId?: string;
}

/** A mocked Prospect Management API; see {@link createProspectKitMock}. */
export interface ProspectKitMock {
  /** msw request handlers: `setupServer(...mock.handlers)` (msw/node) or `setupWorker(...mock.handlers)`. */
  readonly handlers: HttpHandler[];
  /** The in-memory store, readable and writable from tests. */
  readonly db: MockDatabase;
  /** The event envelopes the requests caused, oldest first (a copy; read it again after more requests). */
  readonly events: readonly WebhookEvent[];
  /** Back to the start: the seed, the `auth` tokens, no events, no pending faults, a fresh rate-limit window. */
  reset(): void;
  /**
   * Makes the next request of an operation fail; calls queue up, one fault per request.
   *
   * @param operationId the contract's operationId, e.g. `'createProspect'`
   * @param fault `500`, `429`, `{ status: 429, retryAfterSeconds }`, `'network-error'` or `{ delayMs }`
   * @throws {ProspectKitMockError} `unknown_operation` or `invalid_fault`
   */
  failNext(operationId: OperationId, fault: MockFault): void;
  /** openapi-msw's typed `http` over the contract's paths and this base URL, for a test's own handlers. */
  readonly http: OpenApiHttpHandlers<paths>;
}

function checkOptions(options: ProspectKitMockOptions): void {
  const base = options?.baseUrl;
  if (typeof base !== 'string' || base === '') {
    throw new ProspectKitMockError(
      'invalid_option',
      'Failed to create the mock: `baseUrl` is required. Please pass the base URL your code calls, e.g. http://localhost:3000/api/v1.',
    );
  }
  if (!/^https?:\/\//i.test(base) && typeof (globalThis as { location?: unknown }).location === 'undefined') {
    throw new ProspectKitMockError(
      'invalid_option',
      `Failed to create the mock: \`baseUrl\` ${JSON.stringify(base)} is not absolute. Please pass an http(s) URL outside a browser.`,
    );
  }
  const auth = options.auth ?? 'any';
  if (auth !== 'any') {
    for (const [token, abilities] of Object.entries(auth)) {
      const unknown = (abilities as readonly string[]).filter(
        (a) => !(ABILITIES as readonly string[]).includes(a),
      );
      if (!Array.isArray(abilities) || unknown.length > 0) {
        throw new ProspectKitMockError(
          'invalid_option',
          `Failed to create the mock: token ${JSON.stringify(token)} has unknown abilities ${JSON.stringify(unknown)}. Please use ${ABILITIES.join(', ')}.`,
        );
      }
    }
  }
  const limit = options.rateLimit;
  if (limit && !(Number.isInteger(limit.limit) && limit.limit >= 1 && (limit.windowMs ?? 1) > 0)) {
    throw new ProspectKitMockError(
      'invalid_option',
      'Failed to create the mock: `rateLimit.limit` must be a whole number from 1 and `rateLimit.windowMs` positive.',
    );
  }
}

/**
 * Creates a stateful mock of the Prospect Management API for msw 2: the contract's validation and 422 bodies,
 * pagination, search, PATCH semantics, outcome merging and events, authentication and abilities, in the
 * reference server's order of checks. It never starts msw itself.
 *
 * @param options `{ baseUrl, seed?, auth = 'any', clock?, rateLimit?, workspaceId? }`; see {@link ProspectKitMockOptions}
 * @returns `{ handlers, db, events, reset, failNext, http }`
 * @throws {ProspectKitMockError} `invalid_option` when `baseUrl`, `auth` or `rateLimit` is not usable
 * @example
 * import { setupServer } from 'msw/node';
 * const mock = createProspectKitMock({ baseUrl: 'http://localhost:3000/api/v1' });
 * const server = setupServer(...mock.handlers);
 * beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
 * afterEach(() => mock.reset());
 * afterAll(() => server.close());
 * @see openapi/openapi.yaml
 */
export function createProspectKitMock(options: ProspectKitMockOptions): ProspectKitMock {
  checkOptions(options);
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const clock = options.clock ?? systemClock;
  const workspaceId = options.workspaceId ?? newId('workspace', clock.now().getTime());
  const auth = options.auth ?? 'any';
  const ctx: MockContext = {
    baseUrl,
    db: createMockDatabase(workspaceId, clock),
    clock,
    authMode: auth === 'any' ? 'any' : 'tokens',
    rateLimiter: options.rateLimit ? createRateLimiter(options.rateLimit) : undefined,
    faults: createFaultQueue(),
    events: [],
  };

  const reset = () => {
    ctx.db.prospects.clear();
    ctx.db.tokens.clear();
    ctx.db.customFields.clear();
    ctx.db.customFields.set(options.seed?.customFields ?? []);
    ctx.events.length = 0;
    ctx.faults.clear();
    ctx.rateLimiter?.reset();
    if (auth !== 'any')
      for (const [token, abilities] of Object.entries(auth)) ctx.db.tokens.set(token, abilities);
    for (const prospect of options.seed?.prospects ?? []) ctx.db.prospects.insert(prospect);
  };
  reset();

  return {
    handlers: createHandlers(ctx),
    db: ctx.db,
    get events() {
      return ctx.events.slice();
    },
    reset,
    failNext: (operationId, fault) => ctx.faults.push(operationId, fault),
    http: createOpenApiHttp<paths>({ baseUrl }),
  };
}
