import { randomBytes } from 'node:crypto';
import type { Sql } from '../../db/database.js';
import {
  readAdminPasswordHash,
  replaceAdminPasswordHash,
  storeFirstAdminPasswordHash,
} from '../../store/settings-admin.js';
import { equalSecrets } from '../shared/equal-secrets.js';
import { hashPassword, needsRehash, verifyPasswordHash } from './password-hash.js';

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
  const stored = await readAdminPasswordHash(db);
  if (!stored) return { ok: false, source: 'none' };
  const ok = await verifyPasswordHash(given, stored);
  if (ok && needsRehash(stored)) {
    // Only the password itself can make the new hash, so an older hash is replaced at the first good sign-in.
    await replaceAdminPasswordHash(db, { hash: await hashPassword(given), previous: stored });
  }
  return { ok, source: 'generated' };
}

/** Which password source sign-in will use; see {@link checkAdminPassword}. */
export async function adminPasswordSource(
  db: Sql,
  configured: string | undefined,
): Promise<AdminPasswordSource> {
  if (configured) return 'environment';
  return (await readAdminPasswordHash(db)) ? 'generated' : 'none';
}

/**
 * Development start-up: when no administrator password hash is stored yet, generates a password (24
 * base64url characters, 144 random bits), stores only its argon2id hash and returns the password so the caller
 * can print it once. Safe when several instances start at once: exactly one of them gets the password.
 *
 * @returns the new password, or `undefined` when one was already stored
 */
export async function ensureAdminPassword(db: Sql): Promise<string | undefined> {
  if (await readAdminPasswordHash(db)) return undefined;
  const password = randomBytes(18).toString('base64url');
  const stored = await storeFirstAdminPasswordHash(db, {
    hash: await hashPassword(password),
    sessionSecret: randomBytes(32).toString('base64url'),
  });
  return stored ? password : undefined;
}
