/** Lowercase hex of each byte value, so formatting a MAC is 32 lookups. */
const HEX_BYTES = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/**
 * What the signature covers, `<timestamp>.` then the raw body, as the parts `CryptoProvider.hmacSha256`
 * hashes in order. Signing and verification both build it here.
 *
 * @param timestamp the `Service-Timestamp` header's value, e.g. `'1732240000'`
 * @param body the raw body: a string (hashed as UTF-8) or bytes (hashed as they are)
 * @see openapi.yaml `components.parameters.ServiceSignature`
 */
export function signedMessage(timestamp: string, body: string | Uint8Array): [string, string | Uint8Array] {
  return [`${timestamp}.`, body];
}

/**
 * A `Service-Signature` entry: `v1=` plus the 32-byte MAC as 64 lowercase hex characters.
 *
 * @see openapi.yaml `components.parameters.ServiceSignature`
 */
export function formatSignature(mac: Uint8Array): string {
  let hex = 'v1=';
  for (let i = 0; i < mac.length; i++) hex += HEX_BYTES[mac[i] as number];
  return hex;
}
