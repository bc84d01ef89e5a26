import type postgres from 'postgres';

/** One assertion of the fleet test: what it says, and whether it held. */
export interface Check {
  what: string;
  ok: boolean;
  detail: string;
}

/**
 * The data after the run: every write has its event, every event its delivery, every delivery succeeded, and
 * the receiver got each event (exactly once after its dedupe by `Service-Event-ID`, as the contract asks of
 * receivers; redeliveries are attempts a killed worker had sent but not recorded).
 */
export async function dataChecks(
  sql: postgres.Sql,
  options: {
    workspaceId: string;
    received: ReadonlyMap<string, number>;
    writesAnswered: number;
    writeErrors: number;
    /** Requests still unanswered when a window of load ended: each may have written (a write never lost). */
    cutOff: number;
    redeliveryBound: number;
  },
): Promise<Check[]> {
  const [counts] = await sql<
    { prospects: number; events: number; missing_events: number; deliveries: number; succeeded: number }[]
  >`
    select
      (select count(*)::int from prospects where workspace_id = ${options.workspaceId}) as prospects,
      (select count(*)::int from events where workspace_id = ${options.workspaceId} and type = 'prospect.created') as events,
      (select count(*)::int from prospects p where p.workspace_id = ${options.workspaceId} and not exists (
         select 1 from events e where e.workspace_id = p.workspace_id and e.type = 'prospect.created'
           and (e.body::jsonb -> 'data' ->> 'prospect_id') = p.id)) as missing_events,
      (select count(*)::int from deliveries where workspace_id = ${options.workspaceId}) as deliveries,
      (select count(*)::int from deliveries where workspace_id = ${options.workspaceId} and status = 'succeeded') as succeeded`;
  const c = counts as NonNullable<typeof counts>;
  const eventIds = (
    await sql<
      { id: string }[]
    >`select id from events where workspace_id = ${options.workspaceId} and type = 'prospect.created'`
  ).map((r) => r.id);
  const missing = eventIds.filter((id) => !options.received.has(id)).length;
  const duplicates = [...options.received.values()].reduce((sum, n) => sum + n - 1, 0);
  const unknown = [...options.received.keys()].filter((id) => !eventIds.includes(id)).length;
  return [
    {
      what: 'no write lost: every 201 is a prospect; a prospect without its 201 only from a request whose answer was lost (a killed instance) or cut off at the end of a window',
      ok:
        c.prospects >= options.writesAnswered &&
        c.prospects <= options.writesAnswered + options.writeErrors + options.cutOff,
      detail: `${c.prospects} prospects, ${options.writesAnswered} answered 201, ${options.writeErrors} requests failed, ${options.cutOff} cut off`,
    },
    {
      what: 'no write without its event',
      ok: c.missing_events === 0 && c.events === c.prospects,
      detail: `${c.events} events for ${c.prospects} prospects, ${c.missing_events} without one`,
    },
    {
      what: 'every event has its delivery, and every delivery succeeded',
      ok: c.deliveries === c.events && c.succeeded === c.deliveries,
      detail: `${c.deliveries} deliveries, ${c.succeeded} succeeded`,
    },
    {
      what: 'every event delivered exactly once after the receiver dedupes by event id',
      ok: missing === 0 && unknown === 0,
      detail: `${eventIds.length - missing} of ${eventIds.length} events received, ${unknown} unknown ids`,
    },
    {
      what: 'redeliveries only of attempts the killed worker had sent but not recorded (at most its in-flight bound)',
      ok: duplicates <= options.redeliveryBound,
      detail: `${duplicates} redelivered (bound ${options.redeliveryBound})`,
    },
  ];
}
