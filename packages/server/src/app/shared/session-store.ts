import { createHash } from 'node:crypto';
import session, { type SessionData } from 'express-session';
import { type Clock, systemClock } from '../../clock.js';
import type { Sql } from '../../db/database.js';
import {
  deleteExpiredSessions,
  deleteSession,
  readSession,
  touchSession,
  writeSession,
} from '../../store/settings-sessions.js';

/** How long a session row lives when its cookie has no expiry, in ms: one day. */
const DEFAULT_TTL_MS = 24 * 60 * 60 * 1000;
/** Expired rows are deleted at most this often per process, in ms. */
const PRUNE_INTERVAL_MS = 60 * 1000;

/** The database key of a session: the SHA-256 of its id, so a copy of the table cannot resume a session. */
const key = (sid: string) => createHash('sha256').update(sid).digest('hex');

/**
 * An `express-session` store on the server's own database (table `settings_sessions`, migrations 5 and 17, read
 * and written by `store/settings-sessions.ts`; each row names its person, so their sessions can be listed and ended), so sessions work the same on PostgreSQL and PGlite, survive
 * restarts, are shared by every instance and end for good at sign-out. Rows are keyed by a hash of the session
 * id, never the id itself.
 */
export class DatabaseSessionStore extends session.Store {
  #lastPruneMs = 0;

  constructor(
    private readonly db: Sql,
    private readonly clock: Clock = systemClock,
  ) {
    super();
  }

  override get(sid: string, callback: (err: unknown, session?: SessionData | null) => void): void {
    readSession(this.db, { sidHash: key(sid), now: this.clock.now() }).then(
      (data) => callback(null, data ? (JSON.parse(data) as SessionData) : null),
      callback,
    );
  }

  override set(sid: string, data: SessionData, callback?: (err?: unknown) => void): void {
    this.#write(sid, data)
      .then(() => callback?.())
      .catch((error: unknown) => callback?.(error));
  }

  override touch(sid: string, data: SessionData, callback?: (err?: unknown) => void): void {
    touchSession(this.db, { sidHash: key(sid), expiresAt: this.#expiry(data), now: this.clock.now() })
      .then(() => callback?.())
      .catch((error: unknown) => callback?.(error));
  }

  override destroy(sid: string, callback?: (err?: unknown) => void): void {
    deleteSession(this.db, key(sid))
      .then(() => callback?.())
      .catch((error: unknown) => callback?.(error));
  }

  #expiry(data: SessionData): Date {
    const expires = data.cookie?.expires;
    return expires ? new Date(expires) : new Date(this.clock.now().getTime() + DEFAULT_TTL_MS);
  }

  async #write(sid: string, data: SessionData): Promise<void> {
    const now = this.clock.now();
    await writeSession(this.db, {
      sidHash: key(sid),
      data: JSON.stringify(data),
      expiresAt: this.#expiry(data),
      personId: data.personId ?? null,
      handle: data.handle ?? null,
      userAgent: data.userAgent ?? null,
      ip: data.ip ?? null,
      now,
    });
    if (now.getTime() - this.#lastPruneMs >= PRUNE_INTERVAL_MS) {
      this.#lastPruneMs = now.getTime();
      await deleteExpiredSessions(this.db, now);
    }
  }
}
