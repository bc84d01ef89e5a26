import { EVENT_TYPES, type EventType, newId } from '@prospectkit/core';
import { generateSigningSecret } from '../auth/api-token.js';
import type { Database, Sql } from '../db/database.js';

/** A registered webhook, without its signing secret. */
export interface WebhookRecord {
  /** `wh_` and a ULID (the signing secret, never in this record, starts with `whk_`). */
  id: string;
  /** The workspace whose events it receives. */
  workspace_id: string;
  /** Where attempts are POSTed, an `https` address on port 443. */
  url: string;
  /** The event kinds it subscribes to, e.g. `['prospect.created']`. */
  events: EventType[];
  /** When it was revoked, or `null` while it is active. */
  revoked_at: Date | null;
  /** When it was registered. */
  created_at: Date;
}

/**
 * Registers a webhook with a new signing secret. The caller checks the address rule first.
 *
 * @returns the record and the secret (`whk_...`)
 * @throws {RangeError} when `events` is empty or names an unknown event
 * @example
 * const { record, secret } = await createWebhook(db, { workspaceId, url, events: ['prospect.created'] });
 */
export async function createWebhook(
  db: Sql,
  input: {
    workspaceId: string;
    url: string;
    events: readonly string[];
    /** The member adding it (`tm_...`). Default: none (the CLI). */
    createdBy?: string | null;
  },
): Promise<{
  /** The stored webhook, without its secret. */
  record: WebhookRecord;
  /** The signing secret, `whk_...`: show it once to whoever configures the receiver. */
  secret: string;
}> {
  const events = [...new Set(input.events)];
  const unknown = events.filter((e) => !EVENT_TYPES.includes(e as EventType));
  if (events.length === 0) throw new RangeError('A webhook needs at least one event.');
  if (unknown.length > 0)
    throw new RangeError(`Unknown events: ${unknown.join(', ')}. Known events: ${EVENT_TYPES.join(', ')}.`);
  const secret = generateSigningSecret();
  const [record] = await db.query<WebhookRecord & Record<string, unknown>>(
    `insert into webhooks (id, workspace_id, url, events, secret, created_by) values ($1, $2, $3, $4, $5, $6)
     returning id, workspace_id, url, events, revoked_at, created_at`,
    [newId('webhook'), input.workspaceId, input.url, events, secret, input.createdBy ?? null],
  );
  return { record: record as WebhookRecord, secret };
}

/**
 * Every webhook, without its secret, oldest first; of one workspace when `workspaceId` is given.
 *
 * @param db - the database or a transaction
 * @param workspaceId - only this workspace's webhooks. Default: every workspace's.
 * @returns the webhooks' records, without their secrets
 * @example
 * const webhooks = await listWebhooks(db, workspaceId);
 */
export async function listWebhooks(db: Sql, workspaceId?: string): Promise<WebhookRecord[]> {
  return db.query<WebhookRecord & Record<string, unknown>>(
    `select id, workspace_id, url, events, revoked_at, created_at from webhooks
     where ($1::text is null or workspace_id = $1) order by created_at, id`,
    [workspaceId ?? null],
  );
}

/**
 * Revokes a webhook and fails its pending deliveries, so nothing more is sent to it, in one statement. An attempt
 * already in flight finishes, but its result no longer changes the failed delivery.
 *
 * @returns `false` when there is no such webhook
 * @example
 * if (!(await revokeWebhook(db, 'wh_01J...'))) console.error('No such webhook.');
 */
export async function revokeWebhook(db: Sql, id: string): Promise<boolean> {
  const [row] = await db.query<{ found: number }>(
    `with revoked as (
       update webhooks set revoked_at = coalesce(revoked_at, now()) where id = $1 returning id
     ), stopped as (
       update deliveries set status = 'failed', last_error = 'webhook revoked', next_attempt_at = null,
         lease_until = null, updated_at = now()
       where webhook_id in (select id from revoked) and status = 'pending'
       returning id
     )
     select (select count(*) from revoked)::int as found, (select count(*) from stopped)::int as stopped`,
    [id],
  );
  return (row?.found ?? 0) > 0;
}

/** A webhook's signing secrets during a roll: the current one and, when rolled, the next one and when it starts. */
export interface WebhookSigningSecrets {
  secret: string;
  next_secret: string | null;
  next_secret_at: Date | null;
}

/**
 * The signing secret to sign with at `now`: the rolled (next) secret once its time has come, else the current
 * one. The delivery worker signs every attempt with this.
 *
 * @param webhook the webhook's `secret`, `next_secret` and `next_secret_at` columns (migration 5)
 * @param now the time of the attempt
 * @returns a `whk_...` secret
 * @example
 * activeSigningSecret({ secret: 'whk_old', next_secret: 'whk_new', next_secret_at: at }, new Date()); // 'whk_old' until `at`
 */
export function activeSigningSecret(webhook: WebhookSigningSecrets, now: Date): string {
  const { next_secret: next, next_secret_at: at } = webhook;
  return next !== null && at !== null && at.getTime() <= now.getTime() ? next : webhook.secret;
}

/** Most time between rolling a signing secret and the new secret taking effect: 24 hours. */
export const MAX_SECRET_ROLL_DELAY_MS = 24 * 60 * 60 * 1000;

/** The signing secrets of one webhook of a workspace, or `undefined` when there is no such webhook. */
export async function getWebhookSigningSecrets(
  db: Sql,
  workspaceId: string,
  id: string,
): Promise<WebhookSigningSecrets | undefined> {
  const [row] = await db.query<WebhookSigningSecrets & Record<string, unknown>>(
    'select secret, next_secret, next_secret_at from webhooks where id = $1 and workspace_id = $2',
    [id, workspaceId],
  );
  return row;
}

/**
 * Rolls a webhook's signing secret: a new `whk_...` secret signs every attempt from `effectiveAt` on (now, or
 * up to 24 hours later, so receivers can add it to their secret list first). A secret whose time has already
 * come becomes the current one; a pending, not yet effective roll is replaced.
 *
 * @param input.effectiveAt when the new secret takes effect; at or before `now` means at once
 * @param input.now the current time. Default: the system clock.
 * @returns the secrets after the roll, or `undefined` when there is no active webhook with that id
 * @throws {RangeError} when `effectiveAt` is more than 24 hours after `now`
 */
export async function rollWebhookSecret(
  db: Database,
  input: { workspaceId: string; id: string; effectiveAt: Date; now?: Date },
): Promise<WebhookSigningSecrets | undefined> {
  const now = input.now ?? new Date();
  if (input.effectiveAt.getTime() - now.getTime() > MAX_SECRET_ROLL_DELAY_MS) {
    throw new RangeError('A new signing secret takes effect at most 24 hours after the roll.');
  }
  return db.transaction(async (tx) => {
    const [current] = await tx.query<WebhookSigningSecrets & Record<string, unknown>>(
      `select secret, next_secret, next_secret_at from webhooks where id = $1 and workspace_id = $2 and revoked_at is null
       for update`,
      [input.id, input.workspaceId],
    );
    if (!current) return undefined;
    const secret = generateSigningSecret();
    const later = input.effectiveAt.getTime() > now.getTime();
    const next: WebhookSigningSecrets = later
      ? { secret: activeSigningSecret(current, now), next_secret: secret, next_secret_at: input.effectiveAt }
      : { secret, next_secret: null, next_secret_at: null };
    await tx.query('update webhooks set secret = $2, next_secret = $3, next_secret_at = $4 where id = $1', [
      input.id,
      next.secret,
      next.next_secret,
      next.next_secret_at,
    ]);
    return next;
  });
}
