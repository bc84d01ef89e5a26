import {
  buildEvent,
  mergeOutcome,
  type NormalizedProspectInput,
  newId,
  type OutcomeResult,
  type OutcomeState,
  outcomeEventTypes,
  PROSPECT_INPUT_FIELDS,
  type Prospect,
  type RecordOutcomeRequest,
} from '@prospectkit/core';
import type { Sql } from '../db/database.js';
import { enqueueEvents } from './outbox.js';
import { ADD_TO_PROSPECT_COUNT, PROSPECT_COUNT, PROSPECT_COUNT_SHARDS } from './prospect-counts.js';
import { type ProspectRow, ROW, toProspect } from './prospect-row.js';
import { searchProspects } from './prospect-search.js';

/** The columns a create or update writes: the contract's input fields (core's `PROSPECT_INPUT_FIELDS`). */
const COLUMNS = PROSPECT_INPUT_FIELDS;

/** Creates a prospect and, in the same transaction, its `prospect.created` event. */
export async function createProspect(
  tx: Sql,
  workspaceId: string,
  input: NormalizedProspectInput & { company: string },
  now: Date,
): Promise<Prospect> {
  const [prospect] = await createProspects(tx, workspaceId, [input], now);
  return prospect as Prospect;
}

/**
 * Creates prospects and, in the same transaction, one `prospect.created` event each (with its deliveries), in
 * a fixed number of statements however many there are: the API's create (one) and the import (a batch) share it.
 *
 * @param tx the caller's transaction
 * @param inputs normalised inputs (core's `normalizeProspectInput`), each with `company`
 * @param now the creation time of every prospect and event
 * @returns the prospects, in the order of `inputs`
 * @see openapi.yaml `createProspect` and `webhooks` (`prospect.created`)
 */
export async function createProspects(
  tx: Sql,
  workspaceId: string,
  inputs: ReadonlyArray<NormalizedProspectInput & { company: string }>,
  now: Date,
): Promise<Prospect[]> {
  return (await insertProspects(tx, workspaceId, inputs, now, true)) as Prospect[];
}

/**
 * {@link createProspects} for a caller that needs no prospect back (the import): the same rows, events and
 * deliveries, without reading the rows back, which for a batch of 500 costs the server as much as its events.
 *
 * @param ids the new prospects' ids (`newId('prospect')`), one per input, when the caller needs to know them
 *   (the import's report names the prospect a later duplicate row matched). Default: new ids
 * @param importJobId the import creating them, kept beside each (migration 23; the report's link to them).
 *   Default: none
 * @returns how many prospects were created
 */
export async function createProspectRows(
  tx: Sql,
  workspaceId: string,
  inputs: ReadonlyArray<NormalizedProspectInput & { company: string }>,
  now: Date,
  ids?: readonly string[],
  importJobId?: string,
): Promise<number> {
  await insertProspects(tx, workspaceId, inputs, now, false, ids, importJobId);
  return inputs.length;
}

