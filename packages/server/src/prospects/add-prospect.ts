import {
  composeContactName,
  type FieldIssue,
  normalizeCustomFields,
  normalizeProspectInput,
  type Prospect,
  type ProspectCreate,
} from '@prospectkit/core';
import type { Database } from '../db/database.js';
import { listCustomFields } from '../store/custom-fields.js';
import { createProspect } from '../store/prospects.js';

/**
 * Adds a prospect: the one code path of `POST /api/v1/prospects` and the app's Add prospect form. Applies
 * core's `normalizeProspectInput` (trimming, blank means `null`, unique tags, a website with a host) and
 * `composeContactName` (`contact_name` from its parts when not sent), and `normalizeCustomFields` against the
 * workspace's custom fields, to a body that already passed the contract's schema, then creates the prospect and its `prospect.created` event in one
 * transaction.
 *
 * @param input.body a `ProspectCreate` body that passed the contract's schema (the API's `validate` step, or
 *   `contractBodyIssues` for a form)
 * @param input.now the prospect's `created_at` and the event's `occurred_at`
 * @returns the created prospect, or the issues of a 422 (nothing written)
 * @example
 * const added = await addProspect(db, { workspaceId, body: { company: 'Acme Ltd' }, now: new Date() });
 * if ('issues' in added) console.log(toValidationBody(added.issues).message);
 * @see openapi.yaml operationId `createProspect`
 */
export async function addProspect(
  db: Database,
  input: { workspaceId: string; body: ProspectCreate; now: Date },
): Promise<{ prospect: Prospect } | { issues: FieldIssue[] }> {
  const { input: fields, issues } = normalizeProspectInput(input.body);
  if (issues.length > 0) return { issues };
  const composed = composeContactName(fields, null) as typeof fields & { company: string };
  if (input.body.custom_fields) {
    const definitions = await listCustomFields(db, input.workspaceId);
    const custom = normalizeCustomFields(input.body.custom_fields, definitions, {});
    if (custom.issues.length > 0) return { issues: custom.issues };
    composed.custom_fields = custom.values;
  }
  const prospect = await db.transaction((tx) => createProspect(tx, input.workspaceId, composed, input.now));
  return { prospect };
}
