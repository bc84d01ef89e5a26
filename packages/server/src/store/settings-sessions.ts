import type { Sql } from '../db/database.js';

// `settings_sessions`: the settings area's server-side sessions, keyed by a hash of the session id (the
// express-session store in settings/session-store.ts hashes it). Every read and write of the table is here.

/**
 * The data of a session that has not expired at `now`.
 *
 * @param db - the database or a transaction
 * @param input - `sidHash`, the key; `now`, the time to compare `expires_at` with
 * @returns the session's JSON, or `undefined` when there is none or it expired
 */
export async function readSession(
  db: Sql,
  input: { sidHash: string; now: Date },
): Promise<string | undefined> {
  const [row] = await db.query<{ data: string }>(
    'select data from settings_sessions where sid = $1 and expires_at > $2',
    [input.sidHash, input.now],
  );
  return row?.data;
}

/**
 * Inserts or replaces a session.
 *
 * @param db - the database or a transaction
 * @param input - `sidHash`, the key; `data`, the session's JSON; `expiresAt`, when the row stops counting
 */
export async function writeSession(
  db: Sql,
  input: { sidHash: string; data: string; expiresAt: Date },
): Promise<void> {
  await db.query(
    `insert into settings_sessions (sid, data, expires_at) values ($1, $2, $3)
       on conflict (sid) do update set data = excluded.data, expires_at = excluded.expires_at`,
    [input.sidHash, input.data, input.expiresAt],
  );
}

/**
 * Moves a session's expiry (express-session's `touch`, on each request of a rolling session).
 *
 * @param db - the database or a transaction
 * @param input - `sidHash`, the key; `expiresAt`, the new expiry
 */
export async function touchSession(db: Sql, input: { sidHash: string; expiresAt: Date }): Promise<void> {
  await db.query('update settings_sessions set expires_at = $2 where sid = $1', [
    input.sidHash,
    input.expiresAt,
  ]);
}

/**
 * Deletes a session (sign-out, or a session ended by its age or a changed password).
 *
 * @param db - the database or a transaction
 * @param sidHash - the key
 */
export async function deleteSession(db: Sql, sidHash: string): Promise<void> {
  await db.query('delete from settings_sessions where sid = $1', [sidHash]);
}

/**
 * Deletes every session expired at `now`.
 *
 * @param db - the database or a transaction
 * @param now - the time to compare `expires_at` with
 */
export async function deleteExpiredSessions(db: Sql, now: Date): Promise<void> {
  await db.query('delete from settings_sessions where expires_at <= $1', [now]);
}