async function insertProspects(
  tx: Sql,
  workspaceId: string,
  inputs: ReadonlyArray<NormalizedProspectInput & { company: string }>,
  now: Date,
  returning: boolean,
  ids?: readonly string[],
  importJobId?: string,
): Promise<Prospect[] | undefined> {
  if (inputs.length === 0) return [];
  const records = inputs.map((input, index) => ({
    id: ids?.[index] ?? newId('prospect', now.getTime()),
    ...Object.fromEntries(
      COLUMNS.map((c) => [
        c,
        c === 'tags'
          ? (input.tags ?? [])
          : c === 'custom_fields'
            ? (input.custom_fields ?? {})
            : (input[c] ?? null),
      ]),
    ),
  })) as Array<{ id: string; company: string; contact_email: string | null }>;
  // Tags travel as JSON arrays, which json_to_recordset cannot turn into text[] by itself; custom fields stay jsonb.
  const JSON_COLUMNS = new Set<string>(['tags', 'custom_fields']);
  const rows = await tx.query<ProspectRow & Record<string, unknown>>(
    `insert into prospects (id, workspace_id, ${COLUMNS.join(', ')}, created_at, updated_at, import_job_id)
     select p.id, $1, ${COLUMNS.map((c) => (c === 'tags' ? 'array(select jsonb_array_elements_text(p.tags))' : `p.${c}`)).join(', ')}, $2, $2, $4::text
     from json_to_recordset($3::text::json) as p(id text, ${COLUMNS.map((c) => `${c} ${JSON_COLUMNS.has(c) ? 'jsonb' : 'text'}`).join(', ')})${
       returning ? `\n     returning ${ROW}` : ''
     }`,
    [workspaceId, now, JSON.stringify(records), importJobId ?? null],
  );
  const byId = returning ? new Map(rows.map((row) => [row.id, toProspect(row as ProspectRow)])) : undefined;
  const prospects = byId ? records.map((r) => byId.get(r.id) as Prospect) : undefined;
  // The event's data is the stored prospect's: the normalised input, as the insert wrote it.
  await enqueueEvents(
    tx,
    workspaceId,
    records.map((record) =>
      buildEvent(
        'prospect.created',
        workspaceId,
        { prospect_id: record.id, company: record.company, contact_email: record.contact_email },
        now.getTime(),
      ),
    ),
    now,
  );
  // Last, so the count row is locked only for the rest of the transaction (see migration 7).
  await tx.query(ADD_TO_PROSPECT_COUNT, [
    workspaceId,
    Math.floor(Math.random() * PROSPECT_COUNT_SHARDS),
    records.length,
  ]);
  return prospects;
}

/** One prospect of the workspace, or `undefined` (unknown and other-workspace ids look the same). */
export async function getProspect(
  db: Sql,
  workspaceId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
) {
  const [row] = await db.query<ProspectRow & Record<string, unknown>>(
    `select ${ROW} from prospects where workspace_id = $1 and id = $2${options.forUpdate ? ' for update' : ''}`,
    [workspaceId, id],
  );
  return row ? toProspect(row as ProspectRow) : undefined;
}

/**
 * One page of the workspace's prospects, newest first (`created_at`, then `id`, descending), and the total.
 * Without a search the total is the sum of the workspace's count shards (migration 7). With one, the matches
 * are counted first through the index of their kind (`prospect-search.ts`); then the page is read the cheaper
 * of two ways (see `readsNewestFirst`).
 */
export async function listProspects(
  db: Sql,
  workspaceId: string,
  options: { search?: string | undefined; limit: number; offset: number },
): Promise<{ data: Prospect[]; total: number }> {
  if (options.search !== undefined && options.search !== '')
    return searchProspects(db, workspaceId, { ...options, search: options.search });
  const [count] = await db.query<{ total: number | string }>(`select ${PROSPECT_COUNT} as total`, [
    workspaceId,
  ]);
  // limit and offset are parameters, so every page of a list is one prepared statement.
  const rows = await db.query<ProspectRow & Record<string, unknown>>(
    `select ${ROW} from prospects where workspace_id = $1 order by created_at desc, id desc limit $2 offset $3`,
    [workspaceId, options.limit, options.offset],
  );
  return { data: rows.map((r) => toProspect(r as ProspectRow)), total: Number(count?.total ?? 0) };
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
    if (column === 'custom_fields') {
      params.push(JSON.stringify(input.custom_fields ?? {}));
      sets.push(`custom_fields = $${params.length}::text::jsonb`);
      continue;
    }
    params.push(column === 'tags' ? (input.tags ?? []) : input[column]);
    sets.push(`${column} = $${params.length}`);
  }
  const [row] = await tx.query<ProspectRow & Record<string, unknown>>(
    `update prospects set ${[...sets, 'updated_at = $3'].join(', ')} where workspace_id = $1 and id = $2 returning ${ROW}`,
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
 * several share it), for matching inbound mail to its sender (migration 10's index).
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
