import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { type Algorithm, hash, verify } from '@node-rs/argon2';

/**
 * argon2id at OWASP's recommended cost (Password Storage Cheat Sheet): 19 MiB of memory, 2 passes, 1 lane, a
 * 32-byte key and a 16-byte salt, in the PHC string format (`$argon2id$v=19$m=19456,t=2,p=1$<salt>$<key>`).
 */
const ARGON2ID = {
  // `Algorithm.Argon2id`; the enum is a `const enum`, which this project's `verbatimModuleSyntax` cannot read.
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
  outputLen: 32,
} as const;
const CURRENT_PREFIX = `$argon2id$v=19$m=${ARGON2ID.memoryCost},t=${ARGON2ID.timeCost},p=${ARGON2ID.parallelism}$`;

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

/**
 * Hashes a password for storage with argon2id (see {@link ARGON2ID}); never stores the password itself.
 *
 * @param password the password, any length
 * @returns a PHC string, `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<key>`
 * @example
 * await hashPassword('correct horse battery staple'); // '$argon2id$v=19$m=19456,t=2,p=1$...'
 */
export async function hashPassword(password: string): Promise<string> {
  return hash(password, { ...ARGON2ID, salt: randomBytes(16) });
}

/**
 * Whether `password` matches a stored hash: an argon2id PHC string made by {@link hashPassword}, or an older
 * `scrypt$N$r$p$<salt>$<key>` hash (base64url) from before argon2id. Compares in constant time; a malformed
 * stored value is a mismatch, never an error.
 */
export async function verifyPasswordHash(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith('$argon2id$')) return verify(stored, password).catch(() => false);
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 64 * 1024 * 1024,
  }).catch(() => undefined);
  return actual !== undefined && timingSafeEqual(actual, expected);
}

/** Whether a stored hash was made with another scheme or cost than {@link hashPassword}'s, so it should be redone. */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith(CURRENT_PREFIX);
}
