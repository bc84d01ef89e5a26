import type { Sql } from '../db/database.js';

/** A stored event with how its deliveries stand. */
export interface EventRecord {
  id: string;
  workspace_id: string;
  type: string;
  occurred_at: Date;
  /** The envelope exactly as every attempt sends it. */
  body: string;
  deliveries: { pending: number; succeeded: number; failed: number };
}

/**
 * Events, newest first, optionally of one workspace and/or one kind.
 *
 * @param options.limit at most this many. Default 50.
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
