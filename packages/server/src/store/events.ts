import type { Sql } from '../db/database.js';

/** A stored event with how its deliveries stand. */
export interface EventRecord {
  /** `evt_` and a ULID: the envelope `id`. */
  id: string;
  /** The workspace it happened in. */
  workspace_id: string;
  /** The event kind, e.g. `prospect.created`. */
  type: string;
  /** When it happened: the envelope's `occurred_at`. */
  occurred_at: Date;
  /** The envelope exactly as every attempt sends it. */
  body: string;
  /** How many of its deliveries are in each state. */
  deliveries: {
    /** Not yet succeeded, with attempts left. */
    pending: number;
    /** Answered with a 2xx. */
    succeeded: number;
    /** Out of attempts, refused, or their webhook revoked. */
    failed: number;
  };
}

/**
 * Events, newest first, optionally of one workspace and/or one kind.
 *
 * @param options.limit at most this many. Default 50.
 * @param db - the database or a transaction
 * @param options.workspaceId only this workspace's events. Default: every workspace's.
 * @param options.type only this kind, e.g. `prospect.created`. Default: every kind.
 * @returns the events, each with its deliveries counted by status
 * @example
 * const events = await listEvents(db, { type: 'opportunity.won', limit: 10 });
 */
export async function listEvents(
  db: Sql,
  options: { workspaceId?: string; type?: string; limit?: number } = {},
): Promise<EventRecord[]> {
  const rows = await db.query<
    Omit<EventRecord, 'deliveries'> & { pending: number; succeeded: number; failed: number }
  >(
    `select e.id, e.workspace_id, e.type, e.occurred_at, e.body,
       (select count(*) from deliveries d where d.event_id = e.id and d.status = 'pending')::int as pending,
       (select count(*) from deliveries d where d.event_id = e.id and d.status = 'succeeded')::int as succeeded,
       (select count(*) from deliveries d where d.event_id = e.id and d.status = 'failed')::int as failed
     from events e
     where ($1::text is null or e.workspace_id = $1) and ($2::text is null or e.type = $2)
     order by e.occurred_at desc, e.id desc limit $3`,
    [options.workspaceId ?? null, options.type ?? null, options.limit ?? 50],
  );
  return rows.map(({ pending, succeeded, failed, ...event }) => ({
    ...event,
    deliveries: { pending, succeeded, failed },
  }));
}

/** A stored event without its deliveries' counts. */
export type StoredEvent = Omit<EventRecord, 'deliveries'>;

/**
 * One event, as every attempt of its deliveries sends it.
 *
 * @param scope.workspaceId when given, the event must belong to that workspace. Default: any.
 * @returns the event, or `undefined` when there is none with that id (in the workspace)
 */
export async function getEvent(
  db: Sql,
  id: string,
  scope: { workspaceId?: string | undefined } = {},
): Promise<StoredEvent | undefined> {
  const [event] = await db.query<StoredEvent & Record<string, unknown>>(
    `select id, workspace_id, type, occurred_at, body from events
     where id = $1 and ($2::text is null or workspace_id = $2)`,
    [id, scope.workspaceId ?? null],
  );
  return event;
}

/**
 * The events about one prospect (their `data.prospect_id`), newest first: what the prospect page lists.
 *
 * @param options.limit at most this many. Default 50.
 * @returns the events of the workspace whose payload names the prospect
 * @example
 * const events = await listProspectEvents(db, workspaceId, 'prs_01J...');
 * @see openapi.yaml `webhooks` (every kind's `data` carries `prospect_id`)
 */
export async function listProspectEvents(
  db: Sql,
  workspaceId: string,
  prospectId: string,
  options: { limit?: number } = {},
): Promise<StoredEvent[]> {
  return db.query<StoredEvent & Record<string, unknown>>(
    `select id, workspace_id, type, occurred_at, body from events
     where workspace_id = $1 and ((body::jsonb -> 'data' ->> 'prospect_id')) = $2
     order by occurred_at desc, id desc limit $3`,
    [workspaceId, prospectId, options.limit ?? 50],
  );
}
