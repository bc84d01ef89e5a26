import {
  type CustomFieldDefinition,
  composeContactName,
  type NormalizedProspectInput,
  OPTIONAL_PROSPECT_TEXT,
  type Prospect,
} from '@prospectkit/core';
import type { Sql } from '../db/database.js';
import { getProspect, updateProspect } from '../store/prospects.js';
import { type ProspectField, prospectFieldLabel } from './import-fields.js';

/** How a duplicate row updates the prospect it matched. */
export type UpdateMode = 'update_fill_empty' | 'update_overwrite';

const isEmpty = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The change a row makes to the prospect it matched, as a `PATCH` body would (docs/importing.md, "Duplicates"):
 * with `update_fill_empty` only the fields (and custom fields) the prospect has no value for; with
 * `update_overwrite` every field the row gives a value that differs. Blank cells never clear a value. The name
 * is then composed as `PATCH` composes it (core's `composeContactName`).
 *
 * @returns the change (empty when there is nothing to write) and the labels of the fields it writes
 */
export function rowChange(
  row: NormalizedProspectInput & { company: string },
  stored: Prospect,
  mode: UpdateMode,
  customFields: readonly CustomFieldDefinition[],
): { change: NormalizedProspectInput; labels: string[] } {
  const change: NormalizedProspectInput = {};
  const labels: string[] = [];
  const writes = (value: unknown, current: unknown) =>
    !isEmpty(value) && (mode === 'update_overwrite' ? !same(value, current) : isEmpty(current));
  for (const field of ['company', ...OPTIONAL_PROSPECT_TEXT, 'tags'] as const) {
    const value = row[field];
    if (!writes(value, stored[field])) continue;
    (change as Record<string, unknown>)[field] = value;
    labels.push(prospectFieldLabel(field as ProspectField));
  }
  const custom: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row.custom_fields ?? {})) {
    if (!writes(value, stored.custom_fields[key])) continue;
    custom[key] = value;
    labels.push(customFields.find((f) => f.key === key)?.label ?? key);
  }
  if (Object.keys(custom).length > 0) {
    change.custom_fields = { ...stored.custom_fields, ...custom } as typeof change.custom_fields;
  }
  const composed = Object.keys(change).length > 0 ? composeContactName(change, stored) : change;
  return { change: composed, labels };
}

/**
 * Updates the prospect a duplicate row matched, in the batch's transaction, as `PATCH /prospects/{id}` writes
 * (the store's `updateProspect`; no event, as `updateProspect` emits none). The prospect is read locked first.
 * On a dry run nothing is written, and the labels say what would be.
 *
 * @returns the labels of the fields written (or that would be), or `undefined` when the prospect is gone
 * @see openapi.yaml operationId `updateProspect`
 */
export async function updateFromRow(
  tx: Sql,
  options: {
    workspaceId: string;
    prospectId: string;
    row: NormalizedProspectInput & { company: string };
    mode: UpdateMode;
    customFields: readonly CustomFieldDefinition[];
    dryRun: boolean;
    now: Date;
  },
): Promise<string[] | undefined> {
  const stored = await getProspect(tx, options.workspaceId, options.prospectId, {
    forUpdate: !options.dryRun,
  });
  if (!stored) return undefined;
  const { change, labels } = rowChange(options.row, stored, options.mode, options.customFields);
  if (!options.dryRun && labels.length > 0) {
    await updateProspect(tx, options.workspaceId, options.prospectId, change, options.now);
  }
  return labels;
}
