import type { Sql } from '../db/database.js';

// The one row (id 1) of `settings_admin`: the secret that signs the app's session cookie (the administrator
// password's hash of before moved to the owner's person by migration 17). Every read and write of the table is here.

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
