import type { Sql } from '../db/database.js';

// The one row (id 1) of `settings_admin`: the administrator password's hash, when one was generated, and the
// secret that signs the settings session cookie. Every read and write of the table is here.

/**
 * The stored administrator password hash (argon2id, or scrypt from before), if one was generated.
 *
 * @param db - the database or a transaction
 * @returns the hash in PHC form, or `undefined` when none is stored
 */
export async function readAdminPasswordHash(db: Sql): Promise<string | undefined> {
  const [row] = await db.query<{ password_hash: string | null }>(
    'select password_hash from settings_admin where id = 1',
  );
  return row?.password_hash ?? undefined;
}

/**
 * Replaces the stored hash with `hash` only while it is still `previous`, so that of several instances
 * rehashing at the same sign-in one write wins and the others change nothing.
 *
 * @param db - the database or a transaction
 * @param input - `hash`, the new hash; `previous`, the hash it replaces
 */
export async function replaceAdminPasswordHash(
  db: Sql,
  input: { hash: string; previous: string },
): Promise<void> {
  await db.query('update settings_admin set password_hash = $1 where id = 1 and password_hash = $2', [
    input.hash,
    input.previous,
  ]);
}

/**
 * Stores the first administrator password hash, creating the row (with `sessionSecret`) if it is missing; does
 * nothing when a hash is stored already, so of several instances starting at once exactly one stores its own.
 *
 * @param db - the database or a transaction
 * @param input - `hash`, the new hash; `sessionSecret`, used only when the row is new
 * @returns whether this call stored its hash
 */
export async function storeFirstAdminPasswordHash(
  db: Sql,
  input: { hash: string; sessionSecret: string },
): Promise<boolean> {
  const rows = await db.query(
    `insert into settings_admin (id, password_hash, session_secret) values (1, $1, $2)
     on conflict (id) do update set password_hash = excluded.password_hash where settings_admin.password_hash is null
     returning id`,
    [input.hash, input.sessionSecret],
  );
  return rows.length > 0;
}

/**
 * The secret that signs the settings session cookie: `candidate` when the row is new, else the one stored
 * first, so every instance and every restart agrees.
 *
 * @param db - the database or a transaction
 * @param candidate - a new random secret, kept only if no secret is stored yet
 * @returns the stored secret
 */
export async function ensureSessionSecret(db: Sql, candidate: string): Promise<string> {
  await db.query(
    'insert into settings_admin (id, session_secret) values (1, $1) on conflict (id) do nothing',
    [candidate],
  );
  const [row] = await db.query<{ session_secret: string }>(
    'select session_secret from settings_admin where id = 1',
  );
  return (row as { session_secret: string }).session_secret;
}
