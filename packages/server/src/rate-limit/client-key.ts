import ipaddr from 'ipaddr.js';

/**
 * The client key: its address, with IPv4-mapped IPv6 folded to IPv4 and other IPv6 addresses grouped by /64
 * (one host usually owns a whole /64, so single addresses would be free to rotate).
 */
export function clientKey(ip: string | undefined): string {
  if (!ip || !ipaddr.isValid(ip)) return 'unknown';
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const bytes = address.toByteArray().slice(0, 8);
  return `${ipaddr.fromByteArray([...bytes, 0, 0, 0, 0, 0, 0, 0, 0]).toString()}/64`;
}
