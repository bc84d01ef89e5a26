import { EVENT_TYPES, type EventType } from '@prospectkit/core';
import { WebhookAddressError } from '../../delivery/webhook-address.js';
import { type FormBody, type FormResult, listOf, textOf } from '../shared/form-body.js';

/** The webhook form as the user filled it in. */
export interface WebhookFormValues {
  url: string;
  events: string[];
}

/** A checked webhook form: what `createWebhook` needs. */
export interface WebhookFormValue {
  url: string;
  events: EventType[];
}

/** Longest webhook address accepted, in characters. */
export const MAX_WEBHOOK_URL_LENGTH = 2048;

/**
 * Checks the webhook form: an address that passes `checkAddress` (the server's rule and SSRF guard, see
 * `checkWebhookAddressForSettings`) and at least one known event.
 *
 * @param checkAddress returns the normalized address or throws `WebhookAddressError` saying what is wrong
 * @see openapi.yaml `info.description` (Webhooks) and `webhooks`
 */
export async function parseWebhookForm(
  body: FormBody | undefined,
  checkAddress: (address: string) => Promise<string>,
): Promise<FormResult<WebhookFormValue, WebhookFormValues>> {
  const values: WebhookFormValues = { url: textOf(body, 'url'), events: listOf(body, 'events') };
  const errors: Record<string, string> = {};
  const address = values.url.trim();
  let url = '';
  if (address === '') errors.url = 'Enter the https address that receives the events.';
  else if (address.length > MAX_WEBHOOK_URL_LENGTH)
    errors.url = `The address must be at most ${MAX_WEBHOOK_URL_LENGTH} characters.`;
  else {
    try {
      url = await checkAddress(address);
    } catch (error) {
      if (!(error instanceof WebhookAddressError)) throw error;
      errors.url = error.message;
    }
  }
  const unknown = values.events.filter((e) => !EVENT_TYPES.includes(e as EventType));
  if (values.events.length === 0) errors.events = 'Choose at least one event.';
  else if (unknown.length > 0) errors.events = `Unknown event: ${unknown.join(', ')}.`;
  if (Object.keys(errors).length > 0) return { ok: false, errors, values };
  return { ok: true, values, value: { url, events: [...new Set(values.events)] as EventType[] } };
}
