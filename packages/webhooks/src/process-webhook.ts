import type { Clock, WebhookEvent } from '@prospectkit/core';
import type { CryptoProvider } from './crypto-provider.js';
import { checkTtlMs, DEFAULT_DEDUPE_TTL_MS, type DedupeStore } from './dedupe-store.js';
import { resolveDedupeStore } from './default-dedupe-store.js';
import type { WebhookHeaders } from './get-header.js';
import { normalizeSecrets } from './normalize-secrets.js';
import { toRawBody } from './to-raw-body.js';
import { verifyWebhook } from './verify-webhook.js';
import { checkToleranceSeconds, DEFAULT_TOLERANCE_SECONDS } from './verify-webhook-signature.js';
import type { WebhookHandlers } from './webhook-handlers.js';
import { WebhookVerificationError, type WebhookVerificationErrorCode } from './webhook-verification-error.js';

/** Options shared by {@link processWebhook}, `webhookRouter` (`/express`) and `handleWebhook` (`/fetch`). */
export interface ProcessWebhookOptions<Context = unknown> {
  /** The signing secret (`whk_...`), or several while you rotate it. */
  secret: string | readonly string[];
  /** One handler per event kind; see {@link WebhookHandlers}. */
  handlers: WebhookHandlers<Context>;
  /**
   * Where handled event ids are remembered, to skip duplicates and replays: a shared store (Redis, PostgreSQL)
   * when several instances receive webhooks. Default: one bounded in-memory store per process (10,000 ids),
   * which stops a captured request from being replayed inside the timestamp window on this process only.
   * `false` turns deduplication off: every delivery is handled, replays included.
   */
  dedupe?: DedupeStore | false;
  /** How long a handled id is remembered, in milliseconds. Default {@link DEFAULT_DEDUPE_TTL_MS} (7 days). */
  dedupeTtlMs?: number;
  /** Largest allowed clock distance, in seconds, either way. Default 300; must be positive. */
  toleranceSeconds?: number;
  /**
   * Where the current time is read, on every request, for the timestamp window: `{ now(): Date }`, as the server
   * and the mock take it. Default: the system clock. Inject one in tests to move time.
   */
  clock?: Clock;
  /**
   * The current Unix time in seconds, called on every request when `clock` is not given.
   *
   * @deprecated use `clock`: `{ clock: { now: () => new Date(getNowSeconds() * 1000) } }`.
   */
  getNowSeconds?: () => number;
  /** HMAC implementation. Default: `node:crypto` on Node, Web Crypto elsewhere. */
  cryptoProvider?: CryptoProvider;
  /**
   * Called with every failure on the receiver's side (a handler that throws, an unreachable dedupe store, a
   * misconfiguration), never with request verification failures. Default: `console.error`.
   */
  onError?: (error: unknown, details: { code: WebhookFailureCode; event?: WebhookEvent }) => void;
}

/** Codes in the body of a non-2xx answer: a verification code, or a failure on the receiver's side. */
export type WebhookFailureCode = WebhookVerificationErrorCode | 'handler_failed' | 'dedupe_failed';

/** The JSON body of an answer. */
export type WebhookResponseBody =
  | {
      /** The event was verified. */
      received: true;
      /** `handled` by its handler, a `duplicate` already claimed, or `ignored` (no handler for its kind). */
      status: 'handled' | 'duplicate' | 'ignored';
      /** The verified envelope's `id`, e.g. `evt_01J...`. */
      event_id: string;
    }
  | {
      /** The event was not accepted. */
      received: false;
      /** Why: a verification code (400) or a receiver-side code (500). */
      code: WebhookFailureCode;
      /** What failed and how to fix it; never a secret or the body. */
      message: string;
    };

/** What to answer the sender. */
export interface WebhookResult {
  /**
   * 200 when handled, a duplicate or a kind without handler; 400 when the request fails verification (the service
   * does not retry); 500 on the receiver's side (the service retries after 1 min, 5 min, 30 min and 2 h).
   */
  status: 200 | 400 | 500;
  /** The JSON body to answer with. */
  body: WebhookResponseBody;
  /** The verified event, when verification passed. */
  event?: WebhookEvent;
}

/** The request parts {@link processWebhook} reads. */
export interface WebhookRequestParts<Context = unknown> {
  /** The raw body: string, `Uint8Array` or `ArrayBuffer`. */
  body: unknown;
  /** A fetch `Headers` or a plain record. */
  headers: WebhookHeaders;
  /** Passed to the handler as its second argument. */
  context: Context;
}

function fail(
  status: 400 | 500,
  code: WebhookFailureCode,
  message: string,
  event?: WebhookEvent,
): WebhookResult {
  return { status, body: { received: false, code, message }, ...(event && { event }) };
}

/** The default `onError`: one `console.error` line with the code and the event. */
export function defaultOnError(
  error: unknown,
  details: { code: WebhookFailureCode; event?: WebhookEvent },
): void {
  const about = details.event ? ` (${details.event.event} ${details.event.id})` : '';
  console.error(`[@prospectkit/webhooks] ${details.code}${about}:`, error);
}

