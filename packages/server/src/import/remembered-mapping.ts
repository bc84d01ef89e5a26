import { createHash } from 'node:crypto';
import type { Sql } from '../db/database.js';
import { type ColumnMapping, customFieldKey, isProspectField, type MappingTarget } from './import-fields.js';
import { type DuplicateMode, isDuplicateMode, type NewFieldSpec } from './import-options.js';

/** A mapping remembered for a header set: what the last import of a file with the same headers started with. */
export interface RememberedMapping {
  /** One target or `null` per column, as that import started with. */
  mapping: ColumnMapping;
  /**
   * The fields that import created (or, on a dry run, would have). Those that exist now are targeted by the
   * mapping as `custom:<key>`; those that do not (a dry run's) come back here to offer again, their column `null`.
   */
  newFields: NewFieldSpec[];
  /** What that import did with rows matching a prospect (docs/importing.md, "Duplicates"). */
  duplicates: DuplicateMode;
  /** When it was remembered (the start of that import). */
  rememberedAt: Date;
}

/**
 * The key a header set is remembered by: a SHA-256 (hex) of the headers normalised (NFKC, trimmed, lower case,
 * inner spaces as one), in file order, so "First Name" and "first  name" are the same header.
 *
 * @example
 * headerSetKey(['Company', 'E-mail']) === headerSetKey([' company', 'e-mail']); // true
 */
export function headerSetKey(headers: readonly string[]): string {
  const normalised = headers.map((h) => h.normalize('NFKC').trim().toLowerCase().replace(/\s+/g, ' '));
  return createHash('sha256').update(JSON.stringify(normalised)).digest('hex');
}

/**
 * Remembers the mapping an import starts with for its header set (migration 20's `import_mappings`), replacing
 * the one remembered before; in the start's transaction.
 */
export async function rememberMapping(
  tx: Sql,
  options: { workspaceId: string; headers: readonly string[]; remembered: RememberedMapping },
): Promise<void> {
  const { mapping, newFields, duplicates, rememberedAt } = options.remembered;
  await tx.query(
    `insert into import_mappings (workspace_id, header_key, headers, mapping, new_fields, duplicates, remembered_at)
     values ($1, $2, $3::text::jsonb, $4::text::jsonb, $5::text::jsonb, $6, $7)
     on conflict (workspace_id, header_key) do update set headers = excluded.headers, mapping = excluded.mapping,
       new_fields = excluded.new_fields, duplicates = excluded.duplicates, remembered_at = excluded.remembered_at`,
    [
      options.workspaceId,
      headerSetKey(options.headers),
      JSON.stringify(options.headers),
      JSON.stringify(mapping),
      JSON.stringify(newFields),
      duplicates,
      rememberedAt,
    ],
  );
}

const parse = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);

/**
 * The mapping the workspace last started an import with for a file with these headers (migration 20's
 * `import_mappings`), or `undefined`. The page offers it in place of the suggested mapping; a target that no
 * longer exists (a custom field deleted since) comes back as `null`, and a new field of a dry run that was
 * never created comes back in `newFields`, its column `null`.
 *
 * @param options.workspaceId the workspace
 * @param options.headers the new file's header row
 * @param options.fields the workspace's custom fields now (their keys are the `custom:<key>` that still hold)
 * @example
 * const remembered = await rememberedMapping(db, { workspaceId, headers: job.headers, fields });
 * const mapping = remembered?.mapping ?? suggestMapping(job.headers);
 * @see docs/importing.md, "Remembered mappings"
 */
export async function rememberedMapping(
  db: Sql,
  options: {
    workspaceId: string;
    headers: readonly string[];
    fields: ReadonlyArray<{ key: string }>;
  },
): Promise<RememberedMapping | undefined> {
  const [row] = await db.query<Record<string, unknown>>(
    `select mapping, new_fields, duplicates, remembered_at from import_mappings
     where workspace_id = $1 and header_key = $2`,
    [options.workspaceId, headerSetKey(options.headers)],
  );
  if (!row) return undefined;
  const keys = new Set(options.fields.map((f) => f.key));
  const stored = parse(row.mapping) as (string | null)[];
  const mapping: ColumnMapping = options.headers.map((_, index) => {
    const target = (stored[index] ?? null) as MappingTarget | null;
    const key = customFieldKey(target);
    if (key !== undefined) return keys.has(key) ? target : null;
    return isProspectField(target) ? target : null;
  });
  const newFields = (parse(row.new_fields) as NewFieldSpec[]).filter((f) => !keys.has(f.key));
  const duplicates = isDuplicateMode(row.duplicates) ? row.duplicates : 'skip';
  return { mapping, newFields, duplicates, rememberedAt: new Date(row.remembered_at as string) };
}
