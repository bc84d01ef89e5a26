import type { Sql } from '../db/database.js';

// `settings_sessions`: the app's server-side sessions, keyed by a hash of the session id (the express-session
// store in app/shared/session-store.ts hashes it), each of one person (migration 17). Every read and write of the table is here.

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
  input: {
    sidHash: string;
    data: string;
    expiresAt: Date;
    /** The signed-in person (migration 17), so their sessions can be listed and ended; `null` before sign-in. */
    personId?: string | null;
    /** The session's public handle (the account page's "end this session"), never the id. */
    handle?: string | null;
    userAgent?: string | null;
    ip?: string | null;
    now?: Date;
  },
): Promise<void> {
  const now = input.now ?? new Date();
  await db.query(
    `insert into settings_sessions (sid, data, expires_at, person_id, handle, user_agent, ip, created_at, last_seen_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $8)
       on conflict (sid) do update set data = excluded.data, expires_at = excluded.expires_at,
         person_id = excluded.person_id, handle = excluded.handle, user_agent = excluded.user_agent,
         ip = excluded.ip, last_seen_at = excluded.last_seen_at`,
    [
      input.sidHash,
      input.data,
      input.expiresAt,
      input.personId ?? null,
      input.handle ?? null,
      input.userAgent?.slice(0, 300) ?? null,
      input.ip ?? null,
      now,
    ],
  );
}

/**
 * Moves a session's expiry (express-session's `touch`, on each request of a rolling session).
 *
 * @param db - the database or a transaction
 * @param input - `sidHash`, the key; `expiresAt`, the new expiry
 */
export async function touchSession(
  db: Sql,
  input: { sidHash: string; expiresAt: Date; now?: Date },
): Promise<void> {
  await db.query('update settings_sessions set expires_at = $2, last_seen_at = $3 where sid = $1', [
    input.sidHash,
    input.expiresAt,
    input.now ?? new Date(),
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

/** A person's session as their account page lists it. */
export interface PersonSession {
  /** Its public handle, to end it; never the session id. */
  handle: string;
  user_agent: string | null;
  ip: string | null;
  created_at: Date;
  last_seen_at: Date;
}

/**
 * A person's current sessions, most recently seen first.
 *
 * @param input.now sessions expired at this time are left out
 */
export async function listPersonSessions(
  db: Sql,
  input: { personId: string; now: Date },
): Promise<PersonSession[]> {
  return db.query<PersonSession & Record<string, unknown>>(
    `select handle, user_agent, ip, created_at, last_seen_at from settings_sessions
     where person_id = $1 and expires_at > $2 and handle is not null order by last_seen_at desc, handle`,
    [input.personId, input.now],
  );
}

/**
 * Ends a person's sessions: one (`handle`), every one but one (`exceptHandle`), or all (neither). A removed
 * member, a changed password and "sign out everywhere" all come here.
 *
 * @returns how many sessions ended
 */
export async function endPersonSessions(
  db: Sql,
  input: { personId: string; handle?: string | undefined; exceptHandle?: string | undefined },
): Promise<number> {
  const rows = await db.query(
    `delete from settings_sessions where person_id = $1 and ($2::text is null or handle = $2)
       and ($3::text is null or handle is distinct from $3) returning sid`,
    [input.personId, input.handle ?? null, input.exceptHandle ?? null],
  );
  return rows.length;
}
