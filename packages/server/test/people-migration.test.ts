import { randomBytes, scryptSync } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { checkPassword } from '../src/app/account/check-password.js';
import type { Database } from '../src/db/database.js';
import { MIGRATIONS, migrate } from '../src/db/migrations.js';
import { createPgliteDatabase } from '../src/db/pglite-database.js';
import { ensureOwner } from '../src/people/ensure-owner.js';
import { listMembers } from '../src/store/members.js';
import { findPersonByEmail } from '../src/store/people.js';

const ADMIN_PASSWORD = 'the administrator password of before';

/** An installation as it was before people (migrations 1-13): an administrator hash (scrypt, older still), a teammate, a session. */
async function installationBeforePeople(): Promise<Database> {
  const db = await createPgliteDatabase();
  await db.query(
    'create table schema_migrations (version integer primary key, name text not null, applied_at timestamptz not null default now())',
  );
  for (const m of MIGRATIONS.filter((m) => m.version < 17)) {
    for (const statement of m.sql
      .split(/;\s*(?:\n|$)/)
      .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
      .filter(Boolean))
      await db.query(statement);
    await db.query('insert into schema_migrations (version, name) values ($1, $2)', [m.version, m.name]);
  }
  const salt = randomBytes(16);
  const key = scryptSync(ADMIN_PASSWORD, salt, 32, { N: 32_768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  const legacy = ['scrypt', 32_768, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
  await db.query(`insert into settings_admin (id, password_hash, session_secret) values (1, $1, 'secret')`, [
    legacy,
  ]);
  await db.query(`insert into workspaces (id, name) values ('ws_01', 'Acme'), ('ws_02', 'Globex')`);
  await db.query(
    `insert into teammates (id, workspace_id, name, email) values ('tm_ANA', 'ws_01', 'Ana', 'Ana@Example.com'), ('tm_ANA2', 'ws_02', 'Ana L', 'ana@example.com')`,
  );
  await db.query(
    `insert into settings_sessions (sid, data, expires_at) values ('x', '{"signedIn":true}', now() + interval '1 hour')`,
  );
  return db;
}

describe('migration 17: the administrator becomes the owner, teammates become members', () => {
  let db: Database | undefined;
  afterAll(async () => db?.close());

  it('keeps the administrator password as the owner’s, owner of every workspace; ends old sessions; keeps tm_ ids', async () => {
    db = await installationBeforePeople();
    expect(await migrate(db)).toEqual(MIGRATIONS.filter((m) => m.version >= 17).map((m) => m.version));
    const owner = await findPersonByEmail(db, 'owner@localhost');
    expect(owner).toMatchObject({ installation_owner: true, has_password: true });
    expect(owner?.id).toMatch(/^psn_[0-9A-F]{26}$/);
    for (const ws of ['ws_01', 'ws_02']) {
      const members = await listMembers(db, ws);
      expect(members.find((m) => m.person_id === owner?.id)?.role).toBe('owner');
    }
    // One person for Ana's two teammate rows; her tm_ ids stay, as members without a password yet.
    const ana = await findPersonByEmail(db, 'ana@example.com');
    expect((await listMembers(db, 'ws_01')).find((m) => m.id === 'tm_ANA')).toMatchObject({
      person_id: ana?.id,
      role: 'member',
      active: false,
    });
    expect((await listMembers(db, 'ws_02')).find((m) => m.id === 'tm_ANA2')?.person_id).toBe(ana?.id);
    expect(await db.query('select sid from settings_sessions')).toEqual([]);
    // The old password signs the owner in (and the scrypt hash is replaced by argon2id then).
    expect(await checkPassword(db, owner, 'not it')).toBe(false);
    expect(await checkPassword(db, owner, ADMIN_PASSWORD)).toBe(true);
    expect(
      (
        await db.query<{ password_hash: string }>('select password_hash from people where id = $1', [
          owner?.id,
        ])
      )[0]?.password_hash,
    ).toMatch(/^\$argon2id\$/);
    // A later start with PROSPECTKIT_OWNER_EMAIL moves the owner from the local default to it.
    expect(
      (await ensureOwner(db, { email: 'boss@example.com', password: undefined, generate: true })).email,
    ).toBe('boss@example.com');
    expect(await findPersonByEmail(db, 'owner@localhost')).toBeUndefined();
  });
});
