import { type Ability, newId } from '@prospectkit/core';
import { generateApiToken, hashApiToken } from '../auth/api-token.js';
import { notifyAuthChanged } from '../auth/grant-cache.js';
import type { TokenGrant } from '../auth/token-grant.js';
import type { Sql } from '../db/database.js';

/** A token's record; never holds the token itself. */
export interface ApiTokenRecord {
  /** The token's id, `tok_` and a ULID; not the token itself, which is never stored. */
  id: string;
  /** The workspace the token acts in. */
  workspace_id: string;
  /** A label for people, e.g. `CRM sync`. */
  name: string;
  /** What the token may do, e.g. `['prospects:read', 'prospects:write']`. */
  abilities: Ability[];
  /** The token gets 401 from this instant on. */
  expires_at: Date;
  /** When it was revoked, or `null` while it is not. */
  revoked_at: Date | null;
  /** When it last authenticated a request (written at most once a minute), or `null` if never. */
  last_used_at: Date | null;
  /** When it was created. */
  created_at: Date;
  /** The member who created it (`tm_...`), or `null` (the CLI, or before people signed in). */
  created_by: string | null;
  /** Their name, when listed; `null` when there is no creator. */
  created_by_name?: string | null;
  /** Whether the creator has since left the workspace ("created by a former member"), when listed. */
  created_by_former?: boolean;
}

/** Most time between a token's creation and its expiry: one year. @see openapi.yaml `info.description` (Authentication) */
export const MAX_TOKEN_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;

/** What {@link createApiToken} needs. */
export interface CreateApiTokenInput {
  /** The workspace the token acts in, e.g. `ws_01J...`. */
  workspaceId: string;
  /** A label for people, e.g. `CRM sync`. */
  name: string;
  /** At least one ability; duplicates are dropped. */
  abilities: readonly Ability[];
  /** When it stops working: after `now` and at most one year later. */
  expiresAt: Date;
  /** The creation time. Default: the system clock. */
  now?: Date;
  /** The member creating it (`tm_...`), shown in the token list. Default: none (the CLI). */
  createdBy?: string | null;
}

/**
 * Creates a token. Returns the token (shown once) and its record.
 *
 * @param db - the database or a transaction
 * @param input - `{ workspaceId, name, abilities, expiresAt, now = new Date() }`
 * @returns `{ token, record }`: the `pkt_...` token, which is never stored (only its SHA-256), and its record
 * @throws {RangeError} when `abilities` is empty or `expiresAt` is not in the next year
 * @example
 * const { token } = await createApiToken(db, {
 *   workspaceId, name: 'CRM sync', abilities: ['prospects:read'], expiresAt: new Date(Date.now() + 90 * 86_400_000),
 * });
 */
export async function createApiToken(
  db: Sql,
  input: CreateApiTokenInput,
): Promise<{
  /** The `pkt_...` token: shown once, never stored (only its SHA-256). */
  token: string;
  /** Its record, as `listApiTokens` returns it. */
  record: ApiTokenRecord;
}> {
  const now = input.now ?? new Date();
  if (input.abilities.length === 0) throw new RangeError('A token needs at least one ability.');
  const lifetime = input.expiresAt.getTime() - now.getTime();
  if (!(lifetime > 0) || lifetime > MAX_TOKEN_LIFETIME_MS) {
    throw new RangeError('A token must expire in the future and at most one year after creation.');
  }
  const token = generateApiToken();
  const [record] = await db.query<ApiTokenRecord & Record<string, unknown>>(
    `insert into api_tokens (id, workspace_id, name, token_hash, abilities, expires_at, created_at, created_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     returning id, workspace_id, name, abilities, expires_at, revoked_at, last_used_at, created_at, created_by`,
    [
      newId('token'),
      input.workspaceId,
      input.name,
      hashApiToken(token),
      [...new Set(input.abilities)],
      input.expiresAt,
      now,
      input.createdBy ?? null,
    ],
  );
  return { token, record: record as ApiTokenRecord };
}

/**
 * Every token, without its secret, oldest first; of one workspace when `workspaceId` is given.
 *
 * @param db - the database or a transaction
 * @param workspaceId - only this workspace's tokens. Default: every workspace's.
 * @returns the tokens' records; the tokens themselves are never stored
 * @example
 * const active = (await listApiTokens(db, workspaceId)).filter((t) => !t.revoked_at);
 */
export async function listApiTokens(db: Sql, workspaceId?: string): Promise<ApiTokenRecord[]> {
  return db.query<ApiTokenRecord & Record<string, unknown>>(
    `select t.id, t.workspace_id, t.name, t.abilities, t.expires_at, t.revoked_at, t.last_used_at, t.created_at,
       t.created_by, m.name as created_by_name, (m.removed_at is not null) as created_by_former
     from api_tokens t left join teammates m on m.id = t.created_by
     where ($1::text is null or t.workspace_id = $1) order by t.created_at, t.id`,
    [workspaceId ?? null],
  );
}

/**
 * Revokes a token: it gets 401 from then on (every instance drops its cached grant on the notification).
 *
 * @returns `false` when there is no such token; revoking twice keeps the first time
 * @example
 * await revokeApiToken(db, 'tok_01J...');
 */
export async function revokeApiToken(db: Sql, id: string): Promise<boolean> {
  const rows = await db.query(
    'update api_tokens set revoked_at = coalesce(revoked_at, now()) where id = $1 returning id',
    [id],
  );
  await notifyAuthChanged(db);
  return rows.length > 0;
}

/**
 * Finds the grant of a token by hash, or `undefined` when it is unknown, expired, revoked, or its workspace is
 * suspended (all of which answer the same 401).
 */
export async function findTokenGrant(db: Sql, tokenHash: string, now: Date): Promise<TokenGrant | undefined> {
  const [row] = await db.query<{
    id: string;
    workspace_id: string;
    abilities: Ability[];
    last_used_at: Date | null;
    expires_at: Date;
  }>(
    `select t.id, t.workspace_id, t.abilities, t.last_used_at, t.expires_at from api_tokens t join workspaces w on w.id = t.workspace_id
     where t.token_hash = $1 and t.revoked_at is null and t.expires_at > $2 and w.suspended_at is null`,
    [tokenHash, now],
  );
  return (
    row && {
      tokenId: row.id,
      workspaceId: row.workspace_id,
      abilities: row.abilities,
      lastUsedAt: row.last_used_at,
      expiresAt: row.expires_at,
    }
  );
}

/** Records use at most once a minute per token: the `where` makes concurrent instances agree. */
export async function touchApiToken(db: Sql, tokenId: string, now: Date): Promise<void> {
  await db.query(
    `update api_tokens set last_used_at = $2 where id = $1 and (last_used_at is null or last_used_at < $2::timestamptz - interval '1 minute')`,
    [tokenId, now],
  );
}
