// npm start -w examples/receiver-express, with PROSPECTKIT_WEBHOOK_SECRET=whk_... and optionally REDIS_URL.
import type { DedupeStore } from '@prospectkit/webhooks';
import { RedisDedupeStore } from '@prospectkit/webhooks/redis';
import { createClient } from 'redis';
import { createApp } from './app.js';

const secret = process.env.PROSPECTKIT_WEBHOOK_SECRET;
if (!secret) {
  console.error('Set PROSPECTKIT_WEBHOOK_SECRET to the webhook signing secret (whk_...).');
  process.exit(1);
}

let dedupe: DedupeStore | undefined;
if (process.env.REDIS_URL) {
  // Shared by every instance, so a redelivery that reaches another instance is skipped too.
  dedupe = new RedisDedupeStore({ client: await createClient({ url: process.env.REDIS_URL }).connect() });
}

const port = Number(process.env.PORT ?? 3000);
createApp({ secret, dedupe }).listen(port, () => {
  console.log(`Receiving ProspectKit webhooks on http://localhost:${port}/webhooks/prospectkit`);
});
