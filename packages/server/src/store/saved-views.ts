import { newId } from '@prospectkit/core';
import type { Sql } from '../db/database.js';

// `saved_views` (migration 19): a workspace's named views of the app's prospect list, each the list's query string.

/** A saved view: its name and the list's query string (`tag=q4&owner_id=none`), without `page` or `cursor`. */
export interface SavedView {
  id: string;
  workspace_id: string;
  name: string;
  query: string;
  created_at: Date;
}

/** The workspace's saved views, by name (A-Z, case ignored). */
export async function listSavedViews(db: Sql, workspaceId: string): Promise<SavedView[]> {
  return db.query<SavedView & Record<string, unknown>>(
    'select id, workspace_id, name, query, created_at from saved_views where workspace_id = $1 order by lower(name), id',
    [workspaceId],
  );
}

/** Stores a view, in the caller's transaction (with its audit entry). */
export async function createSavedView(
  tx: Sql,
  input: { workspaceId: string; name: string; query: string; createdBy: string | null; now: Date },
): Promise<SavedView> {
  const [row] = await tx.query<SavedView & Record<string, unknown>>(
    `insert into saved_views (id, workspace_id, name, query, created_by, created_at) values ($1, $2, $3, $4, $5, $6)
     returning id, workspace_id, name, query, created_at`,
    [
      newId('savedView', input.now.getTime()),
      input.workspaceId,
      input.name,
      input.query,
      input.createdBy,
      input.now,
    ],
  );
  return row as SavedView;
}

/** Deletes a view of the workspace; `undefined` when it has none of that id. */
export async function deleteSavedView(
  tx: Sql,
  workspaceId: string,
  id: string,
): Promise<SavedView | undefined> {
  const [row] = await tx.query<SavedView & Record<string, unknown>>(
    'delete from saved_views where workspace_id = $1 and id = $2 returning id, workspace_id, name, query, created_at',
    [workspaceId, id],
  );
  return row;
}
