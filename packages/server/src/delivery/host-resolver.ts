import { lookup } from 'node:dns/promises';

/**
 * Resolves a host name to every IP address it has (IPv4 and IPv6, as strings). The SSRF guard checks each one;
 * tests inject their own so that no lookup leaves the machine.
 *
 * @example
 * const resolver: HostResolver = async (name) => (name === 'hooks.example.test' ? ['93.184.216.34'] : []);
 */
export type HostResolver = (hostname: string) => Promise<string[]>;

/** The operating system's resolver (`getaddrinfo`, so `/etc/hosts` counts), every address in its own order. */
export const systemResolver: HostResolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);
