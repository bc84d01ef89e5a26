import { verifyWebhook, WebhookVerificationError } from '@prospectkit/webhooks';

const event = await verifyWebhook({
  body: await request.arrayBuffer(), // or req.body under express.raw(), or the raw text; never parsed JSON
  headers: request.headers, // fetch Headers or a plain record; names are case-insensitive
  secret: process.env.PROSPECTKIT_WEBHOOK_SECRET!,
  // toleranceSeconds: 300,          // must be positive: no value turns the check off
  // clock: { now: () => new Date() }, // inject a clock in tests
});
if (event.event === 'prospect.created') console.log(event.data.company); // typed by kind
