/** Thrown when a webhook address breaks the address rule. */
export class WebhookAddressError extends Error {
  override readonly name = 'WebhookAddressError';
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Checks a webhook address against the service's rule: `https`, port 443 (explicit or implied), no query,
 * fragment or userinfo. With `allowInsecure` (the development switch `PROSPECTKIT_ALLOW_INSECURE_WEBHOOKS=1`),
 * `http` and any port are allowed on loopback hosts only.
 *
 * @returns the normalized address
 * @throws {WebhookAddressError} saying which part of the rule failed
 * @see service spec section 2 (Webhook) and 8 (Limits)
 */
export function checkWebhookAddress(address: string, options: { allowInsecure?: boolean } = {}): string {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new WebhookAddressError('The webhook address must be an absolute https:// URL.');
  }
  const loopbackDev = options.allowInsecure === true && LOOPBACK_HOSTS.has(url.hostname);
  if (url.protocol !== 'https:' && !(loopbackDev && url.protocol === 'http:')) {
    throw new WebhookAddressError('The webhook address must use https.');
  }
  if (url.port !== '' && url.port !== '443' && !loopbackDev) {
    throw new WebhookAddressError('The webhook address must use port 443.');
  }
  if (url.search !== '' || address.includes('?'))
    throw new WebhookAddressError('The webhook address must not have a query string.');
  if (url.hash !== '' || address.includes('#'))
    throw new WebhookAddressError('The webhook address must not have a fragment.');
  if (url.username !== '' || url.password !== '') {
    throw new WebhookAddressError('The webhook address must not carry a user name or password.');
  }
  return url.toString();
}
