import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Constant-time equality of two strings of any length (compares their SHA-256 digests), for passwords and CSRF
 * tokens.
 *
 * @example
 * equalSecrets(sent, expected); // true only when the strings are equal
 */
export function equalSecrets(a: string, b: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(a), digest(b));
}
