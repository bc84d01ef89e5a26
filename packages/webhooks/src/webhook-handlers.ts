import type { WebhookEventOf, WebhookEventType } from '@prospectkit/core';

/**
 * One async handler per event kind you handle, each given its typed envelope. Kinds without a handler are
 * acknowledged (2xx) and ignored, so the service does not retry them.
 *
 * @typeParam Context - what the adapter passes as the second argument (the Express `req` and `res`, or the
 *   fetch `Request`)
 * @example
 * const handlers: WebhookHandlers = {
 *   'prospect.created': async (event) => { await crm.addLead(event.data.company); },
 *   'opportunity.won': async (event) => { await slack.post(`Won ${event.data.value_minor}`); },
 * };
 * @see openapi.yaml `webhooks` for every kind and its `data`
 */
export type WebhookHandlers<Context = unknown> = {
  [T in WebhookEventType]?: (event: WebhookEventOf<T>, context: Context) => unknown;
};
