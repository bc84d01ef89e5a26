import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Sql } from '../db/database.js';
import { hashPassword, needsRehash, verifyPasswordHash } from './password-hash.js';

/** Constant-time equality of two strings of any length (compares their SHA-256 digests). */
export function equalSecrets(a: string, b: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(a), digest(b));
}

/** How the administrator signs in: a configured password, a stored hash, or not at all yet. */
export type AdminPasswordSource = 'environment' | 'generated' | 'none';

/**
 * Checks an administrator password: against `PROSPECTKIT_ADMIN_PASSWORD` when it is set (it wins), else
 * against the hash stored by {@link ensureAdminPassword}. Read on every sign-in, so every instance on one
 * database agrees. A stored hash of an older scheme (scrypt) is replaced by an argon2id one when the password
 * matches.
 *
 * @param options.configured the value of `PROSPECTKIT_ADMIN_PASSWORD`, if any
 * @returns `source: 'none'` when no password is set up at all (sign-in is then impossible)
 */
export async function checkAdminPassword(
  db: Sql,
  given: string,
  options: { configured?: string | undefined },
): Promise<{ ok: boolean; source: AdminPasswordSource }> {
  if (options.configured) return { ok: equalSecrets(given, options.configured), source: 'environment' };
  const stored = await storedPasswordHash(db);
  if (!stored) return { ok: false, source: 'none' };
  const ok = await verifyPasswordHash(given, stored);
  if (ok && needsRehash(stored)) {
    // Only the password itself can make the new hash, so an older hash is replaced at the first good sign-in.
    // `where password_hash = $2`: of several instances rehashing at once, one write wins and the others do nothing.
    await db.query('update settings_admin set password_hash = $1 where id = 1 and password_hash = $2', [
      await hashPassword(given),
      stored,
    ]);
  }
  return { ok, source: 'generated' };
}

/** Which password source sign-in will use; see {@link checkAdminPassword}. */
export async function adminPasswordSource(
  db: Sql,
  configured: string | undefined,
): Promise<AdminPasswordSource> {
  if (configured) return 'environment';
  return (await storedPasswordHash(db)) ? 'generated' : 'none';
}

async function storedPasswordHash(db: Sql): Promise<string | undefined> {
  const [row] = await db.query<{ password_hash: string | null }>(
    'select password_hash from settings_admin where id = 1',
  );
  return row?.password_hash ?? undefined;
}

/**
 * Development start-up: when no administrator password hash is stored yet, generates a password (24
 * base64url characters, 144 random bits), stores only its argon2id hash and returns the password so the caller
 * can print it once. Safe when several instances start at once: exactly one of them gets the password.
 *
 * @returns the new password, or `undefined` when one was already stored
 */
export async function ensureAdminPassword(db: Sql): Promise<string | undefined> {
  if (await storedPasswordHash(db)) return undefined;
  const password = randomBytes(18).toString('base64url');
  const hash = await hashPassword(password);
  const rows = await db.query(
    `insert into settings_admin (id, password_hash, session_secret) values (1, $1, $2)
     on conflict (id) do update set password_hash = excluded.password_hash where settings_admin.password_hash is null
     returning id`,
    [hash, randomBytes(32).toString('base64url')],
  );
  return rows.length > 0 ? password : undefined;
}
