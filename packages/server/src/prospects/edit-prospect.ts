import {
  composeContactName,
  type FieldIssue,
  normalizeCustomFields,
  normalizeProspectInput,
  type Prospect,
  type ProspectUpdate,
  prospectContractIssues,
} from '@prospectkit/core';
import type { Database } from '../db/database.js';
import { listCustomFields } from '../store/custom-fields.js';
import { getProspect, updateProspect } from '../store/prospects.js';

/** Thrown inside the transaction to roll the change back when its result would break the contract. */
class StoredFieldsBreakContract extends Error {
  /** @param stored whether the issues are about stored values (a 422 naming them) or the request's own */
  constructor(
    readonly issues: FieldIssue[],
    readonly stored = true,
  ) {
    super('The edited prospect would break the contract.');
  }
}

/** The 422 issue for a field the request did not send, whose stored value the contract no longer allows. */
const storedFieldIssue = (issue: FieldIssue): FieldIssue => {
  const field = issue.path[0] ?? 'body';
  return {
    path: [field],
    keyword: 'stored',
    message: `The stored ${field} is not valid any more (an earlier version saved it): send a valid ${field}, or null, with this change.`,
  };
};

/**
 * Edits a prospect: the one code path of `PATCH /api/v1/prospects/{id}` and the app's Edit form. Only the
 * fields sent change, `tags` replaces the list, `null` clears an optional field, and a change to
 * `contact_first_name` or `contact_last_name` recomposes a composed `contact_name` (core's `composeContactName`). The contract's
 * `updateProspect` emits no event, so neither does this.
 *
 * The answer is always the contract's: when the edited prospect would still break it (a field the request did
 * not send holds a value an earlier version stored under older rules, which migration 14 repairs), the change
 * is rolled back and refused with a 422 naming that field, instead of being saved and answered with a prospect
 * that breaks the contract (docs/versioning.md, "Stored data").
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
  try {
    const prospect = await db.transaction(async (tx) => {
      // A change to the name's parts may compose `contact_name`, which depends on what is stored (openapi.yaml
      // `ContactName`): read it locked, so a concurrent edit cannot slip between the read and the write.
      // custom_fields merge into the stored values (openapi.yaml `CustomFieldValueInput`), checked against the
      // workspace's definitions.
      const sentCustom = input.body.custom_fields;
      const writesPart = 'contact_first_name' in fields || 'contact_last_name' in fields;
      const needsStored = writesPart || Boolean(sentCustom);
      const stored = needsStored
        ? await getProspect(tx, input.workspaceId, input.prospectId, { forUpdate: true })
        : undefined;
      if (needsStored && !stored) return undefined;
      const composed = stored ? composeContactName(fields, stored) : fields;
      if (sentCustom && stored) {
        const definitions = await listCustomFields(tx, input.workspaceId);
        const custom = normalizeCustomFields(sentCustom, definitions, stored.custom_fields);
        if (custom.issues.length > 0) throw new StoredFieldsBreakContract(custom.issues, false);
        composed.custom_fields = custom.values;
      }
      const updated = await updateProspect(tx, input.workspaceId, input.prospectId, composed, input.now);
      const broken = updated ? prospectContractIssues(updated) : [];
      if (broken.length > 0) throw new StoredFieldsBreakContract(broken);
      return updated;
    });
    return prospect ? { prospect } : undefined;
  } catch (error) {
    if (!(error instanceof StoredFieldsBreakContract)) throw error;
    if (!error.stored) return { issues: error.issues };
    return { issues: [...new Map(error.issues.map((i) => [i.path[0], storedFieldIssue(i)])).values()] };
  }
}
