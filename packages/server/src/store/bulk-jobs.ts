import { newId, type ProspectFilters } from '@prospectkit/core';
import type { Database, Sql } from '../db/database.js';
import { prospectMatchSql } from './prospect-list.js';

// `bulk_jobs` (migration 21): the app's bulk changes of the prospect list, run in batches by the bulk runner
// (`bulk/create-bulk-runner.ts`). docs/bulk-actions.md.

/** What a bulk job does to each row: add or remove one tag, or set the owner (`null`: no owner). */
export type BulkAction = 'add_tag' | 'remove_tag' | 'set_owner';

/** The NOTIFY channel that wakes bulk runners when a job is made. */
export const BULK_CHANNEL = 'prospectkit_bulk_jobs';

/** The most tags a prospect has (openapi.yaml `ProspectCreate.tags.maxItems`); a row at it is skipped by `add_tag`. */
export const MAX_TAGS = 50;

/** One bulk job as stored. */
export interface BulkJob {
  /** `blk_` plus a ULID. */
  id: string;
  /** The workspace whose prospects it changes. */
  workspace_id: string;
  /** What it does to each row. */
  action: BulkAction;
  /** The tag, or the owner id (`null`: no owner). */
  value: string | null;
  /** The list's query (the API's `listProspects` parameters) whose matches it changes; '' with `ids`. */
  query: string;
  /** The rows ticked on the page, or `null` for every match of `query`. */
  ids: string[] | null;
  /** `queued`, `running` (claimed by a runner), or the ends `succeeded` and `failed`. */
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  /** The rows that matched when the job was made (the page says this number). */
  total_rows: number;
  /** Rows handled so far (changed, already as asked, or skipped), committed with their changes. */
  rows_done: number;
  /** Rows changed so far. */
  changed_count: number;
  /** Rows left as they were because the change would break the contract (a 51st tag). */
  skipped_count: number;
  /** The last row of the last committed batch (its `created_at` and id); the next batch starts after it. */
  cursor_created_at: Date | null;
  /** The id of that row. */
  cursor_id: string | null;
  /** Why a `failed` job stopped. */
  failure: string | null;
  /** How many times a runner claimed it (more than one: a runner died or stopped mid-job). */
  attempts: number;
  /** Until when its runner holds it; the fencing token of each batch. */
  lease_until: Date | null;
  /** The member who made it (`tm_...`), if any. */
  created_by: string | null;
  /** When it was made: the rows it changes are those that matched then. */
  created_at: Date;
  /** When a runner first claimed it. */
  started_at: Date | null;
  /** When it ended. */
  finished_at: Date | null;
}

const toBulkJob = (row: Record<string, unknown>): BulkJob => ({
  ...(row as unknown as BulkJob),
  total_rows: Number(row.total_rows),
  rows_done: Number(row.rows_done),
  changed_count: Number(row.changed_count),
  skipped_count: Number(row.skipped_count),
  attempts: Number(row.attempts),
});

/** What a job's rows are: the filters of its query (read by the caller) and its ids, as of `cutoff`. */
export interface BulkScope {
  filters: ProspectFilters;
  ids: readonly string[] | null;
  /** The job's `created_at`: rows added later are not its rows. */
  cutoff: Date;
}

/** The scope as a `where` clause and its parameters (`$1` the workspace), or `undefined` when nothing matches. */
function scopeSql(workspaceId: string, scope: BulkScope) {
  const match = prospectMatchSql(workspaceId, scope.filters);
  if (!match) return undefined;
  const params = [...match.params];
  const where = [...match.conditions, ...(match.search ? [match.search] : [])];
  params.push(scope.cutoff);
  where.push(`created_at <= $${params.length}`);
  if (scope.ids) {
    params.push(scope.ids);
    where.push(`id = any($${params.length}::text[])`);
  }
  return { where: where.join(' and '), params };
}

/**
 * Stores a queued job with the number of rows it will change (counted now, in the caller's transaction, which
 * writes its audit entry too) and wakes the runners when that transaction commits.
 */
export async function createBulkJob(
  tx: Sql,
  input: {
    workspaceId: string;
    action: BulkAction;
    value: string | null;
    query: string;
    scope: BulkScope;
    createdBy: string | null;
  },
): Promise<BulkJob> {
  const sql = scopeSql(input.workspaceId, input.scope);
  const [counted] = sql
    ? await tx.query<{ n: number | string }>(
        `select count(*) as n from prospects where ${sql.where}`,
        sql.params,
        { prepare: false },
      )
    : [{ n: 0 }];
  const [row] = await tx.query(
    `insert into bulk_jobs (id, workspace_id, action, value, query, ids, status, total_rows, created_by, created_at)
     values ($1, $2, $3, $4, $5, $6, 'queued', $7, $8, $9) returning *`,
    [
      newId('bulkJob', input.scope.cutoff.getTime()),
      input.workspaceId,
      input.action,
      input.value,
      input.query,
      input.scope.ids,
      Number(counted?.n ?? 0),
      input.createdBy,
      input.scope.cutoff,
    ],
  );
  await tx.query(`select pg_notify('${BULK_CHANNEL}', $1)`, [row?.id]);
  return toBulkJob(row as Record<string, unknown>);
}

/** One job of the workspace, or `undefined`. */
export async function getBulkJob(db: Sql, workspaceId: string, id: string): Promise<BulkJob | undefined> {
  const [row] = await db.query('select * from bulk_jobs where workspace_id = $1 and id = $2', [
    workspaceId,
    id,
  ]);
  return row ? toBulkJob(row) : undefined;
}

/**
 * Claims the oldest claimable job (`queued`, or `running` whose lease ran out: its runner died) with
 * `FOR UPDATE SKIP LOCKED` and a new lease, as `claimImportJob` does; the lease fences every batch.
 */
