import { newId } from '@prospectkit/core';
import type { Database, Sql } from '../db/database.js';

// `audit_log` (migration 17): who changed what in a workspace's settings, written in the transaction of the
// change itself (see `withAudit`), so an entry exists exactly when its change does. docs/architecture.md,
// "People, roles and the audit log".

/** The changes the audit log records (issue 26's list); the stable words the page's filter and the CLI use. */
export const AUDIT_ACTIONS = [
  'token.created',
  'token.revoked',
  'webhook.added',
  'webhook.changed',
  'webhook.secret_revealed',
  'webhook.secret_rolled',
  'webhook.removed',
  'member.invited',
  'member.removed',
  'member.role_changed',
  'workspace.created',
  'workspace.renamed',
  'workspace.suspended',
  'workspace.resumed',
  'custom_field.added',
  'custom_field.removed',
  'import.started',
  'view.saved',
  'view.deleted',
  'prospects.bulk_changed',
  'sign_in.failed',
] as const;

/** One of {@link AUDIT_ACTIONS}. */
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Who did it: a signed-in person (with their address, for sign-in failures) or the CLI. */
export interface AuditActor {
  /** The person, or `null` for the CLI and for a sign-in attempt of no known person. */
  personId: string | null;
  /** What the page shows: their name and address, `CLI`, or the address tried. */
  label: string;
  /** The client address of the request (`req.ip`), or `null` for the CLI. */
  ip: string | null;
}

/** What {@link recordAudit} stores. */
export interface AuditInput {
  /** The workspace changed; `null` for a sign-in failure (no workspace yet). */
  workspaceId: string | null;
  actor: AuditActor;
  action: AuditAction;
  /** What was changed: its kind (`token`, `webhook`, `member`, `workspace`, `import`, `person`), id and name. */
  target?: { type: string; id: string; label?: string | undefined };
  /** A short note: the new role, the old name. Never a secret. */
  detail?: string | undefined;
  now: Date;
}

/** An entry as the page and `audit list --json` show it. */
export interface AuditEntry {
  id: string;
  workspace_id: string | null;
  actor_person_id: string | null;
  actor_label: string;
  action: AuditAction;
  target_type: string | null;
  target_id: string | null;
  target_label: string | null;
  ip: string | null;
  detail: string | null;
  occurred_at: Date;
}

/**
 * Writes one entry, in the caller's transaction.
 *
 * @example
 * await recordAudit(tx, { workspaceId, actor, action: 'token.revoked', target: { type: 'token', id }, now });
 */
export async function recordAudit(tx: Sql, input: AuditInput): Promise<void> {
  await tx.query(
    `insert into audit_log (id, workspace_id, actor_person_id, actor_label, action, target_type, target_id,
       target_label, ip, detail, occurred_at) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      newId('auditEntry', input.now.getTime()),
      input.workspaceId,
      input.actor.personId,
      input.actor.label.slice(0, 320),
      input.action,
      input.target?.type ?? null,
      input.target?.id ?? null,
      input.target?.label?.slice(0, 300) ?? null,
      input.actor.ip,
      input.detail?.slice(0, 500) ?? null,
      input.now,
    ],
  );
}

/**
 * A `Database` that runs everything in `tx`: for a store function that opens its own transaction (such as
 * `removeTeammate`), so it joins the caller's and commits or rolls back with its audit entry.
 */
export function joinTransaction(db: Database, tx: Sql): Database {
  return {
    kind: db.kind,
    query: (text, params, options) => tx.query(text, params, options),
    transaction: (fn) => fn(tx),
    listen: (channel, onNotify) => db.listen(channel, onNotify),
    close: () => db.close(),
  };
}

/**
 * Runs a change and writes its audit entry in one transaction: both are stored, or neither. `entry` sees the
 * change's result (the new token's id, say); returning `undefined` records nothing (the change found nothing).
 *
 * @example
 * const created = await withAudit(db, (tx) => createApiToken(tx, input), (out) => ({ ...base, target: { type: 'token', id: out.record.id } }));
 */
export async function withAudit<T>(
  db: Database,
  change: (tx: Sql, joined: Database) => Promise<T>,
  entry: (result: T) => AuditInput | undefined,
): Promise<T> {
  return db.transaction(async (tx) => {
    const result = await change(tx, joinTransaction(db, tx));
    const input = entry(result);
    if (input) await recordAudit(tx, input);
    return result;
  });
}

/** Filters of {@link listAudit}; each narrows, none means all. */
export interface AuditFilter {
  /** One workspace's entries, with the sign-in failures against its members' accounts. Default: every entry. */
  workspaceId?: string | undefined;
  action?: AuditAction | undefined;
  /** Entries by one person. */
  actorPersonId?: string | undefined;
  /** Entries at or after this time. */
  since?: Date | undefined;
  /** Entries before this entry id (the page's "older" link): ids sort by time. */
  before?: string | undefined;
  /** At most this many, 1-500. Default 50. */
  limit?: number | undefined;
}

/**
 * Entries newest first, with the id to ask for the next (older) page, or `null` at the end.
 *
 * @example
 * const { data, next } = await listAudit(db, { workspaceId, action: 'token.created', limit: 50 });
 */
export async function listAudit(
  db: Sql,
  filter: AuditFilter,
): Promise<{ data: AuditEntry[]; next: string | null }> {
  const limit = Math.min(Math.max(filter.limit ?? 50, 1), 500);
  const rows = await db.query<AuditEntry & Record<string, unknown>>(
    `select * from audit_log a where
       ($1::text is null or a.workspace_id = $1 or (a.workspace_id is null and a.target_type = 'person'
         and a.target_id in (select person_id from teammates where workspace_id = $1 and removed_at is null)))
       and ($2::text is null or a.action = $2) and ($3::text is null or a.actor_person_id = $3)
       and ($4::timestamptz is null or a.occurred_at >= $4) and ($5::text is null or a.id < $5)
     order by a.id desc limit $6`,
    [
      filter.workspaceId ?? null,
      filter.action ?? null,
      filter.actorPersonId ?? null,
      filter.since ?? null,
      filter.before ?? null,
      limit + 1,
    ],
  );
  const data = rows.slice(0, limit);
  return { data, next: rows.length > limit ? (data.at(-1)?.id ?? null) : null };
}

/**
 * Deletes entries older than `before` (`PROSPECTKIT_AUDIT_RETENTION_DAYS`), in batches so a large prune never
 * holds a long lock.
 *
 * @returns how many entries were deleted
 */
export async function pruneAudit(db: Sql, before: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await db.query(
      `delete from audit_log where id in (select id from audit_log where occurred_at < $1 limit 1000) returning id`,
      [before],
    );
    total += rows.length;
    if (rows.length < 1000) return total;
  }
}
