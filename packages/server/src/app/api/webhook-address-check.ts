import { guardWebhookAddress } from '../../delivery/guard-webhook-address.js';

/**
 * The one address check of the settings area's webhook form: the same as registration through the CLI and
 * before every attempt, the address rule (https, port 443, no query, fragment or userinfo) and the SSRF guard
 * (the host is resolved and refused when any address is not public unicast), so the form refuses what the
 * worker would refuse. A name that does not resolve yet is accepted, as at registration: the guard runs again
 * before every attempt. Every settings code path that accepts an address calls this function and nothing else.
 *
 * @param options.allowInsecure the development switch `PROSPECTKIT_ALLOW_INSECURE_WEBHOOKS`. Default `false`.
 * @returns the normalized address to store
 * @throws {WebhookAddressError} saying which part of the rule failed
 * @see openapi.yaml `info.description` (Webhooks); packages/server/README.md (Webhook delivery: Address safety)
 */
export async function checkWebhookAddressForSettings(
  address: string,
  options: { allowInsecure?: boolean } = {},
): Promise<string> {
  const checked = await guardWebhookAddress(address, {
    allowInsecure: options.allowInsecure === true,
    allowUnresolvable: true,
  });
  return checked.url;
}
