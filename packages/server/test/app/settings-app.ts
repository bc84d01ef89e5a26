import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { ABILITIES } from '@prospectkit/core';
import { pino } from 'pino';
import type { SettingsOptions } from '../../src/app/app-router.js';
import type { Clock } from '../../src/clock.js';
import type { Database } from '../../src/db/database.js';
import { createApp } from '../../src/http/create-app.js';
import { ensureOwner } from '../../src/people/ensure-owner.js';
import { createLimiter } from '../../src/rate-limit/create-limiter.js';
import { createApiToken } from '../../src/store/api-tokens.js';
import { createWorkspace } from '../../src/store/workspaces.js';
import { openTestDatabase } from '../../src/testing/index.js';
import { SettingsClient } from './settings-client.js';

/** The owner's password of the in-process settings apps. */
export const PASSWORD = 'settings http test password';
/** The owner's sign-in address in the in-process settings apps. */
export const OWNER_EMAIL = 'owner@example.com';

/**
 * Makes the test owner (`OWNER_EMAIL`, `PASSWORD`) the installation's owner, and owner of every workspace there is
 * and that the test creates later (a trigger on this test database only), so tests written before people existed
 * keep signing in as "the administrator" who sees every workspace. Tests of roles make their own members.
 */
export async function ownEveryWorkspace(db: Database, password = PASSWORD): Promise<void> {
  await ensureOwner(db, { email: OWNER_EMAIL, password, generate: false });
  await db.query(`create or replace function test_owner_owns_workspace() returns trigger language plpgsql as $$
    begin
      insert into teammates (id, workspace_id, name, email, person_id, role)
        select 'tm_' || upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 26)), new.id, p.name, p.email, p.id, 'owner'
        from people p where p.installation_owner;
      return new;
    end $$`);
  await db.query('drop trigger if exists test_owner_owns_workspace on workspaces');
  await db.query(
    'create trigger test_owner_owns_workspace after insert on workspaces for each row execute function test_owner_owns_workspace()',
  );
}

/**
 * One app instance on a shared database, logging into `lines`, trusting a loopback proxy (so tests set the
 * client address with `X-Forwarded-For`).
 */
export async function startApp(
  db: Database,
  settings: SettingsOptions = {},
  options: { requestsPerMinute?: number; clock?: Clock; publicUrl?: string; password?: string } = {},
) {
  await ownEveryWorkspace(db, options.password);
  const lines: string[] = [];
  const logger = pino(
    { level: 'debug' },
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    }),
  );
  const limiter = createLimiter(db, options.requestsPerMinute ?? 1_000_000);
  const app = createApp({
    db,
    logger,
    limiter: limiter.limiter,
    signInLimiter: limiter.signInLimiter,
    accountSignInLimiter: limiter.accountSignInLimiter,
    pageLimiter: limiter.pageLimiter,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
    trustProxy: 'loopback',
    settings: { ...settings, allowInsecureWebhooks: true },
  });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    lines,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await limiter.close();
    },
  };
}

/**
 * A database of `kind`, an app on it (with `settings`, default none), the workspace "Acme sales", an API token with
 * every ability (a day long) and the owner signed in: what the HTTP tests of a workspace's pages and its API start
 * from.
 */
export async function startWorkspaceApp(kind: 'pglite' | 'postgres', settings: SettingsOptions = {}) {
  const db = await openTestDatabase(kind);
  const app = await startApp(db, settings);
  const workspaceId = (await createWorkspace(db, 'Acme sales')).id;
  const now = new Date();
  const { token } = await createApiToken(db, {
    workspaceId,
    name: 'test',
    abilities: ABILITIES,
    expiresAt: new Date(now.getTime() + 86_400_000),
    now,
  });
  const browser = new SettingsClient(app.origin);
  const signedIn = await browser.signIn(PASSWORD);
  if (signedIn.status !== 303) throw new Error(`The owner's sign-in answered ${signedIn.status}, not 303.`);
  return { db, app, workspaceId, token, browser };
}
