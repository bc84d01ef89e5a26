import ipaddr from 'ipaddr.js';

/** Why a webhook address was refused. */
export type WebhookAddressErrorCode =
  | 'invalid_url'
  | 'not_https'
  | 'not_port_443'
  | 'has_query'
  | 'has_fragment'
  | 'has_userinfo'
  | 'unresolvable'
  | 'not_public';

/** Thrown when a webhook address breaks the address rule or the SSRF guard; `message` says how to fix it. */
export class WebhookAddressError extends Error {
  /** The class name, `'WebhookAddressError'`. */
  override readonly name = 'WebhookAddressError';
  constructor(
    /** Which part of the rule the address breaks; stable across versions. */
    readonly code: WebhookAddressErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** Said when a loopback address is refused because the development switch is off. */
export const LOCAL_RECEIVER_HINT =
  'For a receiver on this machine, in development only, start the server with PROSPECTKIT_ALLOW_INSECURE_WEBHOOKS=1.';

/**
 * Whether a URL's host names this machine by a loopback name or literal: `localhost`, `127.0.0.0/8`, `[::1]`.
 * Only these may use http or another port, and only under `PROSPECTKIT_ALLOW_INSECURE_WEBHOOKS=1`.
 */
export function isLoopbackHost(hostname: string): boolean {
  if (hostname === 'localhost') return true;
  const bare = hostname.replace(/^\[|\]$/g, '');
  return ipaddr.isValid(bare) && ipaddr.process(bare).range() === 'loopback';
}

/**
 * Checks a webhook address against the service's rule: `https`, port 443 (explicit or implied), no query,
 * fragment or userinfo. With `allowInsecure` (the development switch `PROSPECTKIT_ALLOW_INSECURE_WEBHOOKS=1`),
 * `http` and any port are allowed on loopback hosts only. This is the syntax half of the rule; the SSRF guard
 * (`guardWebhookAddress`) adds where the name resolves to.
 *
 * @param address the address as given, e.g. `https://hooks.example.com/prospectkit`
 * @param options.allowInsecure allow `http` and any port on loopback hosts. Default `false`.
 * @returns the normalized address (WHATWG URL serialization: literal IPs in any notation become canonical)
 * @throws {WebhookAddressError} with a `code` saying which part of the rule failed
 * @example
 * checkWebhookAddress('https://hooks.example.com/in'); // 'https://hooks.example.com/in'
 * @see openapi.yaml `info.description` (Webhooks: a webhook's address)
 */
export function checkWebhookAddress(address: string, options: { allowInsecure?: boolean } = {}): string {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new WebhookAddressError('invalid_url', 'The webhook address must be an absolute https:// URL.');
  }
  const loopback = isLoopbackHost(url.hostname);
  const loopbackDev = options.allowInsecure === true && loopback;
  // A local receiver is what a developer tries first: say how to allow it (the README, "Receiving webhooks locally").
  const hint = loopback && !loopbackDev ? ` ${LOCAL_RECEIVER_HINT}` : '';
  if (url.protocol !== 'https:' && !(loopbackDev && url.protocol === 'http:')) {
    throw new WebhookAddressError('not_https', `The webhook address must use https.${hint}`);
  }
  if (url.port !== '' && url.port !== '443' && !loopbackDev) {
    throw new WebhookAddressError('not_port_443', `The webhook address must use port 443.${hint}`);
  }
  if (url.search !== '' || address.includes('?'))
    throw new WebhookAddressError('has_query', 'The webhook address must not have a query string.');
  if (url.hash !== '' || address.includes('#'))
    throw new WebhookAddressError('has_fragment', 'The webhook address must not have a fragment.');
  if (url.username !== '' || url.password !== '') {
    throw new WebhookAddressError(
      'has_userinfo',
      'The webhook address must not carry a user name or password.',
    );
  }
  return url.toString();
}
