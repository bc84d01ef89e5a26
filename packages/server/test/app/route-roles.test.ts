import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../../src/app/index.js';
import { abilityFor, can } from '../../src/app/shared/authorize.js';
import type { Database } from '../../src/db/database.js';
import { ensureOwner } from '../../src/people/ensure-owner.js';
import { createLimiter } from '../../src/rate-limit/create-limiter.js';
import { createLogger } from '../../src/start-server.js';
import type { MemberRole } from '../../src/store/members.js';
import { createWorkspace } from '../../src/store/workspaces.js';
import { openTestDatabase, testDatabaseKinds } from '../../src/testing/index.js';
import { type AppRoute, appRoutes } from './app-routes.js';
import { addTestMember, MEMBER_PASSWORD } from './role-fixture.js';
import { SettingsClient } from './settings-client.js';

const PUBLIC = /^\/(sign-in|sign-out|password-reset|invitations)(\/|$)/;
const PRINCIPALS = ['owner', 'admin', 'member', 'viewer', 'outsider'] as const;
type Principal = (typeof PRINCIPALS)[number];

describe.each(testDatabaseKinds())('every route of the app × every role (%s)', (kind) => {
  let db: Database;
  let server: Server;
  let origin: string;
  let routes: AppRoute[];
  let workspaceId: string;
  const clients = new Map<Principal, SettingsClient>();

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    workspaceId = (await createWorkspace(db, 'Acme sales')).id;
    const otherId = (await createWorkspace(db, 'Elsewhere Ltd')).id;
    await ensureOwner(db, { email: 'owner@example.com', password: MEMBER_PASSWORD, generate: false });
    // The owner is made owner of both; "outsider" is an admin of the other workspace only.
    for (const role of ['admin', 'member', 'viewer'] as const)
      await addTestMember(db, { workspaceId, email: `${role}@example.com`, name: `The ${role}`, role });
    await addTestMember(db, {
      workspaceId: otherId,
      email: 'outsider@example.com',
      name: 'Outsider',
      role: 'admin',
    });
    const limiter = createLimiter(db, 1_000_000);
    const router = appRouter({
      db,
      logger: createLogger('silent'),
      signInLimiter: limiter.signInLimiter,
      accountSignInLimiter: limiter.accountSignInLimiter,
      pageLimiter: limiter.pageLimiter,
      secureCookies: false,
      allowInsecureWebhooks: true,
    });
    routes = appRoutes(router);
    const app = express();
    app.use(router);
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    for (const who of PRINCIPALS) {
      const client = new SettingsClient(origin);
      expect((await client.signIn(MEMBER_PASSWORD, `${who}@example.com`)).status).toBe(303);
      clients.set(who, client);
    }
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await db?.close();
  });

  /** What a principal must get on a route: allowed (anything but 403/404 from the check), 403, or 404. */
  function expected(who: Principal, route: AppRoute): 'allowed' | 403 | 404 {
    const inWorkspace = /^\/workspaces\/:workspaceId(\/.*)?$/.exec(route.path);
    if (!inWorkspace) {
      // Creating a workspace and reading the postmaster mail are the installation owner's (no workspace's).
      if (route.method === 'POST' && route.path === '/workspaces') return who === 'owner' ? 'allowed' : 403;
      if (route.path.startsWith('/postmaster')) return who === 'owner' ? 'allowed' : 403;
      return 'allowed';
    }
    if (who === 'outsider') return 404;
    const ability = abilityFor(route.method, inWorkspace[1] ?? '/');
    return ability && can(who as MemberRole, ability) ? 'allowed' : 403;
  }

  const concrete = (path: string) =>
    path
      .replace(':workspaceId', workspaceId)
      .replace(/\{\*\w+\}/g, '')
      .replace(/:(\w+)/g, 'xx_none');

  it('walks every route: each role gets what AREA_RULES says, and another workspace’s member gets 404 and no name of it', async () => {
    const checked: string[] = [];
    const ordered = [...routes]
      .filter((r) => !PUBLIC.test(r.path))
      .sort((a, b) => (a.method === b.method ? 0 : a.method === 'GET' ? -1 : 1));
    expect(ordered.length).toBeGreaterThan(60);
    for (const route of ordered) {
      for (const who of PRINCIPALS) {
        const client = clients.get(who) as SettingsClient;
        const path = concrete(route.path);
        const answer =
          route.method === 'GET'
            ? await client.get(path)
            : await client.request(route.method, path, { _csrf: await client.csrf('/account') });
        const want = expected(who, route);
        const label = `${who} ${route.method} ${route.path} -> ${answer.status}`;
        expect(answer.status, label).toBeLessThan(500);
        if (want === 'allowed') {
          expect(answer.status, label).not.toBe(403);
          // A 404 here is the page's own (no prospect with that id), never the check's "no workspace".
          expect(answer.text, label).not.toContain('There is no workspace with that id');
          expect(answer.location ?? '', label).not.toBe('/sign-in');
        } else {
          expect(answer.status, label).toBe(want);
        }
        if (who === 'outsider' && route.path.startsWith('/workspaces/:workspaceId')) {
          expect(answer.text, label).not.toContain('Acme sales');
        }
        checked.push(label);
      }
    }
    // The table's size, for the record: routes × principals.
    console.info(
      `route × role table: ${ordered.length} routes × ${PRINCIPALS.length} principals = ${checked.length} checks`,
    );
  }, 300_000);
});
