import { Resolver } from 'node:dns/promises';
import type { DNSResolver } from 'mailauth';

/**
 * The system's DNS, as the sender checks ask it: each question gets 3 s and two tries, so a slow name server
 * delays a message by seconds at most (SPF allows at most 10 lookups, RFC 7208 section 4.6.4).
 *
 * @example
 * const resolver = systemResolver();
 * await resolver('_dmarc.example.com', 'TXT');
 */
export function systemResolver(): DNSResolver {
  const dns = new Resolver({ timeout: 3000, tries: 2 });
  return (name, type) => dns.resolve(name, type) as Promise<string[][] | string[]>;
}
