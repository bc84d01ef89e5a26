import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyPasswordHash } from './password-hash.js';

/** A hash as the server stored it before argon2id: scrypt N=2^15, r=8, p=1. */
function legacyScryptHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N: 32_768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', 32_768, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

describe('administrator password hashing', () => {
  it('stores a salted argon2id hash at OWASP’s recommended cost that verifies only the same password', async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[\w+/]{22}\$[\w+/]{43}$/);
    expect(hash).not.toContain('correct horse');
    expect(needsRehash(hash)).toBe(false);
    await expect(verifyPasswordHash('correct horse battery staple', hash)).resolves.toBe(true);
    await expect(verifyPasswordHash('correct horse battery stapl', hash)).resolves.toBe(false);
    await expect(verifyPasswordHash('', hash)).resolves.toBe(false);
  });

  it('still verifies a hash stored with scrypt before, and says it needs rehashing', async () => {
    const legacy = legacyScryptHash('correct horse battery staple');
    await expect(verifyPasswordHash('correct horse battery staple', legacy)).resolves.toBe(true);
    await expect(verifyPasswordHash('wrong', legacy)).resolves.toBe(false);
    expect(needsRehash(legacy)).toBe(true);
  });

  it('salts every hash, so the same password hashes differently', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it.each([
    ['another scheme', 'bcrypt$2b$10$abc'],
    ['missing parts', 'scrypt$32768$8$1'],
    ['a broken argon2id hash', '$argon2id$v=19$m=19456,t=2,p=1$abc'],
    ['empty', ''],
  ])('refuses a stored value with %s', async (_name, stored) => {
    await expect(verifyPasswordHash('anything', stored)).resolves.toBe(false);
  });
});
