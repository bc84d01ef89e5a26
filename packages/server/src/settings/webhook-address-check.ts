import { checkWebhookAddress } from '../delivery/webhook-address.js';

/**
 * The one address check of the settings area's webhook form: the server's address rule
 * (`checkWebhookAddress`: https, port 443, no query, fragment or userinfo; http and loopback only with
 * `allowInsecure`). Async on purpose: the delivery worker's SSRF guard (which resolves the host and refuses
 * private, loopback and link-local addresses) belongs here too, so the form refuses what the worker would
 * refuse. Every settings code path that accepts an address calls this function and nothing else.
 *
 * @param options.allowInsecure the development switch `PROSPECTKIT_ALLOW_INSECURE_WEBHOOKS`. Default `false`.
 * @returns the normalized address to store
 * @throws {WebhookAddressError} saying which part of the rule failed
 * @see service spec section 2 (Webhook) and 8 (Limits)
 */
export async function checkWebhookAddressForSettings(
  address: string,
  options: { allowInsecure?: boolean } = {},
): Promise<string> {
  return checkWebhookAddress(address, { allowInsecure: options.allowInsecure === true });
}
