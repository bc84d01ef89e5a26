import { ABILITIES } from '@prospectkit/core';
import type { Database } from './db/database.js';
import { createApiToken, MAX_TOKEN_LIFETIME_MS } from './store/api-tokens.js';
import { addInstallationOwners } from './store/members.js';
import { createWorkspace } from './store/workspaces.js';

/**
 * On a database with no workspace yet, creates a demo workspace and a token with every ability, so that
 * `npm start` needs no set-up. Returns the token (to print once), or `undefined` when workspaces exist.
 * Development only: `prospectkit-server start` never calls it in production (see `startBanner`), where a
 * full-access token nobody asked for is a liability.
 *
 * @param db - the open, migrated database; concurrent starts agree through an advisory lock
 * @example
 * const demo = await bootstrapDemo(db);
 * if (demo) console.error(`PROSPECTKIT_TOKEN=${demo.token}`);
 */
export async function bootstrapDemo(db: Database): Promise<
  | {
      /** The demo workspace's id. */
      workspaceId: string;
      /** The `pkt_...` token: shown once, never stored (only its SHA-256). */
      token: string;
    }
  | undefined
> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(7301990118)');
    const [existing] = await tx.query('select id from workspaces limit 1');
    if (existing) return undefined;
    const workspace = await createWorkspace(tx, 'Demo workspace');
    // The installation's owner owns it, so it opens in the app.
    await addInstallationOwners(tx, workspace.id);
    const now = new Date();
    const { token } = await createApiToken(tx, {
      workspaceId: workspace.id,
      name: 'Development token',
      abilities: ABILITIES,
      expiresAt: new Date(now.getTime() + MAX_TOKEN_LIFETIME_MS - 60_000),
      now,
    });
    return { workspaceId: workspace.id, token };
  });
}
