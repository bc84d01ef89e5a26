import { createHash } from 'node:crypto';
import session, { type SessionData } from 'express-session';
import type { Sql } from '../db/database.js';

/** How long a session row lives when its cookie has no expiry, in ms: one day. */
const DEFAULT_TTL_MS = 24 * 60 * 60 * 1000;
/** Expired rows are deleted at most this often per process, in ms. */
const PRUNE_INTERVAL_MS = 60 * 1000;

/** The database key of a session: the SHA-256 of its id, so a copy of the table cannot resume a session. */
const key = (sid: string) => createHash('sha256').update(sid).digest('hex');

/**
 * An `express-session` store on the server's own database (table `settings_sessions`, migration 5), so
 * sessions work the same on PostgreSQL and PGlite, survive restarts, are shared by every instance and end for
 * good at sign-out. Rows are keyed by a hash of the session id, never the id itself.
 */
export class DatabaseSessionStore extends session.Store {
  #lastPruneMs = 0;

  constructor(
    private readonly db: Sql,
    private readonly nowMs: () => number = Date.now,
  ) {
    super();
  }

  override get(sid: string, callback: (err: unknown, session?: SessionData | null) => void): void {
    this.db
      .query<{ data: string }>('select data from settings_sessions where sid = $1 and expires_at > $2', [
        key(sid),
        new Date(this.nowMs()),
      ])
      .then(([row]) => callback(null, row ? (JSON.parse(row.data) as SessionData) : null), callback);
  }

  override set(sid: string, data: SessionData, callback?: (err?: unknown) => void): void {
    this.#write(sid, data)
      .then(() => callback?.())
      .catch((error: unknown) => callback?.(error));
  }

  override touch(sid: string, data: SessionData, callback?: (err?: unknown) => void): void {
    this.db
      .query('update settings_sessions set expires_at = $2 where sid = $1', [key(sid), this.#expiry(data)])
      .then(() => callback?.())
      .catch((error: unknown) => callback?.(error));
  }

  override destroy(sid: string, callback?: (err?: unknown) => void): void {
    this.db
      .query('delete from settings_sessions where sid = $1', [key(sid)])
      .then(() => callback?.())
      .catch((error: unknown) => callback?.(error));
  }

  #expiry(data: SessionData): Date {
    const expires = data.cookie?.expires;
    return expires ? new Date(expires) : new Date(this.nowMs() + DEFAULT_TTL_MS);
  }

  async #write(sid: string, data: SessionData): Promise<void> {
    await this.db.query(
      `insert into settings_sessions (sid, data, expires_at) values ($1, $2, $3)
       on conflict (sid) do update set data = excluded.data, expires_at = excluded.expires_at`,
      [key(sid), JSON.stringify(data), this.#expiry(data)],
    );
    const now = this.nowMs();
    if (now - this.#lastPruneMs >= PRUNE_INTERVAL_MS) {
      this.#lastPruneMs = now;
      await this.db.query('delete from settings_sessions where expires_at <= $1', [new Date(now)]);
    }
  }
}
