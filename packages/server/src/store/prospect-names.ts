import type { Sql } from '../db/database.js';

/** What a page names a prospect by: its company, and its contact's name when it has one. */
export interface ProspectName {
  company: string;
  contact_name: string | null;
}

/**
 * The names of some of a workspace's prospects, by id, in one statement (the primary key): for a page that links
 * many prospects, such as an import's report. An id of another workspace, or of a prospect since deleted, is
 * left out.
 *
 * @param ids prospect ids (`prs_` plus a ULID); at most a page's worth (the import report shows 200)
 */
export async function prospectNames(
  db: Sql,
  workspaceId: string,
  ids: readonly string[],
): Promise<Map<string, ProspectName>> {
  if (ids.length === 0) return new Map();
  const rows = await db.query<ProspectName & { id: string } & Record<string, unknown>>(
    'select id, company, contact_name from prospects where workspace_id = $1 and id = any($2::text[])',
    [workspaceId, [...new Set(ids)]],
  );
  return new Map(rows.map(({ id, ...name }) => [id, name]));
}
