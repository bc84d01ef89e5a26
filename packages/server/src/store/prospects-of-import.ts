import type { Prospect } from '@prospectkit/core';
import type { Sql } from '../db/database.js';
import { type ProspectRow, ROW, toProspect } from './prospect-row.js';

/** One page of the prospects an import created: see {@link listProspectsOfImport}. */
export interface ProspectsOfImport {
  /** In the order they were created (by id). */
  prospects: Prospect[];
  /** The last prospect's id when there are more after it (the next page's `after`), else `undefined`. */
  next: string | undefined;
}

/**
 * The prospects an import created (`import_job_id`, migration 23), `limit` at a time after the id `after`, from
 * the partial index `prospects_by_import`: what the import report's "N prospects were imported" opens
 * (docs/importing.md, "The report"). A prospect since deleted is not listed; one created by an import before
 * migration 23 has no job recorded and is not listed either.
 *
 * @param options.after the last id of the previous page. Default: from the first
 * @param options.limit prospects a page, 1-100. Default 50
 */
export async function listProspectsOfImport(
  db: Sql,
  options: { workspaceId: string; jobId: string; after?: string | undefined; limit?: number },
): Promise<ProspectsOfImport> {
  const limit = Math.min(Math.max(options.limit ?? 50, 1), 100);
  const rows = await db.query<ProspectRow & Record<string, unknown>>(
    `select ${ROW} from prospects
      where workspace_id = $1 and import_job_id = $2 and ($3::text is null or id > $3::text)
      order by id limit $4`,
    [options.workspaceId, options.jobId, options.after ?? null, limit + 1],
  );
  const prospects = rows.slice(0, limit).map((row) => toProspect(row));
  return { prospects, next: rows.length > limit ? prospects.at(-1)?.id : undefined };
}
