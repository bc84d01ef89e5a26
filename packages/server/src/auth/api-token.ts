import { createHash, randomInt } from 'node:crypto';
import { crc32 } from 'node:zlib';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const TOKEN_PATTERN = /^pkt_([0-9A-Za-z]{30})([0-9A-Za-z]{6})$/;

function randomBase62(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += BASE62[randomInt(62)];
  return out;
}

function base62(value: number, width: number): string {
  let out = '';
  let rest = value;
  while (rest > 0) {
    out = BASE62[rest % 62] + out;
    rest = Math.floor(rest / 62);
  }
  return out.padStart(width, '0');
}

function checksum(body: string): string {
  return base62(crc32(body) >>> 0, 6);
}

/**
 * A new API token: `pkt_` + 30 random base62 characters + a 6-character base62 CRC32 of those 30.
 * Shown once; only {@link hashApiToken} of it is stored.
 * @see openapi.yaml `info.description` (Authentication)
 */
export function generateApiToken(): string {
  const body = randomBase62(30);
  return `pkt_${body}${checksum(body)}`;
}

/** Whether `token` has the token shape and a matching checksum (typos fail fast, before any lookup). */
export function isWellFormedApiToken(token: string): boolean {
  const match = TOKEN_PATTERN.exec(token);
  return match !== null && checksum(match[1] as string) === match[2];
}

/** SHA-256 hex of the token: what the database stores instead of the token. */
export function hashApiToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new webhook signing secret: `whk_` + 32 random base62 characters. */
export function generateSigningSecret(): string {
  return `whk_${randomBase62(32)}`;
}
