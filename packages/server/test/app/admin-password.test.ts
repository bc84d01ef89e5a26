import { randomBytes, scryptSync } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { checkAdminPassword } from '../../src/app/account/admin-password.js';
import { verifyPasswordHash } from '../../src/app/account/password-hash.js';
import type { Database } from '../../src/db/database.js';
import { openTestDatabase, testDatabaseKinds } from '../../src/testing/index.js';

const PASSWORD = 'generated password of the first start';

describe.each(testDatabaseKinds())('checkAdminPassword (%s)', (kind) => {
  let db: Database | undefined;
  afterEach(async () => {
    await db?.close();
  });

  it('rehashes a password stored with scrypt as argon2id at the next good sign-in, and not at a bad one', async () => {
    db = await openTestDatabase(kind);
    const salt = randomBytes(16);
    const key = scryptSync(PASSWORD, salt, 32, { N: 32_768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
    const legacy = ['scrypt', 32_768, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
    await db.query('insert into settings_admin (id, password_hash, session_secret) values (1, $1, $2)', [
      legacy,
      'secret',
    ]);
    const stored = async () =>
      (await db?.query<{ password_hash: string }>('select password_hash from settings_admin'))?.[0]
        ?.password_hash;

    expect(await checkAdminPassword(db, 'wrong', {})).toEqual({ ok: false, source: 'generated' });
    expect(await stored()).toBe(legacy);

    expect(await checkAdminPassword(db, PASSWORD, {})).toEqual({ ok: true, source: 'generated' });
    const rehashed = await stored();
    expect(rehashed).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    await expect(verifyPasswordHash(PASSWORD, rehashed as string)).resolves.toBe(true);
    expect(await checkAdminPassword(db, PASSWORD, {})).toEqual({ ok: true, source: 'generated' });
  });
});
