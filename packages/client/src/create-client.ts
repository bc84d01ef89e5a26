import type { paths } from '@prospectkit/core';
import createFetchClient, { type Client } from 'openapi-fetch';
import { createProspectsResource, type ProspectsResource } from './prospects-resource.js';
import { createRetryFetch, type RequestFetch } from './retry-fetch.js';

/** Options of {@link createClient}. */
export interface ClientOptions {
  /** Base address including `/api/v1`, e.g. `http://localhost:3000/api/v1`. Required. */
  baseUrl: string;
  /** API token, `pkt_...`, sent as `Authorization: Bearer <token>`. Required; never logged or put in errors. */
  token: string;
  /**
   * The fetch that sends requests, called with one `Request`. Default: `globalThis.fetch`, looked up on each
   * request (so a fetch patched later, e.g. by msw, is used).
   */
  fetch?: RequestFetch;
  /** Milliseconds one attempt may take (connect, wait, read the body); each retry gets its own. Default: `30_000`. */
  timeoutMs?: number;
  /** Retries after the first attempt (see `createClient` for which failures are retried); `0` disables them. Default: `2`. */
  maxRetries?: number;
  /**
   * The longest wait before a retry, in milliseconds. A 429 whose `Retry-After` asks for longer is not waited for:
   * it is returned (raw methods) or thrown as `RateLimitError` (resource methods) at once. Default: `60_000`.
   */
  maxRetryDelayMs?: number;
  /** Headers sent with every request; `Authorization` and `Accept` are always the client's own. Default: none. */
  headers?: Record<string, string>;
  /** Sent as `User-Agent` where the runtime allows it (browsers may ignore it). Default: the runtime's own. */
  userAgent?: string;
}

/**
 * A ProspectKit API client: the typed openapi-fetch methods (`GET`, `POST`, `PATCH`, ... resolving to
 * `{data, error, response}`), plus `prospects`, the same operations as methods that return data and throw typed
 * errors. Both go through the client's retries and timeouts.
 */
export type ProspectKitClient = Client<paths> & {
  /** The prospect operations as methods that throw typed errors; see {@link ProspectsResource}. */
  readonly prospects: ProspectsResource;
};

function check(valid: boolean, option: string, rule: string): void {
  if (!valid) throw new TypeError(`[ProspectKit] createClient: \`${option}\` must be ${rule}.`);
}

/**
 * Creates a typed client for the Prospect Management API.
 *
 * Retries: a 429 is retried for every method, after its `Retry-After` (seconds or HTTP-date); 408, 5xx, timeouts
 * and connection errors are retried for GET and PATCH only, never for POST, which is not idempotent. Without
 * `Retry-After` the wait is exponential backoff with jitter (500 ms doubling to 8 s). Waits never exceed
 * `maxRetryDelayMs` and end early when the request's `AbortSignal` aborts.
 *
 * @param options - `baseUrl` and `token` (required), `fetch`, `timeoutMs` (default `30_000`), `maxRetries`
 *   (default `2`), `maxRetryDelayMs` (default `60_000`), `headers`, `userAgent`; see {@link ClientOptions}.
 * @returns The client; see {@link ProspectKitClient}.
 * @throws {TypeError} When `baseUrl` or `token` is empty, or a number option is negative, not finite, or
 *   `timeoutMs` is `0`.
 * @example
 * const client = createClient({ baseUrl: 'http://localhost:3000/api/v1', token: process.env.PROSPECTKIT_TOKEN! });
 * const prospect = await client.prospects.create({ company: 'Acme Ltd' });
 * for await (const p of client.prospects.list({ search: 'acme' })) console.log(p.id, p.company);
 * const { data, error } = await client.GET('/prospects/{id}', { params: { path: { id: prospect.id } } });
 * @see openapi.yaml
 */
export function createClient(options: ClientOptions): ProspectKitClient {
  const { baseUrl, token, timeoutMs = 30_000, maxRetries = 2, maxRetryDelayMs = 60_000, userAgent } = options;
  check(
    typeof baseUrl === 'string' && baseUrl !== '',
    'baseUrl',
    'the API address, e.g. http://localhost:3000/api/v1',
  );
  check(typeof token === 'string' && token !== '', 'token', 'an API token (pkt_...)');
  check(timeoutMs > 0 && timeoutMs < Infinity, 'timeoutMs', 'a positive, finite number of milliseconds');
  check(Number.isInteger(maxRetries) && maxRetries >= 0, 'maxRetries', 'a whole number, 0 or more');
  check(maxRetryDelayMs >= 0 && maxRetryDelayMs < Infinity, 'maxRetryDelayMs', 'a finite number, 0 or more');

  const client = createFetchClient<paths>({
    baseUrl,
    fetch: createRetryFetch({
      fetch: (request) => (options.fetch ?? globalThis.fetch)(request),
      timeoutMs,
      maxRetries,
      maxRetryDelayMs,
    }),
    headers: {
      ...options.headers,
      ...(userAgent ? { 'User-Agent': userAgent } : {}),
      Accept: 'application/json',
      Authorization: `Bearer ${token}`,
    },
  });
  return { ...client, prospects: createProspectsResource(client) };
}
