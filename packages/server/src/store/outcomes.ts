import type { OutcomeValue } from '@prospectkit/core';
import type { Sql } from '../db/database.js';

/** One recorded outcome: the prospect's merged state after that call (table `outcomes`). */
export interface OutcomeRecord {
  /** `out_` and a ULID. */
  id: string;
  outcome: OutcomeValue | null;
  /** When the meeting is, or `null`. */
  meeting_at: Date | null;
  /** The opportunity value in the currency's minor unit, or `null`. */
  value_minor: number | null;
  /** ISO 4217 code, or `null`. */
  currency: string | null;
  /** When the call was made. */
  recorded_at: Date;
}

/**
 * A prospect's recorded outcomes, newest first: each call of `recordOutcome`, holding the merged state after it.
 *
 * @param options.limit at most this many. Default 50.
 * @returns the history, empty for a prospect with none (or of another workspace)
 * @example
 * const history = await listOutcomes(db, workspaceId, prospectId);
 * @see openapi.yaml operationId `recordOutcome` (each call is kept as history)
 */
export async function listOutcomes(
  db: Sql,
  workspaceId: string,
  prospectId: string,
  options: { limit?: number } = {},
): Promise<OutcomeRecord[]> {
  const rows = await db.query<
    Omit<OutcomeRecord, 'value_minor'> & { value_minor: number | string | null } & Record<string, unknown>
  >(
    `select id, outcome, meeting_at, value_minor, currency, recorded_at from outcomes
     where workspace_id = $1 and prospect_id = $2 order by recorded_at desc, id desc limit $3`,
    [workspaceId, prospectId, options.limit ?? 50],
  );
  return rows.map((row) => ({
    ...row,
    value_minor: row.value_minor === null ? null : Number(row.value_minor),
  }));
}
