import {
  checkProcessWebhookOptions,
  defaultOnError,
  type ProcessWebhookOptions,
  processWebhook,
} from '../process-webhook.js';

/** The second argument of each handler in fetch-style runtimes: the incoming `Request`. */
export interface FetchWebhookContext {
  /** The incoming request; its body has already been read, so read the verified `event` instead. */
  request: Request;
}

/** Options of {@link handleWebhook}: those of `processWebhook`, plus a body size limit. */
export interface HandleWebhookOptions extends ProcessWebhookOptions<FetchWebhookContext> {
  /** Largest accepted body, in bytes; larger ones get 413. Default 1,048,576 (1 MiB); events are far smaller. */
  maxBodyBytes?: number;
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

/** Reads the body as bytes, stopping as soon as it passes `maxBodyBytes`; `undefined` when it is too large. */
async function readBody(request: Request, maxBodyBytes: number): Promise<Uint8Array | undefined> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBodyBytes) return undefined;
  if (request.body === null) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let length = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.length;
    if (length > maxBodyBytes) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0];
  const body = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.length;
  }
  return body;
}

/**
 * Handles one ProspectKit webhook delivery in any fetch-style runtime (Hono, Next.js route handlers, Cloudflare
 * Workers, Deno, Bun): reads the raw bytes, verifies, skips duplicates, runs your typed handler, and answers.
 *
 * Answers 200 `{ received: true, status }` when handled, a duplicate, or of a kind without handler; 400
 * `{ received: false, code, message }` when verification fails; 405 for other methods than POST; 413 past
 * `maxBodyBytes`; 500 when a handler throws (its dedupe claim is released, so the service's retry is handled),
 * the dedupe store fails, or the body was already read.
 *
 * @param request - the incoming request, body unread (`c.req.raw` in Hono)
 * @param options - `{ secret, handlers, dedupe = one in-memory store per process (false: off), dedupeTtlMs = 7 days,
 *   toleranceSeconds = 300, maxBodyBytes = 1 MiB,
 *   onError = console.error, clock = the system clock, cryptoProvider? }`
 * @returns the `Response` to send
 * @throws {WebhookVerificationError} `invalid_secret` when a secret is not a `whk_` secret
 * @throws {RangeError} when `toleranceSeconds`, `dedupeTtlMs` or `maxBodyBytes` is out of range
 * @example
 * // Next.js: app/webhooks/route.ts
 * export const POST = (request: Request) =>
 *   handleWebhook(request, {
 *     secret: process.env.PROSPECTKIT_WEBHOOK_SECRET!,
 *     handlers: { 'opportunity.won': async (event) => notify(event.data.value_minor) },
 *   });
 * @see service-spec.md section 6, delivery rules; `processWebhook`
 */
export async function handleWebhook(request: Request, options: HandleWebhookOptions): Promise<Response> {
  checkProcessWebhookOptions(options as ProcessWebhookOptions<never>);
  const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024;
  if (!Number.isSafeInteger(maxBodyBytes) || maxBodyBytes <= 0) {
    throw new RangeError('[@prospectkit/webhooks] maxBodyBytes must be a positive whole number of bytes.');
  }
  if (request.method !== 'POST') {
    return json(
      405,
      { received: false, code: 'method_not_allowed', message: 'Deliveries are POST requests.' },
      { allow: 'POST' },
    );
  }
  if (request.bodyUsed) {
    const message =
      'The request body was already read before handleWebhook, so the raw bytes the signature covers are gone. Call handleWebhook with the untouched request (c.req.raw in Hono), or pass request.clone() from before the body was read.';
    (options.onError ?? defaultOnError)(new Error(`[@prospectkit/webhooks] ${message}`), {
      code: 'invalid_body',
    });
    return json(500, { received: false, code: 'invalid_body', message });
  }
  const body = await readBody(request, maxBodyBytes);
  if (body === undefined) {
    return json(413, {
      received: false,
      code: 'invalid_body',
      message: `The body is larger than maxBodyBytes (${maxBodyBytes} bytes).`,
    });
  }
  const result = await processWebhook({ body, headers: request.headers, context: { request } }, options);
  return json(result.status, result.body);
}
