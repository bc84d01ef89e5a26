import { WebhookVerificationError } from './webhook-verification-error.js';

const SEPARATORS = /[\s,]+/;

/** Value of each of '0'-'9' and 'a'-'f' by char code; -1 for every other code below 128. */
const HEX = new Int8Array(128).fill(-1);
for (let i = 0; i < 16; i++) HEX['0123456789abcdef'.charCodeAt(i)] = i;

/**
 * Decodes one entry, `v1=` plus exactly 64 lowercase hex characters, to its 32 bytes; `undefined` for anything
 * else. Checks and decodes in one pass (no regular expression): this runs on every request.
 */
function decodeEntry(entry: string): Uint8Array | undefined {
  if (
    entry.length !== 67 ||
    entry.charCodeAt(0) !== 0x76 ||
    entry.charCodeAt(1) !== 0x31 ||
    entry.charCodeAt(2) !== 0x3d
  ) {
    return undefined;
  }
  const bytes = new Uint8Array(32);
  for (let i = 0; i < 32; i++) {
    // Char codes of 128 and above (non-ASCII) index past the table and read undefined, refused like -1.
    const high = HEX[entry.charCodeAt(3 + i * 2)] ?? -1;
    const low = HEX[entry.charCodeAt(4 + i * 2)] ?? -1;
    if (high < 0 || low < 0) return undefined;
    bytes[i] = (high << 4) | low;
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
  const single = value.length === 67 ? decodeEntry(value) : undefined;
  if (single !== undefined) return [single];
  const candidates: Uint8Array[] = [];
  for (const entry of value.split(SEPARATORS)) {
    if (entry === '') continue;
    const bytes = decodeEntry(entry);
    if (bytes === undefined) {
      candidates.length = 0;
      break;
    }
    candidates.push(bytes);
  }
  if (candidates.length === 0) {
    throw new WebhookVerificationError(
      'malformed_header',
      'The Service-Signature header must hold entries of "v1=" followed by exactly 64 lowercase hexadecimal characters, separated by commas or spaces. Pass the header unchanged.',
    );
  }
  return candidates;
}
