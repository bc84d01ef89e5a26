import { type Request, type RequestHandler, type Response, Router, raw as rawParser } from 'express';
import {
  checkProcessWebhookOptions,
  defaultOnError,
  type ProcessWebhookOptions,
  processWebhook,
} from '../process-webhook.js';

/** The second argument of each handler under Express: the request and the response. */
export interface ExpressWebhookContext {
  /** The Express request; its body is the raw bytes the router verified. */
  req: Request;
  /** The Express response; the router answers on it after the handler returns, so do not end it. */
  res: Response;
}

/** Options of {@link webhookRouter}: those of `processWebhook`, plus a body size limit. */
export interface WebhookRouterOptions extends ProcessWebhookOptions<ExpressWebhookContext> {
  /** Largest accepted body, in bytes; larger ones get 413. Default 1,048,576 (1 MiB); events are far smaller. */
  maxBodyBytes?: number;
}

type WithRawBody = Request & { rawBody?: unknown };

const BODY_ALREADY_READ =
  'Another body parser (such as express.json()) read the request body before webhookRouter, so the raw bytes the signature covers are gone. Mount webhookRouter before express.json(), or mount express.json() only on other paths, or keep the bytes with express.json({ verify: (req, _res, buf) => { req.rawBody = buf; } }).';

/** The raw body, read here unless another middleware kept it; `undefined` when it was parsed and lost. */
async function readRawBody(req: Request, res: Response, raw: RequestHandler): Promise<unknown> {
  if (req.body instanceof Uint8Array || typeof req.body === 'string') return req.body;
  const { rawBody } = req as WithRawBody;
  if (rawBody instanceof Uint8Array || typeof rawBody === 'string') return rawBody;
  // body-parser 1 (Express 4) marks what it parsed with `_body`; either version leaves the stream ended. A body
  // parser that skipped this request (another content type) may have set `req.body = {}` without reading it.
  if ((req as { _body?: unknown })._body === true || req.readableEnded) return undefined;
  await new Promise<void>((resolve, reject) =>
    raw(req, res, (error?: unknown) => (error ? reject(error) : resolve())),
  );
  // body-parser reads nothing when the request has no body at all.
  return req.body instanceof Uint8Array ? req.body : new Uint8Array(0);
}

/**
 * An Express router that verifies ProspectKit webhook deliveries on `POST /`, skips duplicates and runs your
 * typed handlers. It reads the raw body itself, so it works when `express.json()` is mounted on other paths, or
 * globally when that parser keeps `req.rawBody` (see the README).
 *
 * Answers 200 `{ received: true, status }` when handled, a duplicate, or of a kind without handler; 400
 * `{ received: false, code, message }` when verification fails; 413 past `maxBodyBytes`; 500 when a handler
 * throws (its dedupe claim is released, so the service's retry is handled) or the dedupe store fails.
 *
 * @param options - `{ secret, handlers, dedupe = one in-memory store per process (false: off), dedupeTtlMs = 7 days,
 *   toleranceSeconds = 300, maxBodyBytes = 1 MiB,
 *   onError = console.error, clock = the system clock, cryptoProvider? }`
 * @returns a `Router`; mount it with `app.use('/webhooks/prospectkit', router)`
 * @throws {WebhookVerificationError} `invalid_secret` at creation when a secret is not a `whk_` secret
 * @throws {RangeError} at creation when `toleranceSeconds`, `dedupeTtlMs` or `maxBodyBytes` is out of range
 * @example
 * import express from 'express';
 * import { webhookRouter } from '@prospectkit/webhooks/express';
 * const app = express();
 * app.use('/webhooks', webhookRouter({
 *   secret: process.env.PROSPECTKIT_WEBHOOK_SECRET!,
 *   handlers: { 'prospect.created': async (event) => console.log(event.data.company) },
 * }));
 * @see service-spec.md section 6, delivery rules; `processWebhook` for other frameworks
 */
export function webhookRouter(options: WebhookRouterOptions): Router {
  checkProcessWebhookOptions(options as ProcessWebhookOptions<never>);
  const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024;
  if (!Number.isSafeInteger(maxBodyBytes) || maxBodyBytes <= 0) {
    throw new RangeError('[@prospectkit/webhooks] maxBodyBytes must be a positive whole number of bytes.');
  }
  // Any content type: the signature, not the header, decides whether the body is trusted.
  const raw = rawParser({ type: () => true, limit: maxBodyBytes });
  const router = Router();

  async function handle(req: Request, res: Response): Promise<void> {
    let body: unknown;
    try {
      body = await readRawBody(req, res, raw);
    } catch (error) {
      const status = (error as { status?: number }).status;
      const message =
        status === 413
          ? `The body is larger than maxBodyBytes (${maxBodyBytes} bytes).`
          : 'The request body could not be read.';
      res
        .status(status === 413 || status === 415 ? status : 400)
        .json({ received: false, code: 'invalid_body', message });
      return;
    }
    if (body === undefined) {
      (options.onError ?? defaultOnError)(new Error(`[@prospectkit/webhooks] ${BODY_ALREADY_READ}`), {
        code: 'invalid_body',
      });
      res.status(500).json({ received: false, code: 'invalid_body', message: BODY_ALREADY_READ });
      return;
    }
    const result = await processWebhook({ body, headers: req.headers, context: { req, res } }, options);
    res.status(result.status).json(result.body);
  }

  // Passed to next() rather than returned, so that Express 4, which ignores returned promises, sees errors too.
  router.post('/', (req, res, next) => {
    handle(req, res).catch(next);
  });
  return router;
}
