import type { Clock } from '@prospectkit/core';
import { backoffDelay } from './backoff-delay.js';
import { parseRetryAfter } from './parse-retry-after.js';
import { AbortError, ConnectionError, ProspectKitError, TimeoutError } from './prospect-kit-error.js';
import { sleep as defaultSleep } from './sleep.js';

/** A fetch that takes one `Request`, the shape openapi-fetch calls. */
export type RequestFetch = (request: Request) => Promise<Response>;

/** Options of {@link createRetryFetch}. */
export interface RetryFetchOptions {
  /** The fetch that sends each attempt. */
  fetch: RequestFetch;
  /** Milliseconds one attempt may take, body included, before it fails with {@link TimeoutError}. */
  timeoutMs: number;
  /** Retries after the first attempt; `0` sends each request once. */
  maxRetries: number;
  /** The longest wait before a retry, in milliseconds; a `Retry-After` asking for more is not waited for. */
  maxRetryDelayMs: number;
  /** Waits before a retry; injectable for tests. Default: a `setTimeout` that the request's signal can abort. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Where the current time is read, for a `Retry-After` date. Default: the system clock. */
  clock?: Clock;
  /** Source of jitter in `[0, 1)`. Default: `Math.random`. */
  random?: () => number;
}

// RFC 9110 section 9.2.2 idempotent methods, plus PATCH: a PATCH here sets fields to the values sent, so
// sending it twice leaves the same state. POST (create, record outcome) is not, so it is never re-sent after
// it may have reached the server.
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE', 'PATCH']);
// The Response methods openapi-fetch reads a body with (`parseAs`), wrapped to end the attempt's timeout.
const BODY_READERS = ['arrayBuffer', 'blob', 'json', 'text'] as const;

/**
 * Wraps a fetch with a per-attempt timeout and the client's retry rules, for openapi-fetch's `fetch` option.
 *
 * Rules: a 429 is retried for every method (the rate limit is checked before anything else, so the request did
 * nothing); 408, 5xx, timeouts and connection errors only for idempotent methods (GET and PATCH in this API),
 * never for POST. The wait is the response's `Retry-After` (seconds or HTTP-date) if any, else exponential backoff
 * with jitter ({@link backoffDelay}), at most `maxRetryDelayMs`; a `Retry-After` over that cap is not waited for.
 * When no retry is left or allowed, the last response is returned as is (openapi-fetch turns it into `error`).
 *
 * @param options - The underlying fetch, `timeoutMs`, `maxRetries`, `maxRetryDelayMs` and test hooks; see
 *   {@link RetryFetchOptions}.
 * The timeout of an attempt covers reading its body: the response's `json()`, `text()`, `arrayBuffer()` and
 * `blob()` end it, and reject with the same typed errors. A failure while reading the final body is not retried.
 *
 * @returns A fetch that resolves with the final response as soon as its headers arrive.
 * @throws {TimeoutError} code `timeout`: the last allowed attempt, or the reading of its body, timed out.
 * @throws {ConnectionError} code `connection`: the last allowed attempt failed, or the connection broke mid-body.
 * @throws {AbortError} code `aborted`: the request's signal aborted, during an attempt, its body or a wait.
 * @example
 * const fetch = createRetryFetch({ fetch: globalThis.fetch, timeoutMs: 30_000, maxRetries: 2, maxRetryDelayMs: 60_000 });
 * const client = createFetchClient<paths>({ baseUrl, fetch });
 */
export function createRetryFetch(options: RetryFetchOptions): RequestFetch {
  const {
    timeoutMs,
    maxRetries,
    maxRetryDelayMs,
    sleep = defaultSleep,
    clock = { now: () => new Date() },
    random = Math.random,
  } = options;

  async function attempt(request: Request, label: string): Promise<Response> {
    const signal = request.signal;
    let timedOut = false;
    // What a failed attempt becomes, whether it failed before the response or while its body was read.
    const failure = (error: unknown) =>
      signal.aborted
        ? new AbortError(`[ProspectKit] ${label} was aborted.`, { cause: signal.reason })
        : timedOut
          ? new TimeoutError(
              `[ProspectKit] ${label} timed out after ${timeoutMs} ms. Raise timeoutMs if it is slow.`,
            )
          : new ConnectionError(
              `[ProspectKit] ${label} failed: ${(error as Error)?.message}. Check baseUrl and the network.`,
              { cause: error },
            );
    if (signal.aborted) throw failure(undefined);
    const controller = new AbortController();
    const onAbort = () => controller.abort(signal.reason);
    signal.addEventListener('abort', onAbort);
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    };
    let response: Response;
    try {
      response = await options.fetch(new Request(request, { signal: controller.signal }));
    } catch (error) {
      done();
      throw failure(error);
    }
    if (!response.body || response.headers.get('Content-Length') === '0') {
      done();
      return response;
    }
    // The timeout also covers reading the body, so it stays armed until one of the body readers that
    // openapi-fetch uses settles. Wrapping them costs far less than buffering the body into a second Response.
    for (const method of BODY_READERS) {
      const read = response[method].bind(response);
      Object.defineProperty(response, method, {
        value: () =>
          read().then(
            (value: unknown) => {
              done();
              return value;
            },
            (error: unknown) => {
              done();
              throw failure(error);
            },
          ),
      });
    }
    return response;
  }

  return async function retryFetch(request: Request): Promise<Response> {
    const { method, signal } = request;
    const label = `${method} ${request.url}`;
    const idempotent = IDEMPOTENT.has(method);
    for (let retry = 0; ; retry++) {
      const last = retry >= maxRetries;
      let delayMs: number;
      try {
        // Each attempt sends a copy, keeping the original's body for the next one.
        const response = await attempt(last || !request.body ? request : request.clone(), label);
        const { status } = response;
        if (last || !(status === 429 || (idempotent && (status === 408 || status >= 500)))) return response;
        const retryAfterMs = parseRetryAfter(response.headers.get('Retry-After'), clock.now().getTime());
        if (retryAfterMs !== undefined && retryAfterMs > maxRetryDelayMs) return response;
        delayMs = retryAfterMs ?? backoffDelay(retry, random);
        // Reading the rest of the discarded body frees the connection for the retry.
        await response.arrayBuffer().catch(() => undefined);
      } catch (error) {
        if (last || !idempotent || error instanceof AbortError || !(error instanceof ProspectKitError))
          throw error;
        delayMs = backoffDelay(retry, random);
      }
      try {
        await sleep(Math.min(delayMs, maxRetryDelayMs), signal);
      } catch {
        throw new AbortError(`[ProspectKit] ${label} was aborted while waiting to retry.`, {
          cause: signal.reason,
        });
      }
    }
  };
}
