import {
  type FieldIssue,
  mergedOutcomeIssues,
  type OutcomeResult,
  type RecordOutcomeRequest,
} from '@prospectkit/core';
import type { Database } from '../db/database.js';
import { recordOutcome } from '../store/prospects.js';

/**
 * Records a sales outcome: the one code path of `POST /api/v1/prospects/{id}/outcomes` and the app's Record
 * outcome form. Merges the fields sent into the prospect's current outcome (core's `mergeOutcome`), refuses a
 * merged state that breaks core's `mergedOutcomeIssues`, keeps the call as history, and enqueues the events of
 * core's `outcomeEventTypes`, all in one transaction.
 *
 * @param input.body a `RecordOutcomeRequest` that passed the contract's schema (at least one field)
 * @param input.now the outcome's `recorded_at` and the events' `occurred_at`
 * @returns the recorded (merged) outcome, the issues of a 422 (nothing written), or `undefined` when the
 *   workspace has no such prospect
 * @example
 * await recordProspectOutcome(db, { workspaceId, prospectId, body: { outcome: 'Won' }, now: new Date() });
 * @see openapi.yaml operationId `recordOutcome`
 */
export async function recordProspectOutcome(
  db: Database,
  input: { workspaceId: string; prospectId: string; body: RecordOutcomeRequest; now: Date },
): Promise<{ result: OutcomeResult } | { issues: FieldIssue[] } | undefined> {
  return db.transaction((tx) =>
    recordOutcome(tx, input.workspaceId, input.prospectId, input.body, input.now, mergedOutcomeIssues),
  );
}