/**
 * Checks the options of {@link processWebhook} once, so that adapters fail at start-up rather than per request.
 *
 * @throws {WebhookVerificationError} `invalid_secret` when a secret is not a `whk_` signing secret
 * @throws {RangeError} when `toleranceSeconds` or `dedupeTtlMs` is out of range
 * @throws {TypeError} when `handlers` is not an object, or `dedupe` neither a store nor `false`
 */
export function checkProcessWebhookOptions(options: ProcessWebhookOptions<never>): void {
  normalizeSecrets(options.secret);
  checkToleranceSeconds(options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS);
  checkTtlMs(options.dedupeTtlMs ?? DEFAULT_DEDUPE_TTL_MS);
  resolveDedupeStore(options.dedupe);
  if (typeof options.handlers !== 'object' || options.handlers === null) {
    throw new TypeError(
      "[@prospectkit/webhooks] handlers must be an object such as { 'prospect.created': async (event) => {} }.",
    );
  }
}

/**
 * Verifies a request, skips duplicates, runs the handler of its kind, and says what to answer: the
 * framework-neutral core of the Express and fetch adapters, for any other framework.
 *
 * Answers: 200 when handled, a duplicate, or of a kind without handler; 400 with the verification `code` when
 * the request cannot be trusted (the service does not retry); 500 when the receiver fails (a handler throws, the
 * dedupe store is unreachable, or the body was parsed before it got here), so the service retries later. A
 * handler that throws releases its claim, so that retry is handled.
 *
 * @param request - `{ body, headers, context }`: the raw body, the headers, and the handler's second argument
 * @param options - see {@link ProcessWebhookOptions}
 * @returns `{ status, body, event? }`; send `body` as JSON with `status`
 * @throws {WebhookVerificationError} `invalid_secret` when a configured secret is not a `whk_` secret
 * @throws {RangeError} when `toleranceSeconds` or `dedupeTtlMs` is out of range
 * @example
 * // Fastify, with a raw-body content type parser:
 * fastify.post('/webhooks', async (req, reply) => {
 *   const result = await processWebhook({ body: req.body, headers: req.headers, context: req }, options);
 *   return reply.code(result.status).send(result.body);
 * });
 * @see service-spec.md section 6, delivery rules
 */
export async function processWebhook<Context>(
  request: WebhookRequestParts<Context>,
  options: ProcessWebhookOptions<Context>,
): Promise<WebhookResult> {
  checkProcessWebhookOptions(options as ProcessWebhookOptions<never>);
  const onError = options.onError ?? defaultOnError;
  let body: string | Uint8Array;
  try {
    body = toRawBody(request.body);
  } catch (error) {
    // The receiver parsed the body before verification: its own bug, so answer 500 and let the sender retry.
    onError(error, { code: 'invalid_body' });
    return fail(500, 'invalid_body', (error as Error).message);
  }

  let event: WebhookEvent;
  try {
    event = await verifyWebhook({
      body,
      headers: request.headers,
      secret: options.secret,
      toleranceSeconds: options.toleranceSeconds,
      clock: options.clock,
      nowSeconds: options.clock ? undefined : options.getNowSeconds?.(),
      cryptoProvider: options.cryptoProvider,
    });
  } catch (error) {
    if (error instanceof WebhookVerificationError) return fail(400, error.code, error.message);
    throw error;
  }

  const handler = options.handlers[event.event] as
    | ((event: WebhookEvent, context: Context) => unknown)
    | undefined;
  if (handler === undefined) {
    return { status: 200, body: { received: true, status: 'ignored', event_id: event.id }, event };
  }

  const dedupe = resolveDedupeStore(options.dedupe);
  if (dedupe) {
    let claimed: boolean;
    try {
      claimed = await dedupe.claim(event.id, options.dedupeTtlMs ?? DEFAULT_DEDUPE_TTL_MS);
    } catch (error) {
      onError(error, { code: 'dedupe_failed', event });
      return fail(
        500,
        'dedupe_failed',
        'The receiver could not reach its dedupe store; the delivery will be retried.',
        event,
      );
    }
    if (!claimed)
      return { status: 200, body: { received: true, status: 'duplicate', event_id: event.id }, event };
  }

  try {
    await handler(event, request.context);
  } catch (error) {
    onError(error, { code: 'handler_failed', event });
    if (dedupe) {
      // Released so that the sender's retry is handled rather than skipped as a duplicate.
      await dedupe
        .release(event.id)
        .catch((releaseError: unknown) => onError(releaseError, { code: 'dedupe_failed', event }));
    }
    return fail(
      500,
      'handler_failed',
      `The receiver's handler for ${event.event} failed; the delivery will be retried.`,
      event,
    );
  }
  return { status: 200, body: { received: true, status: 'handled', event_id: event.id }, event };
}
