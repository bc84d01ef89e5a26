import type { FieldIssue, Prospect, ProspectUpdate } from '@prospectkit/core';
import {
  composeContactName,
  normalizeCustomFields,
  normalizeProspectInput,
  PROSPECT_INPUT_FIELDS,
  prospectContractIssues,
} from '@prospectkit/core';
import type { Operation } from './operation.js';

/** The fields a change writes, as the server's columns (core's `PROSPECT_INPUT_FIELDS`). */
const COLUMNS = PROSPECT_INPUT_FIELDS;

/** Like the server's: the 422 issue for a field not sent whose stored value the contract no longer allows. */
const storedFieldIssue = (field: string): FieldIssue => ({
  path: [field],
  keyword: 'stored',
  message: `The stored ${field} is not valid any more (an earlier version saved it): send a valid ${field}, or null, with this change.`,
});

/**
 * `PATCH /prospects/{id}`: only the fields sent change, `null` clears, `tags` replaces the list. Like the
 * server, a change to the name's parts recomposes a composed `contact_name` (core's `composeContactName`), every call (`{}` included) moves `updated_at`, and a change whose result would still break the
 * contract (a field stored as is with `db.prospects.update`) is refused with 422 naming that field, writing
 * nothing. @see operationId `updateProspect`
 */
export const updateProspect: Operation = ({ ctx, prospectId, body }) => {
  const normalized = normalizeProspectInput(body as ProspectUpdate);
  if (normalized.issues.length > 0) return { issues: normalized.issues };
  const current = ctx.db.prospects.get(prospectId) as Prospect;
  const input = composeContactName(normalized.input, current);
  const sentCustom = (body as ProspectUpdate).custom_fields;
  if (sentCustom) {
    const workspaceId = ctx.db.prospects.workspaceOf(prospectId);
    const definitions = ctx.db.customFields.list(workspaceId ? { workspaceId } : {});
    const custom = normalizeCustomFields(sentCustom, definitions, current.custom_fields);
    if (custom.issues.length > 0) return { issues: custom.issues };
    input.custom_fields = custom.values;
  }
  const changes: Partial<Prospect> = { updated_at: ctx.clock.now().toISOString() };
  for (const column of COLUMNS) {
    if (column in input)
      Object.assign(changes, { [column]: column === 'tags' ? (input.tags ?? []) : input[column] });
  }
  const broken = prospectContractIssues({ ...current, ...changes });
  if (broken.length > 0)
    return { issues: [...new Set(broken.map((i) => i.path[0] ?? 'body'))].map(storedFieldIssue) };
  return { status: 200, body: ctx.db.prospects.update(prospectId, changes) };
};
