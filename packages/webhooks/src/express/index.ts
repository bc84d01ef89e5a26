export { type ExpressWebhookContext, type WebhookRouterOptions, webhookRouter } from './webhook-router.js';
