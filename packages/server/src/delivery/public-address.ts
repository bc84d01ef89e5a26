import ipaddr from 'ipaddr.js';

/** How {@link classifyAddress} sees one IP address. */
export interface AddressClass {
  /** The address in canonical form (`10.0.0.1`, `::1`). */
  address: string;
  /** ipaddr.js's range name (`private`, `loopback`, `linkLocal`, ...), or that of the IPv4 address embedded in a mapped or NAT64 form. */
  range: string;
  /** Whether a webhook may be sent to it: public unicast only. */
  public: boolean;
  /** Whether it reaches this machine's loopback: 127.0.0.0/8, ::1, or the IPv4-mapped form of 127.0.0.0/8. */
  loopback: boolean;
}

// IPv6 global unicast is 2000::/3 (RFC 4291 section 2.4); everything outside it (the IPv4-compatible ::/96,
// discard 100::/64, ...) is refused even when ipaddr.js has no special name for it.
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');
// The NAT64 well-known prefix 64:ff9b::/96 (RFC 6052) and IPv4-mapped ::ffff:0:0/96 (RFC 4291) carry an IPv4
// address in their last 32 bits: they are as safe as that address, so they are judged by it.
const NAT64 = ipaddr.parseCIDR('64:ff9b::/96');

/**
 * Classifies an IP address for the SSRF guard: only public unicast passes. Refused: loopback, private
 * (RFC 1918), link-local (including the cloud metadata address 169.254.169.254), CGNAT 100.64.0.0/10, unique
 * local fc00::/7, multicast, broadcast, unspecified, reserved and documentation ranges, 6to4 and Teredo, and
 * IPv4-mapped or NAT64 forms of any of those.
 *
 * @param address an IPv4 or IPv6 address as a resolver returns it (no brackets, no zone)
 * @returns the class; an unparsable address is never public
 * @example
 * classifyAddress('169.254.169.254'); // { range: 'linkLocal', public: false, ... }
 * @see packages/server/README.md (Webhook delivery: Address safety)
 */
export function classifyAddress(address: string): AddressClass {
  if (!ipaddr.isValid(address)) return { address, range: 'invalid', public: false, loopback: false };
  const original = ipaddr.parse(address);
  let parsed = original;
  let viaNat64 = false;
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
    else if (v6.match(NAT64)) {
      parsed = ipaddr.fromByteArray(v6.toByteArray().slice(12));
      viaNat64 = true;
    }
  }
  const range = parsed.range();
  const isPublic =
    range === 'unicast' && (parsed.kind() === 'ipv4' || (parsed as ipaddr.IPv6).match(GLOBAL_UNICAST_V6));
  // A NAT64 form of 127.0.0.1 goes to the translator, not to this machine: never a loopback receiver.
  return {
    address: original.toString(),
    range,
    public: isPublic,
    loopback: range === 'loopback' && !viaNat64,
  };
}
