import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import type { Sql } from '../db/database.js';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

/** scrypt cost: N=2^15, r=8, p=1 (OWASP's minimum for scrypt), a 32-byte key and a 16-byte salt. */
const COST = { N: 32_768, r: 8, p: 1 } as const;
const KEY_BYTES = 32;

/**
 * Hashes a password for storage: `scrypt$N$r$p$<salt>$<key>` (base64url), never the password itself.
 *
 * @example
 * await hashPassword('correct horse'); // 'scrypt$32768$8$1$...'
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, KEY_BYTES, { ...COST, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether `password` matches a hash made by {@link hashPassword}; compares in constant time. */
export async function verifyPasswordHash(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 64 * 1024 * 1024,
  });
  return timingSafeEqual(actual, expected);
}

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
 * database agrees.
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
  return { ok: await verifyPasswordHash(given, stored), source: 'generated' };
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
 * base64url characters, 144 random bits), stores only its scrypt hash and returns the password so the caller
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
