import { EVENT_TYPES, type EventType, newId } from '@prospectkit/core';
import { generateSigningSecret } from '../auth/api-token.js';
import type { Sql } from '../db/database.js';

export interface WebhookRecord {
  id: string;
  workspace_id: string;
  url: string;
  events: EventType[];
  revoked_at: Date | null;
  created_at: Date;
}

/**
 * Registers a webhook with a new signing secret. The caller checks the address rule first.
 *
 * @returns the record and the secret (`whk_...`)
 * @throws {RangeError} when `events` is empty or names an unknown event
 */
export async function createWebhook(
  db: Sql,
  input: { workspaceId: string; url: string; events: readonly string[] },
): Promise<{ record: WebhookRecord; secret: string }> {
  const events = [...new Set(input.events)];
  const unknown = events.filter((e) => !EVENT_TYPES.includes(e as EventType));
  if (events.length === 0) throw new RangeError('A webhook needs at least one event.');
  if (unknown.length > 0)
    throw new RangeError(`Unknown events: ${unknown.join(', ')}. Known events: ${EVENT_TYPES.join(', ')}.`);
  const secret = generateSigningSecret();
  const [record] = await db.query<WebhookRecord & Record<string, unknown>>(
    `insert into webhooks (id, workspace_id, url, events, secret) values ($1, $2, $3, $4, $5)
     returning id, workspace_id, url, events, revoked_at, created_at`,
    [newId('webhook'), input.workspaceId, input.url, events, secret],
  );
  return { record: record as WebhookRecord, secret };
}

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
