import express from 'express';
import { webhookRouter } from '@prospectkit/webhooks/express';
const app = express();
app.use(
  '/webhooks/prospectkit',
  webhookRouter({
    secret: process.env.PROSPECTKIT_WEBHOOK_SECRET!,
    handlers: { 'prospect.created': async (event) => console.log(event.data.company) },
  }),
);
app.listen(3000);
