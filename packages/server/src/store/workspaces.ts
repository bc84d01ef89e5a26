import { newId } from '@prospectkit/core';
import { notifyAuthChanged } from '../auth/grant-cache.js';
import type { Sql } from '../db/database.js';

/** A workspace: the tenant that owns prospects, tokens and webhooks. */
export interface Workspace {
  /** `ws_` and a ULID. */
  id: string;
  /** A name for people, e.g. `Acme sales`. */
  name: string;
  /** When it was suspended (its tokens get 401), or `null` while it is active. */
  suspended_at: Date | null;
  /** When it was created. */
  created_at: Date;
}

/**
 * Creates a workspace.
 *
 * @param db - the database or a transaction
 * @param name - a name for people
 * @returns the new workspace, active
 * @example
 * const workspace = await createWorkspace(db, 'Acme sales');
 */
export async function createWorkspace(db: Sql, name: string): Promise<Workspace> {
  const [row] = await db.query<Workspace & Record<string, unknown>>(
    'insert into workspaces (id, name) values ($1, $2) returning *',
    [newId('workspace'), name],
  );
  return row as Workspace;
}

/**
 * Every workspace, oldest first.
 *
 * @param db - the database or a transaction
 * @returns every workspace, suspended ones included
 * @example
 * const [only] = await listWorkspaces(db);
 */
export async function listWorkspaces(db: Sql): Promise<Workspace[]> {
  return db.query<Workspace & Record<string, unknown>>('select * from workspaces order by created_at, id');
}

/**
 * Suspends (`true`) or resumes (`false`) a workspace; its tokens get 401 while suspended.
 *
 * @returns the workspace, or `undefined` when there is no such workspace
 * @example
 * await setWorkspaceSuspended(db, 'ws_01J...', true); // every token of the workspace now gets 401
 */
export async function setWorkspaceSuspended(
  db: Sql,
  id: string,
  suspended: boolean,
): Promise<Workspace | undefined> {
  const [row] = await db.query<Workspace & Record<string, unknown>>(
    `update workspaces set suspended_at = ${suspended ? 'coalesce(suspended_at, now())' : 'null'} where id = $1 returning *`,
    [id],
  );
  await notifyAuthChanged(db);
  return row;
}

/** Renames a workspace; returns it, or `undefined` when there is no such workspace. */
export async function renameWorkspace(db: Sql, id: string, name: string): Promise<Workspace | undefined> {
  const [row] = await db.query<Workspace & Record<string, unknown>>(
    'update workspaces set name = $2 where id = $1 returning *',
    [id, name],
  );
  return row;
}
