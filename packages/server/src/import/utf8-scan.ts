import { isUtf8 } from 'node:buffer';

/**
 * Checks a byte stream is UTF-8, piece by piece: a character split between two pieces is carried over to the
 * next one. Overlong forms, surrogates and code points past U+10FFFF are invalid, as the WHATWG decoder says.
 */
export function createUtf8Scan() {
  let carry = new Uint8Array(0);
  return {
    /** The offset in `piece` of the first byte of an invalid sequence, or -1 when valid so far. */
    push(piece: Uint8Array): number {
      if (carry.length === 0 && isUtf8(piece)) return -1;
      const bytes = carry.length === 0 ? piece : Buffer.concat([carry, piece]);
      const { invalidAt, tail } = scan(bytes);
      if (invalidAt >= 0) return Math.max(0, invalidAt - carry.length);
      carry = bytes.slice(bytes.length - tail);
      return -1;
    },
    /** Whether the stream ended inside a character. */
    endsInsideCharacter: () => carry.length > 0,
  };
}

function scan(b: Uint8Array): { invalidAt: number; tail: number } {
  let i = 0;
  while (i < b.length) {
    const c = b[i] as number;
    if (c < 0x80) {
      i += 1;
      continue;
    }
    const length = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
    if (length === 0) return { invalidAt: i, tail: 0 };
    const second = b[i + 1];
    if (second !== undefined) {
      const low = c === 0xe0 ? 0xa0 : c === 0xf0 ? 0x90 : 0x80;
      const high = c === 0xed ? 0x9f : c === 0xf4 ? 0x8f : 0xbf;
      if (second < low || second > high) return { invalidAt: i, tail: 0 };
    }
    for (let k = 2; k < length && i + k < b.length; k += 1)
      if (((b[i + k] as number) & 0xc0) !== 0x80) return { invalidAt: i, tail: 0 };
    if (i + length > b.length) return { invalidAt: -1, tail: b.length - i };
    i += length;
  }
  return { invalidAt: -1, tail: 0 };
}
