import { type CustomFieldDefinition, newId } from '@prospectkit/core';
import type { Sql } from '../db/database.js';
import type { ImportJob } from '../store/import-jobs.js';
import type { ImportRejection } from '../store/import-rejections.js';
import { createProspectRows } from '../store/prospects.js';
import { describeMatch, matchDuplicates, type SeenKeys } from './match-duplicates.js';
import type { PreparedRow } from './row-preparer.js';
import { updateFromRow } from './update-from-row.js';

/** A batch's counts: every row is exactly one of these. */
export interface BatchCounts {
  created: number;
  updated: number;
  skipped: number;
  rejected: number;
}

type ValidRow = PreparedRow & { input: NonNullable<PreparedRow['input']> };

/**
 * Writes one batch of prepared rows in the caller's transaction, by the job's duplicate mode (docs/importing.md,
 * "Duplicates"): new rows are created with their `prospect.created` events (the store's `createProspectRows`);
 * a duplicate is skipped, created anyway, or updates the prospect it matched as `PATCH` does (no event). The
 * report gets one line per rejected cell or row, and one per skipped or updated row with the matched prospect
 * and why. On a dry run nothing but the report is written, and the counts are what would have happened.
 *
 * @param seen the run's keys so far (duplicates inside the file); updated here
 * @returns the batch's counts and its report lines
 */
export async function writeImportBatch(
  tx: Sql,
  job: Pick<ImportJob, 'id' | 'workspace_id' | 'duplicates' | 'dry_run'>,
  rows: readonly PreparedRow[],
  options: { customFields: readonly CustomFieldDefinition[]; seen: SeenKeys; now: Date },
): Promise<{ counts: BatchCounts; report: ImportRejection[] }> {
  const { seen, now } = options;
  const report: ImportRejection[] = rows.flatMap((row) =>
    row.issues.map((issue) => ({ line: row.line, column_name: issue.column, reason: issue.message })),
  );
  const valid = rows.filter((row): row is ValidRow => row.input !== undefined);
  const counts: BatchCounts = { created: 0, updated: 0, skipped: 0, rejected: rows.length - valid.length };
  const matches =
    job.duplicates === 'create'
      ? valid.map(() => ({ newId: newId('prospect', now.getTime()), match: undefined }))
      : await matchDuplicates(tx, job.workspace_id, valid, seen, { dryRun: job.dry_run, now });
  const creating: { row: ValidRow; id: string }[] = [];
  const updating: { row: ValidRow; prospectId: string | null; why: string }[] = [];
  valid.forEach((row, index) => {
    const found = matches[index] as (typeof matches)[number];
    if (found.match === undefined) {
      creating.push({ row, id: found.newId });
      return;
    }
    const { match } = found;
    const why = describeMatch(match);
    if (job.duplicates === 'skip') {
      counts.skipped += 1;
      const reason = `Skipped as a duplicate: ${why}.`;
      report.push({
        line: row.line,
        column_name: null,
        reason,
        outcome: 'skipped',
        prospect_id: match.prospectId,
      });
    } else updating.push({ row, prospectId: match.prospectId, why });
  });
  if (!job.dry_run) {
    const inputs = creating.map((c) => c.row.input);
    await createProspectRows(
      tx,
      job.workspace_id,
      inputs,
      now,
      creating.map((c) => c.id),
      job.id,
    );
  }
  counts.created = creating.length;
  for (const { row, prospectId, why } of updating) {
    const mode = job.duplicates as 'update_fill_empty' | 'update_overwrite';
    const labels =
      prospectId === null
        ? undefined
        : await updateFromRow(tx, {
            workspaceId: job.workspace_id,
            prospectId,
            row: row.input,
            mode,
            customFields: options.customFields,
            dryRun: job.dry_run,
            now,
          });
    const verb = job.dry_run ? 'Would update' : 'Updated';
    const what =
      labels === undefined
        ? 'the fields this row gives'
        : labels.length === 0
          ? 'nothing (no field to change)'
          : labels.join(', ');
    counts.updated += 1;
    report.push({
      line: row.line,
      column_name: null,
      reason: `${verb} ${what}: ${why}.`,
      outcome: 'updated',
      prospect_id: prospectId,
    });
  }
  return { counts, report };
}
