import { type DedupeStore, MemoryDedupeStore, type WebhookEvent } from '@prospectkit/webhooks';
import { webhookRouter } from '@prospectkit/webhooks/express';
import express, { type Express } from 'express';

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
 * An Express app with a JSON API under /api and the ProspectKit webhook receiver under /webhooks/prospectkit.
 * express.json() is mounted for /api only, before the receiver; the receiver reads its own raw body.
 */
export function createApp({
  secret,
  dedupe = new MemoryDedupeStore(),
  onEvent = console.log,
}: ReceiverDeps): Express {
  const app = express();
  app.use('/api', express.json());
  app.post('/api/echo', (req, res) => {
    res.json(req.body);
  });

  app.use(
    '/webhooks/prospectkit',
    webhookRouter({
      secret,
      dedupe,
      handlers: {
        'prospect.created': async (event) => onEvent(event),
        'opportunity.won': async (event) => onEvent(event),
        'conversation.assigned': async (event) => onEvent(event),
      },
    }),
  );
  return app;
}
