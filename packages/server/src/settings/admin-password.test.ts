import { describe, expect, it } from 'vitest';
import { equalSecrets, hashPassword, verifyPasswordHash } from './admin-password.js';

describe('administrator password hashing', () => {
  it('stores a salted scrypt hash that verifies only the same password', async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(hash).not.toContain('correct horse');
    await expect(verifyPasswordHash('correct horse battery staple', hash)).resolves.toBe(true);
    await expect(verifyPasswordHash('correct horse battery stapl', hash)).resolves.toBe(false);
    await expect(verifyPasswordHash('', hash)).resolves.toBe(false);
  });

  it('salts every hash, so the same password hashes differently', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it.each([
    ['another scheme', 'bcrypt$2b$10$abc'],
    ['missing parts', 'scrypt$32768$8$1'],
    ['empty', ''],
  ])('refuses a stored value with %s', async (_name, stored) => {
    await expect(verifyPasswordHash('anything', stored)).resolves.toBe(false);
  });
});

describe('equalSecrets', () => {
  it.each([
    ['equal', 'abc', 'abc', true],
    ['different', 'abc', 'abd', false],
    ['different lengths', 'abc', 'abcd', false],
    ['empty and not', '', 'a', false],
    ['non-ASCII', 'päss', 'päss', true],
  ] as const)('%s', (_name, a, b, want) => {
    expect(equalSecrets(a, b)).toBe(want);
  });
});
