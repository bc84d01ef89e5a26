import { webhookRouter } from '@prospectkit/webhooks/express';

webhookRouter({ secret: [process.env.WEBHOOK_SECRET_NEW!, process.env.WEBHOOK_SECRET_OLD!], handlers });
