import { signWebhookSync } from '@prospectkit/webhooks';
import type { Dispatcher, request as undiciRequest } from 'undici';

/**
 * A replacement for how the worker sends, with undici's `request` signature (tests pass a stub that records or
 * refuses calls). By default the worker does not use it: it dispatches on the pinned pool directly.
 */
export type WebhookRequest = typeof undiciRequest;

/** What one delivery attempt saw. */
export interface AttemptResult {
  /** The response status, or `undefined` when there was none (timeout, network error, refused address). */
  statusCode: number | undefined;
  /** From the start of the attempt (name resolution included) to its end, in ms. */
  durationMs: number;
  /** Why there was no status, e.g. `timeout after 10000 ms`; `null` when a status came back. */
  error: string | null;
  /** The first 1 KB (1024 bytes) of the response body, decoded as UTF-8. */
  responseExcerpt: string | null;
  /** The address rule or the SSRF guard refused the address: nothing was sent and nothing will be retried. */
  refused: boolean;
}

/** Input of {@link sendAttempt}. */
export interface SendAttemptInput {
  url: string;
  secret: string;
  eventId: string;
  eventType: string;
  /** The stored envelope JSON, sent byte for byte on every attempt. */
  body: string;
  /** Unix seconds of this attempt: each attempt is signed afresh, so a late retry still passes the 300 s check. */
  timestampSeconds: number;
  /** `ProspectKit-Webhooks/<version>`. */
  userAgent: string;
  /** Sends through this instead of dispatching on `dispatcher` directly. Default: direct dispatch. */
  request?: WebhookRequest | undefined;
  /** The pinned connection pool. */
  dispatcher: Dispatcher;
  /** Aborts the request when the attempt's total time (10 s) is up. */
  signal: AbortSignal;
  /** `performance.now()` when the attempt began. */
  startedAt: number;
  /** The attempt's total budget in ms, for the error text. */
  timeoutMs: number;
}

/** Bytes of the response body kept in the attempt log. */
export const EXCERPT_BYTES = 1024;

/**
 * POSTs one signed event with the contract's headers; never follows a redirect. Signed with
 * `@prospectkit/webhooks`' `signWebhookSync`, the signer receivers test with, at the attempt's own time.
 *
 * @returns the status (any), or the timeout or network error
 * @throws {WebhookVerificationError} `invalid_secret` only for a stored secret that is not a `whk_` secret (the
 *   server issues none); nothing else throws
 * @see openapi.yaml `webhooks` (delivery headers) and `components.parameters.ServiceSignature`
 */
export async function sendAttempt(input: SendAttemptInput): Promise<AttemptResult> {
  const headers = {
    'Content-Type': 'application/json',
    'User-Agent': input.userAgent,
    'Service-Event-ID': input.eventId,
    'Service-Event': input.eventType,
    ...signWebhookSync({ secret: input.secret, body: input.body, timestampSeconds: input.timestampSeconds }),
  };
  const elapsed = () => Math.round(performance.now() - input.startedAt);
  try {
    const { statusCode, excerpt } = input.request
      ? await postWithRequest(input, headers)
      : await postWithDispatch(input, headers);
    return {
      statusCode,
      durationMs: elapsed(),
      error: null,
      responseExcerpt: excerpt,
      refused: false,
    };
  } catch (error) {
    return {
      statusCode: undefined,
      durationMs: elapsed(),
      error: isTimeout(error) ? `timeout after ${input.timeoutMs} ms` : describeNetworkError(error),
      responseExcerpt: null,
      refused: false,
    };
  }
}

interface Posted {
  statusCode: number;
  excerpt: string;
}

/**
 * The POST as a bare `dispatch` on the pinned pool: no request object, response stream or async iterator per
 * attempt, which halves the client's CPU per delivery next to undici's `request`. An Agent's dispatch never
 * follows a redirect. Once the status has arrived it stands, whatever happens to the body: the first
 * {@link EXCERPT_BYTES} bytes are kept, and the rest is not read (the connection is closed instead).
 */
function postWithDispatch(input: SendAttemptInput, headers: Record<string, string>): Promise<Posted> {
  const { signal } = input;
  if (signal.aborted) return Promise.reject(signal.reason);
  const url = new URL(input.url);
  return new Promise<Posted>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let statusCode: number | undefined;
    let controller: Dispatcher.DispatchController | undefined;
    const onAbort = () => controller?.abort(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    const settle = (error?: Error) => {
      signal.removeEventListener('abort', onAbort);
      if (statusCode !== undefined) {
        resolve({ statusCode, excerpt: Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8') });
      } else reject(error);
    };
    input.dispatcher.dispatch(
      { origin: url.origin, path: `${url.pathname}${url.search}`, method: 'POST', headers, body: input.body },
      {
        onRequestStart(started) {
          controller = started;
          if (signal.aborted) started.abort(signal.reason as Error);
        },
        onResponseStart(_controller, status) {
          // 1xx answers are interim; the final status is the first of 200 or more.
          if (status >= 200) statusCode = status;
        },
        onResponseData(response, chunk) {
          if (size >= EXCERPT_BYTES) return;
          chunks.push(chunk);
          size += chunk.length;
          if (size >= EXCERPT_BYTES) response.abort(new Error('response excerpt complete'));
        },
        onResponseEnd: () => settle(),
        onResponseError: (_controller, error) => settle(error),
      },
    );
  });
}

/** The POST through a {@link WebhookRequest} (undici's `request` or a test's stub). */
async function postWithRequest(input: SendAttemptInput, headers: Record<string, string>): Promise<Posted> {
  const response = await (input.request as WebhookRequest)(input.url, {
    method: 'POST',
    signal: input.signal,
    dispatcher: input.dispatcher,
    headers,
    body: input.body,
  });
  return { statusCode: response.statusCode, excerpt: await readExcerpt(response.body) };
}

/** Whether a request failed because the attempt's time was up (and not because the connection failed first). */
export function isTimeout(error: unknown): boolean {
  const name = (error as Error | undefined)?.name;
  return name === 'TimeoutError' || name === 'AbortError';
}

/** `network error: ECONNREFUSED`, from the deepest `cause` that names a code. */
export function describeNetworkError(error: unknown): string {
  let current = error as { code?: string; message?: string; cause?: unknown } | undefined;
  let code: string | undefined;
  let message = (error as Error).message;
  while (current) {
    code = current.code ?? code;
    if (current.message) message = current.message;
    current = current.cause as typeof current;
  }
  return `network error: ${code ?? message}`;
}

/** The first {@link EXCERPT_BYTES} bytes of a body; what arrived before a timeout when the body stalls. */
async function readExcerpt(body: Dispatcher.ResponseData['body']): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      chunks.push(chunk as Buffer);
      size += (chunk as Buffer).length;
      if (size >= EXCERPT_BYTES) break;
    }
  } catch {
    // The status already decided the attempt; a body cut short by the timeout keeps what arrived.
  } finally {
    // Leaving the loop early ends the body; a body read to its end leaves the connection for reuse.
    if (!body.destroyed && size >= EXCERPT_BYTES) body.destroy();
  }
  return Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8');
}
