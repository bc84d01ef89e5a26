import type { Sql } from '../db/database.js';

// `one_time_links` (migration 17): invitations and password resets. Only a hash of each link's token is kept, so a
// copy of the table opens nothing; a link works once and until it expires.

/** What a link is for. */
export type LinkPurpose = 'invitation' | 'password_reset';

/** A link found by its token hash, unused and unexpired. */
export interface OneTimeLink {
  token_hash: string;
  purpose: LinkPurpose;
  person_id: string;
  workspace_id: string | null;
  expires_at: Date;
}

/**
 * Stores a new link; earlier unused links of the same person and purpose stop working (only the newest counts;
 * for invitations, the newest to each workspace).
 */
export async function storeOneTimeLink(
  tx: Sql,
  input: {
    tokenHash: string;
    purpose: LinkPurpose;
    personId: string;
    workspaceId: string | null;
    createdBy: string | null;
    expiresAt: Date;
    now: Date;
  },
): Promise<void> {
  // An invitation replaces the earlier invitations to the same workspace only: one to another workspace, from
  // another admin, stays the person's own.
  await tx.query(
    `update one_time_links set used_at = $3 where person_id = $1 and purpose = $2 and used_at is null
       and ($2 <> 'invitation' or workspace_id is not distinct from $4)`,
    [input.personId, input.purpose, input.now, input.workspaceId],
  );
  await tx.query(
    `insert into one_time_links (token_hash, purpose, person_id, workspace_id, created_by, expires_at, created_at)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [
      input.tokenHash,
      input.purpose,
      input.personId,
      input.workspaceId,
      input.createdBy,
      input.expiresAt,
      input.now,
    ],
  );
}

/** A usable link (unused, unexpired at `now`) by its token hash; `undefined` otherwise. */
export async function findOneTimeLink(
  db: Sql,
  tokenHash: string,
  now: Date,
): Promise<OneTimeLink | undefined> {
  const [row] = await db.query<OneTimeLink & Record<string, unknown>>(
    `select token_hash, purpose, person_id, workspace_id, expires_at from one_time_links
     where token_hash = $1 and used_at is null and expires_at > $2`,
    [tokenHash, now],
  );
  return row;
}

/**
 * Uses a link up: only one of two concurrent uses succeeds.
 *
 * @returns whether this call used it (false: used already, or expired)
 */
export async function useOneTimeLink(tx: Sql, tokenHash: string, now: Date): Promise<boolean> {
  const rows = await tx.query(
    'update one_time_links set used_at = $2 where token_hash = $1 and used_at is null and expires_at > $2 returning token_hash',
    [tokenHash, now],
  );
  return rows.length > 0;
}
