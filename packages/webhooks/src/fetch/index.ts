export { type FetchWebhookContext, type HandleWebhookOptions, handleWebhook } from './handle-webhook.js';
