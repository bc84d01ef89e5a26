import { Hono } from 'hono';
import { handleWebhook } from '@prospectkit/webhooks/fetch';
const app = new Hono<{ Bindings: { PROSPECTKIT_WEBHOOK_SECRET: string } }>();
app.post('/webhooks/prospectkit', (c) =>
  handleWebhook(c.req.raw, {
    secret: c.env.PROSPECTKIT_WEBHOOK_SECRET,
    handlers: { 'opportunity.won': async (event) => console.log(event.data.value_minor) },
  }),
);
export default app;
