import type { Sql } from '../db/database.js';

// `recovery_codes` (migration 17): the one-time codes that stand in for the authenticator app, kept only as
// SHA-256 hashes (each code carries 50 random bits, shown once).

/** Replaces a person's recovery codes with new ones (their hashes). */
export async function replaceRecoveryCodes(
  tx: Sql,
  personId: string,
  codeHashes: readonly string[],
): Promise<void> {
  await tx.query('delete from recovery_codes where person_id = $1', [personId]);
  for (const hash of codeHashes) {
    await tx.query('insert into recovery_codes (person_id, code_hash) values ($1, $2)', [personId, hash]);
  }
}

/**
 * Uses a recovery code up.
 *
 * @returns whether the code was one of the person's, unused (then it is used now)
 */
export async function useRecoveryCode(
  db: Sql,
  input: { personId: string; codeHash: string; now: Date },
): Promise<boolean> {
  const rows = await db.query(
    'update recovery_codes set used_at = $3 where person_id = $1 and code_hash = $2 and used_at is null returning code_hash',
    [input.personId, input.codeHash, input.now],
  );
  return rows.length > 0;
}

/** How many unused recovery codes a person has left. */
export async function countRecoveryCodes(db: Sql, personId: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    'select count(*)::int as n from recovery_codes where person_id = $1 and used_at is null',
    [personId],
  );
  return row?.n ?? 0;
}

/** Deletes every recovery code of a person (the second factor turned off). */
export async function deleteRecoveryCodes(db: Sql, personId: string): Promise<void> {
  await db.query('delete from recovery_codes where person_id = $1', [personId]);
}
