/**
 * `@prospectkit/webhooks/express`: {@link webhookRouter}, an Express router that reads the raw body, verifies,
 * skips duplicates and runs typed handlers. Needs `express` 4 or 5.
 *
 * @packageDocumentation
 */
export { type ExpressWebhookContext, type WebhookRouterOptions, webhookRouter } from './webhook-router.js';
