import ipaddr from 'ipaddr.js';
import { type HostResolver, systemResolver } from './host-resolver.js';
import { classifyAddress } from './public-address.js';
import { checkWebhookAddress, LOCAL_RECEIVER_HINT, WebhookAddressError } from './webhook-address.js';

/** An address that passed the rule and the SSRF guard, with the IP addresses a connection may use. */
export interface CheckedWebhookAddress {
  /** The normalized address. */
  url: string;
  /** The host name as a connection looks it up (no brackets). */
  hostname: string;
  /** Every address the name resolved to, each allowed; a connection is pinned to these. Empty only under `allowUnresolvable`. */
  addresses: ReadonlyArray<{
    /** An IP address, e.g. `93.184.215.14` or `2606:2800:21f:cb07:6820:80da:af6b:8b2c`. */
    address: string;
    /** 4 or 6. */
    family: 4 | 6;
  }>;
}

/** Options of {@link guardWebhookAddress}. */
export interface GuardOptions {
  /** How names are resolved. Default: the operating system's resolver. */
  resolver?: HostResolver;
  /** `PROSPECTKIT_ALLOW_INSECURE_WEBHOOKS=1`: loopback receivers (and http on them) are allowed. Default `false`. */
  allowInsecure?: boolean;
  /** Gives up the resolution when aborted (the attempt's 10-second budget). */
  signal?: AbortSignal;
  /**
   * Accept a name that does not resolve (yet), with no addresses: registration does, since nothing can be sent
   * to it and the guard runs again before every attempt. Default `false`: refused as `unresolvable`.
   */
  allowUnresolvable?: boolean;
}

/**
 * The whole address check, run at registration and again before every attempt: the address rule, then the SSRF
 * guard. A host name is resolved and refused when any of its addresses is not public unicast (loopback, private,
 * link-local and the metadata address, CGNAT, unique local, multicast, reserved, IPv4-mapped or NAT64 forms of
 * those); a literal IP, in whatever notation the URL parser accepted, is checked as it is. Under
 * `allowInsecure`, loopback addresses, and nothing else, pass as well.
 *
 * @returns the checked address and the IP addresses to pin the connection to
 * @throws {WebhookAddressError} `not_public` when an address is not public, `unresolvable` when the name has no
 *   address, or the address rule's code
 * @example
 * const checked = await guardWebhookAddress('https://hooks.example.com/in');
 * @see openapi.yaml `info.description` (Webhooks); packages/server/README.md (Webhook delivery: Address safety)
 */
export async function guardWebhookAddress(
  address: string,
  options: GuardOptions = {},
): Promise<CheckedWebhookAddress> {
  const allowInsecure = options.allowInsecure === true;
  const url = checkWebhookAddress(address, { allowInsecure });
  const hostname = new URL(url).hostname.replace(/^\[|\]$/g, '');
  let answers: string[];
  try {
    answers = ipaddr.isValid(hostname)
      ? [hostname]
      : await resolve(hostname, options.resolver ?? systemResolver, options.signal);
  } catch (error) {
    if (options.allowUnresolvable === true && (error as WebhookAddressError).code === 'unresolvable')
      return { url, hostname, addresses: [] };
    throw error;
  }
  const addresses = answers.map((answer) => {
    const found = classifyAddress(answer);
    if (!found.public && !(allowInsecure && found.loopback)) {
      throw new WebhookAddressError(
        'not_public',
        `The webhook address ${hostname} ${found.address === hostname ? 'is' : `resolves to ${found.address}, which is`} not a public address (${found.range}). ` +
          'Webhooks are sent only to public unicast addresses' +
          (allowInsecure
            ? '; PROSPECTKIT_ALLOW_INSECURE_WEBHOOKS=1 adds loopback receivers only.'
            : found.loopback
              ? `. ${LOCAL_RECEIVER_HINT}`
              : '.'),
      );
    }
    return { address: found.address, family: ipaddr.parse(found.address).kind() === 'ipv4' ? 4 : 6 } as const;
  });
  return { url, hostname, addresses };
}

async function resolve(hostname: string, resolver: HostResolver, signal?: AbortSignal): Promise<string[]> {
  let answers: string[];
  try {
    signal?.throwIfAborted();
    answers = signal
      ? await Promise.race([
          resolver(hostname),
          new Promise<never>((_, reject) => {
            signal.addEventListener('abort', () => reject(signal.reason), { once: true });
          }),
        ])
      : await resolver(hostname);
  } catch (error) {
    if (signal?.aborted) throw error;
    const code = (error as { code?: string }).code;
    throw new WebhookAddressError(
      'unresolvable',
      `The webhook host ${hostname} could not be resolved${code ? ` (${code})` : ''}. Check the name.`,
    );
  }
  if (answers.length === 0) {
    throw new WebhookAddressError(
      'unresolvable',
      `The webhook host ${hostname} has no address. Check the name.`,
    );
  }
  return answers;
}
