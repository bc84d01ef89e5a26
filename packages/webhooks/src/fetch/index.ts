/**
 * `@prospectkit/webhooks/fetch`: {@link handleWebhook} turns a fetch `Request` into a `Response`, for Hono,
 * Next.js route handlers, Cloudflare Workers, Deno and Bun.
 *
 * @packageDocumentation
 */
export { type FetchWebhookContext, type HandleWebhookOptions, handleWebhook } from './handle-webhook.js';
