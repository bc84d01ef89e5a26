import { type DedupeStore, MemoryDedupeStore, type WebhookEvent } from '@prospectkit/webhooks';
import { handleWebhook } from '@prospectkit/webhooks/fetch';
import { Hono } from 'hono';

/** What the app needs from outside, so tests can pass their own. */
export interface ReceiverDeps {
  /** The webhook's signing secret, `whk_...`, or the old and the new one while rotating. */
  secret: string | readonly string[];
  /** Shared by every instance in production (Redis or PostgreSQL). Default: in memory. */
  dedupe?: DedupeStore;
  /** Where handled events go; here, a log line. */
  onEvent?: (event: WebhookEvent) => void | Promise<void>;
}

/**
 * A Hono app receiving ProspectKit webhooks on POST /webhooks/prospectkit. The same app runs on Node (see
 * main.ts), Bun, Deno and Cloudflare Workers; there, read the secret from `c.env` instead.
 */
export function createApp({
  secret,
  dedupe = new MemoryDedupeStore(),
  onEvent = console.log,
}: ReceiverDeps): Hono {
  const app = new Hono();
  app.post('/webhooks/prospectkit', (c) =>
    handleWebhook(c.req.raw, {
      secret,
      dedupe,
      handlers: {
        'prospect.created': async (event) => onEvent(event),
        'opportunity.won': async (event) => onEvent(event),
        'conversation.assigned': async (event) => onEvent(event),
      },
    }),
  );
  app.get('/health', (c) => c.json({ ok: true }));
  return app;
}
