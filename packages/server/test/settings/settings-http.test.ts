import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../src/clock.js';
import type { Database } from '../../src/db/database.js';
import { createApp } from '../../src/http/create-app.js';
import { createLimiter } from '../../src/http/create-limiter.js';
import { ensureAdminPassword } from '../../src/settings/index.js';
import { createApiToken, listApiTokens } from '../../src/store/api-tokens.js';
import { createWebhook } from '../../src/store/webhooks.js';
import { createWorkspace } from '../../src/store/workspaces.js';
import { openTestDatabase, testDatabaseKinds } from '../../src/testing/index.js';
import { SettingsClient } from './settings-client.js';

const PASSWORD = 'settings http test password';

/** One app instance on a shared database, logging into `lines`. */
async function startApp(
  db: Database,
  settings: { adminPassword?: string } = { adminPassword: PASSWORD },
  options: { requestsPerMinute?: number; clock?: Clock; publicUrl?: string } = {},
) {
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

describe.each(testDatabaseKinds())('settings area over HTTP (%s)', (kind) => {
  let db: Database;
  let app: Awaited<ReturnType<typeof startApp>>;
  let workspaceId: string;
  const client = (headers: Record<string, string> = {}) => new SettingsClient(app.origin, headers);

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    app = await startApp(db);
    workspaceId = (await createWorkspace(db, 'Acme sales')).id;
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it('sends every page uncached, with a Content-Security-Policy that forbids inline code and framing', async () => {
    const page = await client().get('/settings/sign-in');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.text).not.toMatch(/<script>|<style>| style="| on\w+="/);
  });

  it('sends signed-out visitors to the sign-in page', async () => {
    for (const path of ['/settings', '/settings/workspaces', `/settings/workspaces/${workspaceId}/tokens`]) {
      const page = await client().get(path);
      expect([page.status, page.location]).toEqual([303, '/settings/sign-in']);
    }
  });

  it('sets an HTTP-only, SameSite=Lax session cookie on /settings at sign-in, Secure when the request came over https', async () => {
    const sessionCookie = (answer: { headers: Headers }) =>
      answer.headers.getSetCookie().find((c) => c.startsWith('prospectkit_settings='));
    const plain = client();
    expect((await plain.get('/settings/sign-in')).headers.getSetCookie()).toEqual([
      expect.stringMatching(
        /^prospectkit_sign_in=[\w-]{43}; Max-Age=7200; Path=\/settings\/sign-in; Expires=[^;]+; HttpOnly; SameSite=Strict$/,
      ),
    ]);
    expect(sessionCookie(await plain.signIn(PASSWORD))).toMatch(
      /^prospectkit_settings=s%3A[^;]+; Path=\/settings; Expires=[^;]+; HttpOnly; SameSite=Lax$/,
    );
    const secure = await client({ 'X-Forwarded-Proto': 'https' }).signIn(PASSWORD);
    expect(sessionCookie(secure)).toMatch(/; HttpOnly; Secure; SameSite=Lax$/);
  });

  it('never sends the session cookie without Secure when the public address is https, whatever the proxy says', async () => {
    const behindTls = await startApp(
      db,
      { adminPassword: PASSWORD },
      { publicUrl: 'https://settings.example.com' },
    );
    try {
      const sessionCookies = (answer: { headers: Headers }) =>
        answer.headers.getSetCookie().filter((c) => c.startsWith('prospectkit_settings='));
      // A TLS proxy that does not say so (no X-Forwarded-Proto), or a request that reached the server directly.
      const unmarked = await new SettingsClient(behindTls.origin).signIn(PASSWORD);
      expect(sessionCookies(unmarked).filter((c) => !/; Secure/.test(c))).toEqual([]);
      const marked = await new SettingsClient(behindTls.origin, { 'X-Forwarded-Proto': 'https' }).signIn(
        PASSWORD,
      );
      expect(sessionCookies(marked)).toEqual([expect.stringMatching(/; HttpOnly; Secure; SameSite=Lax$/)]);
    } finally {
      await behindTls.close();
    }
  });

  it('stores no session for a signed-out visitor: the sign-in page and a refused sign-in set no session cookie', async () => {
    const count = async () =>
      Number((await db.query<{ n: number }>('select count(*)::int as n from settings_sessions'))[0]?.n);
    const before = await count();
    for (let i = 0; i < 5; i++) {
      const page = await client({ 'X-Forwarded-For': '198.51.100.60' }).get('/settings/sign-in');
      expect(page.status).toBe(200);
      expect(page.headers.getSetCookie().filter((c) => c.startsWith('prospectkit_settings='))).toEqual([]);
    }
    const refused = await client({ 'X-Forwarded-For': '198.51.100.60' }).signIn('not the password');
    expect(refused.status).toBe(401);
    expect(refused.headers.getSetCookie().filter((c) => c.startsWith('prospectkit_settings='))).toEqual([]);
    expect(await count()).toBe(before);
  });

  it('rate-limits the settings area per address, like the API, with a 429 page and Retry-After', async () => {
    const limited = await startApp(db, { adminPassword: PASSWORD }, { requestsPerMinute: 3 });
    try {
      const visitor = new SettingsClient(limited.origin, { 'X-Forwarded-For': '198.51.100.70' });
      for (let i = 0; i < 3; i++) expect((await visitor.get('/settings/sign-in')).status).toBe(200);
      const blocked = await visitor.get('/settings/sign-in');
      expect(blocked.status).toBe(429);
      expect(blocked.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      const other = new SettingsClient(limited.origin, { 'X-Forwarded-For': '198.51.100.71' });
      expect((await other.get('/settings/sign-in')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('refuses a sign-in or any other form without the CSRF token of its own session', async () => {
    const other = client();
    const otherToken = await other.csrf('/settings/sign-in');
    const browser = client();
    await browser.get('/settings/sign-in');
    const forged: Array<Record<string, string>> = [
      { password: PASSWORD },
      { password: PASSWORD, _csrf: 'nope' },
      { password: PASSWORD, _csrf: otherToken },
    ];
    for (const form of forged) {
      const refused = await browser.request('POST', '/settings/sign-in', form);
      expect(refused.status).toBe(403);
      expect(refused.text).toContain('Form not accepted');
    }
    expect((await browser.signIn(PASSWORD)).location).toBe('/settings');
    const rename = await browser.request('POST', `/settings/workspaces/${workspaceId}/name`, {
      name: 'Forged',
    });
    expect(rename.status).toBe(403);
    const json = await fetch(`${app.origin}/settings/workspaces/${workspaceId}/suspend`, {
      method: 'POST',
      headers: {
        Cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'Content-Type': 'application/json',
      },
      body: '{}',
    });
    expect(json.status).toBe(403);
  });

  it('starts a new session at sign-in, and sign-out ends it for good', async () => {
    const browser = client();
    await browser.get('/settings/sign-in');
    const before = browser.cookies.get('prospectkit_settings');
    await browser.signIn(PASSWORD);
    const after = browser.cookies.get('prospectkit_settings');
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    expect((await browser.get('/settings/workspaces')).status).toBe(200);

    const stolen = new SettingsClient(app.origin);
    stolen.cookies.set('prospectkit_settings', after as string);
    const signedOut = await browser.submit('/settings/workspaces', '/settings/sign-out');
    expect(signedOut.location).toBe('/settings/sign-in?signed-out=1');
    expect((await stolen.get('/settings/workspaces')).location).toBe('/settings/sign-in');
  });

  it('ends every session when PROSPECTKIT_ADMIN_PASSWORD changes, on every instance', async () => {
    const browser = client();
    await browser.signIn(PASSWORD);
    expect((await browser.get('/settings/workspaces')).status).toBe(200);
    const changed = await startApp(db, { adminPassword: 'the new administrator password' });
    try {
      const afterRestart = new SettingsClient(changed.origin);
      afterRestart.cookies.set('prospectkit_settings', browser.cookies.get('prospectkit_settings') as string);
      expect((await afterRestart.get('/settings/workspaces')).location).toBe('/settings/sign-in');
      // An instance still on the old password does not take the session back either.
      expect((await browser.get('/settings/workspaces')).location).toBe('/settings/sign-in');

      const fresh = new SettingsClient(changed.origin);
      expect((await fresh.signIn('the new administrator password')).location).toBe('/settings');
      expect((await fresh.get('/settings/workspaces')).status).toBe(200);
      const onOldPassword = new SettingsClient(app.origin);
      onOldPassword.cookies.set('prospectkit_settings', fresh.cookies.get('prospectkit_settings') as string);
      expect((await onOldPassword.get('/settings/workspaces')).location).toBe('/settings/sign-in');
    } finally {
      await changed.close();
    }
  });

  it('ends a session 12 hours after sign-in, however busy it is', async () => {
    let offsetMs = 0;
    const clock = { now: () => new Date(Date.now() + offsetMs) };
    const timed = await startApp(db, { adminPassword: PASSWORD }, { clock });
    try {
      const browser = new SettingsClient(timed.origin);
      await browser.signIn(PASSWORD);
      for (let hour = 1; hour < 12; hour++) {
        offsetMs = hour * 3_600_000;
        expect((await browser.get('/settings/workspaces')).status, `hour ${hour}`).toBe(200);
      }
      offsetMs = 12 * 3_600_000;
      expect((await browser.get('/settings/workspaces')).location).toBe('/settings/sign-in');
      offsetMs = 0;
      expect((await browser.get('/settings/workspaces')).location).toBe('/settings/sign-in');
    } finally {
      await timed.close();
    }
  });

  it('keeps sessions in the database: another instance on it accepts the same cookie', async () => {
    const browser = client();
    await browser.signIn(PASSWORD);
    const second = await startApp(db);
    try {
      const elsewhere = new SettingsClient(second.origin);
      elsewhere.cookies.set('prospectkit_settings', browser.cookies.get('prospectkit_settings') as string);
      expect((await elsewhere.get('/settings/workspaces')).status).toBe(200);
    } finally {
      await second.close();
    }
    const [row] = await db.query<{ sid: string }>('select sid from settings_sessions limit 1');
    // Rows are keyed by a hash of the session id, never the id in the cookie.
    expect(row?.sid).toMatch(/^[0-9a-f]{64}$/);
  });

  it('saves the session before redirecting, so a browser that follows at once still sees the message', async () => {
    // A slow session store widens the window a browser has to follow the redirect before the save finishes.
    const slow: Database = {
      ...db,
      query: async (text, params) => {
        if (text.includes('insert into settings_sessions'))
          await new Promise((resolve) => setTimeout(resolve, 300));
        return db.query(text, params);
      },
    };
    const slowApp = await startApp(slow);
    try {
      const browser = new SettingsClient(slowApp.origin);
      await browser.signIn(PASSWORD);
      const page = `/settings/workspaces/${workspaceId}`;
      const csrf = await browser.csrf(page);
      const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      // fetch resolves on the headers: follow the redirect without waiting for the body, as browsers do.
      const posted = await fetch(`${slowApp.origin}${page}/name`, {
        method: 'POST',
        redirect: 'manual',
        headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ _csrf: csrf, name: 'Acme sales' }).toString(),
      });
      expect(posted.status).toBe(303);
      const next = await fetch(`${slowApp.origin}${posted.headers.get('location')}`, {
        headers: { Cookie: cookie },
      });
      expect(await next.text()).toContain('Workspace name saved.');
      await posted.body?.cancel();
    } finally {
      await slowApp.close();
    }
  });

  it('answers 404 for unknown ids and for another workspace’s tokens and webhooks, and changes nothing', async () => {
    const otherId = (await createWorkspace(db, 'Other')).id;
    const { record: token } = await createApiToken(db, {
      workspaceId: otherId,
      name: 'other',
      abilities: ['prospects:read'],
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const { record: webhook } = await createWebhook(db, {
      workspaceId: otherId,
      url: 'https://hooks.example.com/x',
      events: ['prospect.created'],
    });
    const browser = client();
    await browser.signIn(PASSWORD);
    const mine = `/settings/workspaces/${workspaceId}`;
    for (const path of [
      `/settings/workspaces/ws_01J0000000000000000000000Z`,
      `${mine}/tokens/${token.id}/revoke`,
      `${mine}/webhooks/${webhook.id}`,
      `${mine}/webhooks/${webhook.id}/revoke`,
      `${mine}/webhooks/wh_nope/deliveries/del_nope`,
      '/settings/nothing-here',
    ]) {
      expect((await browser.get(path)).status, path).toBe(404);
    }
    const csrf = await browser.csrf(`${mine}/tokens`);
    expect((await browser.request('POST', `${mine}/tokens/${token.id}/revoke`, { _csrf: csrf })).status).toBe(
      404,
    );
    expect(
      (await browser.request('POST', `${mine}/webhooks/${webhook.id}/secret`, { _csrf: csrf })).status,
    ).toBe(404);
    const [stillActive] = await listApiTokens(db, otherId);
    expect(stillActive?.revoked_at).toBeNull();
  });

  it('escapes what users typed wherever it is shown', async () => {
    const browser = client();
    await browser.signIn(PASSWORD);
    const added = await browser.submit('/settings/workspaces', '/settings/workspaces', {
      name: '<img src=x onerror=alert(1)>',
    });
    const page = await browser.get(added.location as string);
    expect(page.text).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(page.text).not.toContain('<img');
  });

  it('never writes a password, token or signing secret to the log', async () => {
    const browser = client();
    await browser.signIn('wrong password, do not log me');
    await browser.signIn(PASSWORD);
    const tokens = `/settings/workspaces/${workspaceId}/tokens`;
    const created = await browser.submit(`${tokens}/new`, tokens, {
      name: 'log check',
      abilities: 'prospects:read',
      expires_on: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
    });
    expect(created.status).toBe(201);
    const token = /value="(pkt_[0-9A-Za-z]+)"/.exec(created.text)?.[1] as string;
    expect(token).toBeDefined();
    const webhooks = `/settings/workspaces/${workspaceId}/webhooks`;
    const added = await browser.submit(`${webhooks}/new`, webhooks, {
      url: 'https://hooks.example.com/log-check',
      events: 'prospect.created',
    });
    const shown = await browser.get(added.location as string);
    const secret = /value="(whk_[0-9A-Za-z]+)"/.exec(shown.text)?.[1] as string;
    expect(secret).toBeDefined();
    await browser.submit(added.location as string, `${added.location}/roll`, { when: 'now' });

    const log = app.lines.join('');
    expect(log).toContain('settings: token created');
    expect(log).toContain('settings: signing secret revealed');
    for (const secretText of [PASSWORD, 'do not log me', token, secret, 'whk_', 'pkt_', '_csrf']) {
      expect(log).not.toContain(secretText);
    }
  });

  it('answers 429 with Retry-After after 10 failed sign-ins from one address, even for the right password', async () => {
    const fresh = await startApp(db);
    try {
      const browser = new SettingsClient(fresh.origin, { 'X-Forwarded-For': '198.51.100.10' });
      for (let i = 0; i < 10; i++) expect((await browser.signIn('guess')).status).toBe(401);
      const blocked = await browser.signIn(PASSWORD);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await fresh.close();
    }
  });

  it('takes the point before checking a password, so 150 guesses at once get at most 10 checked', async () => {
    // The generated password: checking it against its stored hash takes time, the window a race needs.
    const own = await openTestDatabase(kind);
    await ensureAdminPassword(own);
    const generated = await startApp(own, {});
    const browser = new SettingsClient(generated.origin, { 'X-Forwarded-For': '198.51.100.20' });
    const csrf = await browser.csrf('/settings/sign-in');
    const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const guesses = await Promise.all(
      Array.from({ length: 150 }, async (_, i) => {
        const response = await fetch(`${generated.origin}/settings/sign-in`, {
          method: 'POST',
          redirect: 'manual',
          headers: {
            'X-Forwarded-For': '198.51.100.20',
            'Content-Type': 'application/x-www-form-urlencoded',
            ...(cookie ? { Cookie: cookie } : {}),
          },
          body: new URLSearchParams({ _csrf: csrf, password: `guess ${i}` }).toString(),
        });
        await response.body?.cancel();
        return response.status;
      }),
    );
    await generated.close();
    await own.close();
    const count = (status: number) => guesses.filter((s) => s === status).length;
    expect(count(401)).toBe(10);
    expect(count(429)).toBe(140);
  });

  it('counts failed sign-ins per IPv6 /64, as the API limit does', async () => {
    for (let i = 1; i <= 10; i++) {
      const guess = await client({ 'X-Forwarded-For': `2001:db8:5:7::${i.toString(16)}` }).signIn('guess');
      expect(guess.status).toBe(401);
    }
    const sameNetwork = await client({ 'X-Forwarded-For': '2001:db8:5:7:ffff::1' }).signIn(PASSWORD);
    expect(sameNetwork.status).toBe(429);
    const otherNetwork = await client({ 'X-Forwarded-For': '2001:db8:5:8::1' }).signIn(PASSWORD);
    expect(otherNetwork.location).toBe('/settings');
  });

  it.runIf(kind === 'postgres')(
    'counts failed sign-ins in the shared store of the API limit, so another instance and a restart see them',
    async () => {
      const first = await startApp(db);
      try {
        for (let i = 0; i < 10; i++) {
          const guess = await new SettingsClient(first.origin, { 'X-Forwarded-For': '198.51.100.30' }).signIn(
            'guess',
          );
          expect(guess.status).toBe(401);
        }
      } finally {
        await first.close();
      }
      const second = await startApp(db);
      try {
        const blocked = await new SettingsClient(second.origin, {
          'X-Forwarded-For': '198.51.100.30',
        }).signIn(PASSWORD);
        expect(blocked.status).toBe(429);
      } finally {
        await second.close();
      }
    },
  );

  it('explains how to set an administrator password up while none is configured or generated', async () => {
    const unset = await startApp(db, {});
    try {
      const page = await new SettingsClient(unset.origin).get('/settings/sign-in');
      expect(page.text).toContain('Sign-in is not set up');
      expect(page.text).toContain('PROSPECTKIT_ADMIN_PASSWORD');
      expect(page.text).not.toContain('<form method="post" action="/settings/sign-in"');
    } finally {
      await unset.close();
    }
  });

  it('generates the administrator password once, stores only its hash, and PROSPECTKIT_ADMIN_PASSWORD wins over it', async () => {
    const generated = await ensureAdminPassword(db);
    expect(generated).toMatch(/^[\w-]{24}$/);
    expect(await ensureAdminPassword(db)).toBeUndefined();
    const [row] = await db.query<{ password_hash: string }>('select password_hash from settings_admin');
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
    expect(row?.password_hash).not.toContain(generated as string);

    const withGenerated = await startApp(db, {});
    const withConfigured = await startApp(db, { adminPassword: PASSWORD });
    try {
      expect((await new SettingsClient(withGenerated.origin).signIn(generated as string)).location).toBe(
        '/settings',
      );
      expect((await new SettingsClient(withGenerated.origin).signIn(PASSWORD)).status).toBe(401);
      expect((await new SettingsClient(withConfigured.origin).signIn(generated as string)).status).toBe(401);
      expect((await new SettingsClient(withConfigured.origin).signIn(PASSWORD)).location).toBe('/settings');
    } finally {
      await withGenerated.close();
      await withConfigured.close();
    }
  });
});
