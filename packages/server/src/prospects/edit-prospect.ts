import {
  type FieldIssue,
  normalizeProspectInput,
  type Prospect,
  type ProspectUpdate,
} from '@prospectkit/core';
import type { Database } from '../db/database.js';
import { updateProspect } from '../store/prospects.js';

/**
 * Edits a prospect: the one code path of `PATCH /api/v1/prospects/{id}` and the app's Edit form. Only the
 * fields sent change, `tags` replaces the list, `null` clears an optional field. The contract's
 * `updateProspect` emits no event, so neither does this.
 *
 * @param input.body a `ProspectUpdate` body that passed the contract's schema
 * @param input.now the prospect's new `updated_at`
 * @returns the updated prospect, the issues of a 422 (nothing written), or `undefined` when the workspace has
 *   no such prospect
 * @example
 * const edited = await editProspect(db, { workspaceId, prospectId, body: { tags: ['emea'] }, now: new Date() });
 * @see openapi.yaml operationId `updateProspect`
 */
export async function editProspect(
  db: Database,
  input: { workspaceId: string; prospectId: string; body: ProspectUpdate; now: Date },
): Promise<{ prospect: Prospect } | { issues: FieldIssue[] } | undefined> {
  const { input: fields, issues } = normalizeProspectInput(input.body);
  if (issues.length > 0) return { issues };
  const prospect = await db.transaction((tx) =>
    updateProspect(tx, input.workspaceId, input.prospectId, fields, input.now),
  );
  return prospect ? { prospect } : undefined;
}
