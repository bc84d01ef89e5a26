// npm start -w examples/receiver-hono, with PROSPECTKIT_WEBHOOK_SECRET=whk_...
import { serve } from '@hono/node-server';
import { createApp } from './app.js';

const secret = process.env.PROSPECTKIT_WEBHOOK_SECRET;
if (!secret) {
  console.error('Set PROSPECTKIT_WEBHOOK_SECRET to the webhook signing secret (whk_...).');
  process.exit(1);
}

const port = Number(process.env.PORT ?? 3000);
serve({ fetch: createApp({ secret }).fetch, port }, () => {
  console.log(`Receiving ProspectKit webhooks on http://localhost:${port}/webhooks/prospectkit`);
});
