import { CUSTOM_FIELD_LIMIT, type CustomFieldDefinition, type CustomFieldType } from '@prospectkit/core';
import type { Sql } from '../db/database.js';

interface DefinitionRow {
  key: string;
  label: string;
  type: string;
  options: string[] | null;
}

const toDefinition = (row: DefinitionRow): CustomFieldDefinition => ({
  key: row.key,
  label: row.label,
  type: row.type as CustomFieldType,
  options: row.options ?? [],
});

/**
 * The workspace's custom fields (migration 18's `custom_field_definitions`), in the order they were added.
 *
 * @see docs/prospects.md, "Custom fields"
 */
export async function listCustomFields(db: Sql, workspaceId: string): Promise<CustomFieldDefinition[]> {
  const rows = await db.query<DefinitionRow & Record<string, unknown>>(
    `select key, label, type, options from custom_field_definitions where workspace_id = $1 order by position, key`,
    [workspaceId],
  );
  return rows.map((row) => toDefinition(row as DefinitionRow));
}

/** What {@link addCustomField} did: the field added, or why it was refused. */
export type AddCustomFieldResult =
  | {
      /** The field as stored. */
      field: CustomFieldDefinition;
    }
  | {
      /** `exists`: the workspace has a field with that key; `limit`: it has 50 fields already. */
      refused: 'exists' | 'limit';
    };

/**
 * Adds a custom field (already checked: key, label, type, options) unless the workspace already has one with
 * that key or has 50 fields (core's `CUSTOM_FIELD_LIMIT`). The workspace's row is locked, so two additions at once
 * cannot both pass the limit.
 *
 * @returns the field, or why it was not added: `exists` (the key is taken) or `limit` (50 fields)
 */
export async function addCustomField(
  tx: Sql,
  workspaceId: string,
  field: CustomFieldDefinition,
  now: Date,
): Promise<AddCustomFieldResult> {
  await tx.query(`select id from workspaces where id = $1 for update`, [workspaceId]);
  const existing = await listCustomFields(tx, workspaceId);
  if (existing.some((f) => f.key === field.key)) return { refused: 'exists' };
  if (existing.length >= CUSTOM_FIELD_LIMIT) return { refused: 'limit' };
  await tx.query(
    `insert into custom_field_definitions (workspace_id, key, label, type, options, position, created_at)
     values ($1, $2, $3, $4, $5::text::jsonb, coalesce((select max(position) + 1 from custom_field_definitions where workspace_id = $1), 0), $6)`,
    [workspaceId, field.key, field.label, field.type, JSON.stringify(field.options), now],
  );
  return { field };
}

/**
 * Removes a custom field and, in the same transaction, its value from every prospect of the workspace (so no
 * prospect keeps a key the workspace no longer defines, openapi.yaml `CustomFieldValues`).
 *
 * @returns the removed field, or `undefined` when the workspace has no such field
 */
export async function removeCustomField(
  tx: Sql,
  workspaceId: string,
  key: string,
): Promise<CustomFieldDefinition | undefined> {
  const [row] = await tx.query<DefinitionRow & Record<string, unknown>>(
    `delete from custom_field_definitions where workspace_id = $1 and key = $2 returning key, label, type, options`,
    [workspaceId, key],
  );
  if (!row) return undefined;
  await tx.query(
    `update prospects set custom_fields = custom_fields - $2 where workspace_id = $1 and custom_fields ? $2`,
    [workspaceId, key],
  );
  return toDefinition(row as DefinitionRow);
}
