import {
  buildEvent,
  mergeOutcome,
  type NormalizedProspectInput,
  newId,
  type OutcomeResult,
  type OutcomeState,
  outcomeEventTypes,
  type Prospect,
  type RecordOutcomeRequest,
} from '@prospectkit/core';
import type { Sql } from '../db/database.js';
import { enqueueEvents } from './outbox.js';

const COLUMNS = [
  'company',
  'domain',
  'website',
  'location',
  'contact_name',
  'contact_email',
  'notes',
  'tags',
  'owner_id',
] as const;

interface ProspectRow {
  id: string;
  company: string;
  domain: string | null;
  website: string | null;
  location: string | null;
  contact_name: string | null;
  contact_email: string | null;
  notes: string | null;
  tags: string[];
  owner_id: string | null;
  outcome: string | null;
  meeting_at: Date | null;
  value_minor: number | string | bigint | null;
  currency: string | null;
  outcome_updated_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const iso = (value: Date | null) => (value === null ? null : value.toISOString());
const num = (value: number | string | bigint | null) => (value === null ? null : Number(value));

/** The row as the contract's `Prospect`: every key present, `null` where unset. */
export function toProspect(row: ProspectRow): Prospect {
  return {
    id: row.id,
    company: row.company,
    domain: row.domain,
    website: row.website,
    location: row.location,
    contact_name: row.contact_name,
    contact_email: row.contact_email,
    notes: row.notes,
    tags: row.tags ?? [],
    owner_id: row.owner_id,
    outcome:
      row.outcome_updated_at === null
        ? null
        : {
            outcome: row.outcome as OutcomeState['outcome'],
            meeting_at: iso(row.meeting_at),
            value_minor: num(row.value_minor),
            currency: row.currency,
            updated_at: row.outcome_updated_at.toISOString(),
          },
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** How many rows a workspace's prospect count is spread over, so concurrent inserts rarely wait on each other. */
export const PROSPECT_COUNT_SHARDS = 16;

const COUNT_INSERT = `insert into prospect_counts (workspace_id, shard, count) values ($1, $2, 1)
   on conflict (workspace_id, shard) do update set count = prospect_counts.count + 1`;

/** Creates a prospect and, in the same transaction, its `prospect.created` event. */
export async function createProspect(
  tx: Sql,
  workspaceId: string,
  input: NormalizedProspectInput & { company: string },
  now: Date,
): Promise<Prospect> {
  const values = COLUMNS.map((c) => (c === 'tags' ? (input.tags ?? []) : (input[c] ?? null)));
  const [row] = await tx.query<ProspectRow & Record<string, unknown>>(
    `insert into prospects (id, workspace_id, ${COLUMNS.join(', ')}, created_at, updated_at)
     values ($1, $2, ${COLUMNS.map((_, i) => `$${i + 3}`).join(', ')}, $${COLUMNS.length + 3}, $${COLUMNS.length + 3})
     returning *`,
    [newId('prospect', now.getTime()), workspaceId, ...values, now],
  );
  const prospect = toProspect(row as ProspectRow);
  await enqueueEvents(
    tx,
    workspaceId,
    [
      buildEvent(
        'prospect.created',
        workspaceId,
        { prospect_id: prospect.id, company: prospect.company, contact_email: prospect.contact_email },
        now.getTime(),
      ),
    ],
    now,
  );
  // Last, so the count row is locked only for the rest of the transaction (see migration 7).
  await tx.query(COUNT_INSERT, [workspaceId, Math.floor(Math.random() * PROSPECT_COUNT_SHARDS)]);
  return prospect;
}

/** One prospect of the workspace, or `undefined` (unknown and other-workspace ids look the same). */
export async function getProspect(
  db: Sql,
  workspaceId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
) {
  const [row] = await db.query<ProspectRow & Record<string, unknown>>(
    `select * from prospects where workspace_id = $1 and id = $2${options.forUpdate ? ' for update' : ''}`,
    [workspaceId, id],
  );
  return row ? toProspect(row as ProspectRow) : undefined;
}

/** Escapes `%`, `_` and `\` so a search term matches literally inside `like`. */
function likePattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const SEARCH_EXPRESSION =
  "lower(company || chr(31) || coalesce(domain, '') || chr(31) || coalesce(contact_name, '') || chr(31) || coalesce(contact_email, ''))";

/**
 * One page of the workspace's prospects, newest first (`created_at`, then `id`, descending), and the total.
 * Without a search the total is the sum of the workspace's count shards (migration 7); with one, the page and the count come from one
 * scan (`count(*) over ()`), and a second count runs only when the page is past the last.
 */
export async function listProspects(
  db: Sql,
  workspaceId: string,
  options: { search?: string | undefined; limit: number; offset: number },
): Promise<{ data: Prospect[]; total: number }> {
  // limit and offset are parameters, so every page of a list is one prepared statement.
  const page = 'order by created_at desc, id desc limit $2 offset $3';
  if (options.search === undefined || options.search === '') {
    const [count] = await db.query<{ total: number | string }>(
      'select coalesce(sum(count), 0)::bigint as total from prospect_counts where workspace_id = $1',
      [workspaceId],
    );
    const rows = await db.query<ProspectRow & Record<string, unknown>>(
      `select * from prospects where workspace_id = $1 ${page}`,
      [workspaceId, options.limit, options.offset],
    );
    return { data: rows.map((r) => toProspect(r as ProspectRow)), total: Number(count?.total ?? 0) };
  }
  const where = `workspace_id = $1 and ${SEARCH_EXPRESSION} like $4`;
  const pattern = likePattern(options.search);
  // The count needs every match, so the matches come from the trigram index, fenced in a materialized CTE:
  // otherwise the planner may walk the newest-first index through the whole workspace to skip the sort
  // (seconds at a million rows) whenever its estimate of the matches comes out high.
  const rows = await db.query<ProspectRow & { total: number | string } & Record<string, unknown>>(
    `with matches as materialized (select * from prospects where ${where})
     select *, count(*) over () as total from matches ${page}`,
    [workspaceId, options.limit, options.offset, pattern],
  );
  if (rows.length > 0)
    return { data: rows.map((r) => toProspect(r as ProspectRow)), total: Number(rows[0]?.total) };
  const [count] = await db.query<{ total: number | string }>(
    `select count(*)::int as total from prospects where workspace_id = $1 and ${SEARCH_EXPRESSION} like $2`,
    [workspaceId, pattern],
  );
  return { data: [], total: Number(count?.total ?? 0) };
}

/** Changes only the fields given; `tags` replaces the list. Returns `undefined` when no such prospect. */
export async function updateProspect(
  tx: Sql,
  workspaceId: string,
  id: string,
  input: NormalizedProspectInput,
  now: Date,
): Promise<Prospect | undefined> {
  const sets: string[] = [];
  const params: unknown[] = [workspaceId, id, now];
  for (const column of COLUMNS) {
    if (!(column in input)) continue;
    params.push(column === 'tags' ? (input.tags ?? []) : input[column]);
    sets.push(`${column} = $${params.length}`);
  }
  const [row] = await tx.query<ProspectRow & Record<string, unknown>>(
    `update prospects set ${[...sets, 'updated_at = $3'].join(', ')} where workspace_id = $1 and id = $2 returning *`,
    params,
  );
  return row ? toProspect(row as ProspectRow) : undefined;
}

/**
 * Records an outcome: merges it into the prospect's current outcome, keeps the call as history, and enqueues
 * the events of the contract's rules, all in the caller's transaction. Returns `undefined` when no such
 * prospect, or the merged state's issues when `validate` rejects it.
 */
export async function recordOutcome<I>(
  tx: Sql,
  workspaceId: string,
  prospectId: string,
  input: RecordOutcomeRequest,
  now: Date,
  validate: (merged: OutcomeState) => I[],
): Promise<{ result: OutcomeResult } | { issues: I[] } | undefined> {
  const prospect = await getProspect(tx, workspaceId, prospectId, { forUpdate: true });
  if (!prospect) return undefined;
  const previous: OutcomeState | null = prospect.outcome;
  const merged = mergeOutcome(previous, input);
  const issues = validate(merged);
  if (issues.length > 0) return { issues };
  const id = newId('outcome', now.getTime());
  await tx.query(
    `insert into outcomes (id, workspace_id, prospect_id, outcome, meeting_at, value_minor, currency, recorded_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      id,
      workspaceId,
      prospectId,
      merged.outcome,
      merged.meeting_at,
      merged.value_minor,
      merged.currency,
      now,
    ],
  );
  await tx.query(
    `update prospects set outcome = $3, meeting_at = $4, value_minor = $5, currency = $6, outcome_updated_at = $7, updated_at = $7
     where workspace_id = $1 and id = $2`,
    [workspaceId, prospectId, merged.outcome, merged.meeting_at, merged.value_minor, merged.currency, now],
  );
  const data = { prospect_id: prospectId, ...merged };
  const events = outcomeEventTypes(previous, input, merged).map((type) =>
    buildEvent(type, workspaceId, data, now.getTime()),
  );
  await enqueueEvents(tx, workspaceId, events, now);
  return { result: { id, prospect_id: prospectId, ...merged, recorded_at: now.toISOString() } };
}

/**
 * The workspace's prospect whose `contact_email` is this address (compared case-insensitively; the oldest when
 * several share it), for matching inbound mail to its sender. Uses migration 12's index.
 */
export async function findProspectByContactEmail(
  db: Sql,
  workspaceId: string,
  address: string,
): Promise<{ id: string } | undefined> {
  if (address === '') return undefined;
  const [row] = await db.query<{ id: string }>(
    `select id from prospects where workspace_id = $1 and lower(contact_email) = $2
     order by created_at, id limit 1`,
    [workspaceId, address.toLowerCase()],
  );
  return row;
}