export async function claimBulkJob(
  db: Sql,
  options: { now: Date; leaseUntil: Date; jobId?: string },
): Promise<BulkJob | undefined> {
  const [row] = await db.query(
    `with next as (
       select id from bulk_jobs
       where (status = 'queued' or (status = 'running' and lease_until <= $1)) and ($3::text is null or id = $3)
       order by created_at, id limit 1 for update skip locked)
     update bulk_jobs j set status = 'running', lease_until = $2, attempts = j.attempts + 1,
       started_at = coalesce(j.started_at, $1)
     from next where j.id = next.id returning j.*`,
    [options.now, options.leaseUntil, options.jobId ?? null],
  );
  return row ? toBulkJob(row) : undefined;
}

/** A bulk change's transactions give way to the API's statements on PGlite. */
const BACKGROUND = { background: true } as const;

/**
 * Runs one batch of a claimed job in one transaction: locks the job (only while `job.lease_until` is still its
 * lease), reads its next `batchSize` rows after the cursor newest first (locked), changes those the action
 * changes, and writes the counts, the new cursor and a renewed lease with them. A job with no row left ends
 * `succeeded`. The changes are `updateProspect`'s (`PATCH /prospects/{id}` with `tags` or `owner_id`): the
 * column and `updated_at`, and no event, as the contract's `updateProspect` emits none. On PGlite the batch gives
 * way to the API's statements (`TransactionOptions.background`).
 *
 * @returns the job after the batch, or `undefined` when the lease was lost (another runner has the job)
 */
export async function runBulkBatch(
  db: Database,
  job: BulkJob,
  options: { scope: BulkScope; now: Date; leaseUntil: Date; batchSize: number },
): Promise<BulkJob | undefined> {
  return db.transaction(async (tx) => {
    const [lockedRow] = await tx.query('select * from bulk_jobs where id = $1 for update', [job.id]);
    const locked = lockedRow ? toBulkJob(lockedRow) : undefined;
    if (!locked || locked.lease_until?.getTime() !== job.lease_until?.getTime()) return undefined;
    const sql = scopeSql(job.workspace_id, options.scope);
    const params = sql ? [...sql.params] : [];
    let after = '';
    if (locked.cursor_created_at && locked.cursor_id) {
      params.push(locked.cursor_created_at, locked.cursor_id);
      after = ` and (created_at, id) < ($${params.length - 1}::timestamptz, $${params.length})`;
    }
    params.push(options.batchSize);
    const rows = sql
      ? await tx.query<{ id: string; created_at: Date; tags: string[]; owner_id: string | null }>(
          `select id, created_at, tags, owner_id from prospects where ${sql.where}${after}
           order by created_at desc, id desc limit $${params.length} for update`,
          params,
          { prepare: false },
        )
      : [];
    const last = rows.at(-1);
    if (!last) {
      const [ended] = await tx.query(
        `update bulk_jobs set status = 'succeeded', finished_at = $2, lease_until = null where id = $1 returning *`,
        [job.id, options.now],
      );
      return toBulkJob(ended as Record<string, unknown>);
    }
    const { change, skip } = sortRows(job, rows);
    if (change.length > 0) {
      const set =
        job.action === 'add_tag'
          ? 'tags = array_append(tags, $3)'
          : job.action === 'remove_tag'
            ? 'tags = array_remove(tags, $3)'
            : 'owner_id = $3';
      await tx.query(
        `update prospects set ${set}, updated_at = $4 where workspace_id = $1 and id = any($2::text[])`,
        [job.workspace_id, change, job.value, options.now],
      );
    }
    const [progressed] = await tx.query(
      `update bulk_jobs set rows_done = rows_done + $2, changed_count = changed_count + $3,
         skipped_count = skipped_count + $4, cursor_created_at = $5, cursor_id = $6, lease_until = $7
       where id = $1 returning *`,
      [job.id, rows.length, change.length, skip, last.created_at, last.id, options.leaseUntil],
    );
    return toBulkJob(progressed as Record<string, unknown>);
  }, BACKGROUND);
}

/** The ids of the rows the action changes, and how many it skips (a tag past `MAX_TAGS`); the rest are already so. */
function sortRows(
  job: Pick<BulkJob, 'action' | 'value'>,
  rows: ReadonlyArray<{ id: string; tags: string[]; owner_id: string | null }>,
): { change: string[]; skip: number } {
  const change: string[] = [];
  let skip = 0;
  for (const row of rows) {
    const has = job.value !== null && row.tags.includes(job.value);
    if (job.action === 'add_tag') {
      if (has) continue;
      if (row.tags.length >= MAX_TAGS) skip += 1;
      else change.push(row.id);
    } else if (job.action === 'remove_tag') {
      if (has) change.push(row.id);
    } else if (row.owner_id !== job.value) change.push(row.id);
  }
  return { change, skip };
}

/** Ends a job as failed (after too many claims), while its lease is still the caller's. */
export async function failBulkJob(db: Sql, job: BulkJob, input: { now: Date; failure: string }) {
  await db.query(
    `update bulk_jobs set status = 'failed', failure = $2, finished_at = $3, lease_until = null
     where id = $1 and lease_until = $4`,
    [job.id, input.failure, input.now, job.lease_until],
  );
}

/** Hands a job's lease back at once (its runner stops or failed a batch), so the next claim resumes it. */
export async function releaseBulkJob(db: Sql, job: BulkJob, now: Date) {
  await db.query('update bulk_jobs set lease_until = $2 where id = $1 and lease_until = $3', [
    job.id,
    now,
    job.lease_until,
  ]);
}
