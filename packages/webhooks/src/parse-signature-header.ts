import { WebhookVerificationError } from './webhook-verification-error.js';

const ENTRY = /^v1=[0-9a-f]{64}$/;
const SEPARATORS = /[\s,]+/;

/** Value of each of '0'-'9' and 'a'-'f' by char code, -1 elsewhere. */
const HEX = new Int8Array(128).fill(-1);
for (let i = 0; i < 16; i++) HEX['0123456789abcdef'.charCodeAt(i)] = i;

function decodeHex(hex: string, start: number): Uint8Array {
  const bytes = new Uint8Array((hex.length - start) / 2);
  for (let i = 0; i < bytes.length; i++) {
    const at = start + i * 2;
    bytes[i] = ((HEX[hex.charCodeAt(at)] as number) << 4) | (HEX[hex.charCodeAt(at + 1)] as number);
  }
  return bytes;
}

/**
 * Splits `Service-Signature` into its entries (comma- or white-space-separated) and decodes each to its 32 bytes.
 *
 * @throws {WebhookVerificationError} `malformed_header` when any entry is not `v1=` plus 64 lowercase hex
 * @see openapi.yaml `components.parameters.ServiceSignature`
 */
export function parseSignatureHeader(value: string): Uint8Array[] {
  // The common case, one entry, skips the split.
  const entries = value.length === 67 ? [value] : value.split(SEPARATORS).filter((entry) => entry !== '');
  if (entries.length === 0 || !entries.every((entry) => ENTRY.test(entry))) {
    throw new WebhookVerificationError(
      'malformed_header',
      'The Service-Signature header must hold entries of "v1=" followed by exactly 64 lowercase hexadecimal characters, separated by commas or spaces. Pass the header unchanged.',
    );
  }
  return entries.map((entry) => decodeHex(entry, 3));
}
