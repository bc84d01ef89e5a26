import type { Sql } from '../../db/database.js';
import { hashPassword, needsRehash, verifyPasswordHash } from '../../people/password-hash.js';
import { type PersonSecrets, replacePasswordHash } from '../../store/people.js';

/** A hash of nothing anyone knows, checked when the address is unknown, so both answers take as long. */
let decoy: Promise<string> | undefined;

/**
 * Checks a person's password against their stored hash (argon2id, or scrypt from before, then rehashed). For an
 * unknown address or a person without a password, a decoy hash is checked and `false` returned: the time taken
 * does not tell whether the address exists.
 */
export async function checkPassword(
  db: Sql,
  person: PersonSecrets | undefined,
  given: string,
): Promise<boolean> {
  const stored = person?.password_hash;
  if (!person || !stored) {
    decoy ??= hashPassword(`decoy:${Math.random()}`);
    await verifyPasswordHash(given, await decoy);
    return false;
  }
  const ok = await verifyPasswordHash(given, stored);
  if (ok && needsRehash(stored)) {
    // Only the password itself can make the new hash, so an older one is replaced at the first good sign-in.
    await replacePasswordHash(db, { personId: person.id, hash: await hashPassword(given), previous: stored });
  }
  return ok;
}
