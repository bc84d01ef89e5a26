import { createHash } from 'node:crypto';
import type { Sql } from '../db/database.js';
import type { ColumnMapping } from './import-fields.js';
import type { DuplicateMode, NewFieldSpec } from './import-options.js';

/** A mapping remembered for a header set: what the last import of a file with the same headers started with. */
export interface RememberedMapping {
  mapping: ColumnMapping;
  /** The fields that import created; they exist now, so the mapping already targets them as `custom:<key>`. */
  newFields: NewFieldSpec[];
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
 * The mapping the workspace last started an import with for a file with these headers (migration 20's
 * `import_mappings`), or `undefined`. The page offers it in place of the suggested mapping; targets that no
 * longer exist (a custom field deleted since) come back as `null`.
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
  void db;
  void options;
  throw new Error('not implemented yet');
}
