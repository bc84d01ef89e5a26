import { buildEvent } from '@prospectkit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { createApiToken, listApiTokens } from '../../src/store/api-tokens.js';
import { listWebhookDeliveries } from '../../src/store/deliveries.js';
import { enqueueEvents } from '../../src/store/outbox.js';
import { createWebhook, revokeWebhook } from '../../src/store/webhooks.js';
import { createWorkspace } from '../../src/store/workspaces.js';
import { openTestDatabase, testDatabaseKinds } from '../../src/testing/index.js';
import { PASSWORD, startApp } from './settings-app.js';
import { SettingsClient } from './settings-client.js';

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
    const page = await client().get('/sign-in');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.text).not.toMatch(/<script>|<style>| style="| on\w+="/);
  });

  it('sends signed-out visitors to the sign-in page', async () => {
    for (const path of ['/', '/workspaces', `/workspaces/${workspaceId}/settings/tokens`]) {
      const page = await client().get(path);
      expect([page.status, page.location]).toEqual([303, '/sign-in']);
    }
  });

  it('redirects the old /settings addresses to their pages, keeping the method and the query', async () => {
    const cases: Array<[string, string]> = [
      ['/settings', '/'],
      ['/settings/sign-in?signed-out=1', '/sign-in?signed-out=1'],
      ['/settings/workspaces', '/workspaces'],
      [`/settings/workspaces/${workspaceId}`, `/workspaces/${workspaceId}/settings`],
      [`/settings/workspaces/${workspaceId}/tokens`, `/workspaces/${workspaceId}/settings/tokens`],
      [
        `/settings/workspaces/${workspaceId}/prospects?search=acme`,
        `/workspaces/${workspaceId}/prospects?search=acme`,
      ],
    ];
    for (const [old, now] of cases) {
      const page = await client().get(old);
      expect([old, page.status, page.location]).toEqual([old, 308, now]);
    }
    expect((await client().request('POST', '/settings/sign-in', { password: 'x' })).status).toBe(308);
  });

  it('compresses pages and assets (brotli, else gzip) and never the API', async () => {
    const brotli = await fetch(`${app.origin}/sign-in`, { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect([brotli.headers.get('content-encoding'), brotli.headers.get('vary')]).toEqual([
      'br',
      'Accept-Encoding',
    ]);
    expect(await brotli.text()).toContain('<form');
    const page = await client().get('/sign-in');
    const stylesheet = /href="(\/assets\/settings-base\.css\?v=\w+)"/.exec(page.text)?.[1] as string;
    const gzip = await fetch(`${app.origin}${stylesheet}`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(await gzip.text()).toContain('{');
    const api = await fetch(`${app.origin}/api/v1/prospects`, { headers: { 'Accept-Encoding': 'br, gzip' } });
    await api.body?.cancel();
    expect([api.status, api.headers.get('content-encoding')]).toEqual([401, null]);
    // A large answer outside the app (the contract, 100+ KB) is not compressed either: only the app's paths are.
    const contract = await fetch(`${app.origin}/openapi.yaml`, {
      headers: { 'Accept-Encoding': 'br, gzip' },
    });
    expect((await contract.text()).length).toBeGreaterThan(10_000);
    expect(contract.headers.get('content-encoding')).toBeNull();
  });

  it('leaves paths that are not the app to the API: a JSON 404 in the contract error shape', async () => {
    const answer = await fetch(`${app.origin}/nothing-here`);
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await answer.json()).toEqual({ message: expect.any(String) });
  });

  it('sets an HTTP-only, SameSite=Lax session cookie on / at sign-in, Secure when the request came over https', async () => {
    const sessionCookie = (answer: { headers: Headers }) =>
      answer.headers.getSetCookie().find((c) => c.startsWith('prospectkit_settings='));
    const plain = client();
    expect((await plain.get('/sign-in')).headers.getSetCookie()).toEqual([
      expect.stringMatching(
        /^prospectkit_form=[\w-]{43}; Max-Age=7200; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Strict$/,
      ),
    ]);
    expect(sessionCookie(await plain.signIn(PASSWORD))).toMatch(
      /^prospectkit_settings=s%3A[^;]+; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/,
    );
    const secure = await client({ 'X-Forwarded-Proto': 'https' }).signIn(PASSWORD);
    expect(sessionCookie(secure)).toMatch(/; HttpOnly; Secure; SameSite=Lax$/);
  });

  it('refuses a sign-in or any other form without the CSRF token of its own session', async () => {
    const other = client();
    const otherToken = await other.csrf('/sign-in');
    const browser = client();
    await browser.get('/sign-in');
    const forged: Array<Record<string, string>> = [
      { email: 'owner@example.com', password: PASSWORD },
      { email: 'owner@example.com', password: PASSWORD, _csrf: 'nope' },
      { email: 'owner@example.com', password: PASSWORD, _csrf: otherToken },
    ];
    for (const form of forged) {
      const refused = await browser.request('POST', '/sign-in', form);
      expect(refused.status).toBe(403);
      expect(refused.text).toContain('Form not accepted');
    }
    expect((await browser.signIn(PASSWORD)).location).toBe('/');
    const rename = await browser.request('POST', `/workspaces/${workspaceId}/settings/name`, {
      name: 'Forged',
    });
    expect(rename.status).toBe(403);
    const json = await fetch(`${app.origin}/workspaces/${workspaceId}/settings/suspend`, {
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
    await browser.get('/sign-in');
    const before = browser.cookies.get('prospectkit_settings');
    await browser.signIn(PASSWORD);
    const after = browser.cookies.get('prospectkit_settings');
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    expect((await browser.get('/workspaces')).status).toBe(200);

    const stolen = new SettingsClient(app.origin);
    stolen.cookies.set('prospectkit_settings', after as string);
    const signedOut = await browser.submit('/workspaces', '/sign-out');
    expect(signedOut.location).toBe('/sign-in?signed-out=1');
    expect((await stolen.get('/workspaces')).location).toBe('/sign-in');
  });

  it('keeps sessions in the database: another instance on it accepts the same cookie', async () => {
    const browser = client();
    await browser.signIn(PASSWORD);
    const second = await startApp(db);
    try {
      const elsewhere = new SettingsClient(second.origin);
      elsewhere.cookies.set('prospectkit_settings', browser.cookies.get('prospectkit_settings') as string);
      expect((await elsewhere.get('/workspaces')).status).toBe(200);
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
      const page = `/workspaces/${workspaceId}/settings`;
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
    const mine = `/workspaces/${workspaceId}/settings`;
    for (const path of [
      `/workspaces/ws_01J0000000000000000000000Z/settings`,
      `${mine}/tokens/${token.id}/revoke`,
      `${mine}/webhooks/${webhook.id}`,
      `${mine}/webhooks/${webhook.id}/revoke`,
      `${mine}/webhooks/wh_nope/deliveries/del_nope`,
      '/workspaces/nothing-here',
      `${mine}/nothing-here`,
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

  it('resends by the rule of deliveries redeliver: 404 for a delivery not of this webhook, 409 once it is revoked', async () => {
    const newWebhook = async () =>
      (
        await createWebhook(db, {
          workspaceId,
          url: 'https://hooks.example.com/resend',
          events: ['prospect.created'],
        })
      ).record.id;
    const [webhookId, otherWebhookId] = [await newWebhook(), await newWebhook()];
    const now = new Date();
    const event = buildEvent('prospect.created', workspaceId, { company: 'Resend Co' }, now.getTime());
    await db.transaction((tx) => enqueueEvents(tx, workspaceId, [event], now));
    const deliveryOf = async (id: string) =>
      (await listWebhookDeliveries(db, { workspaceId, webhookId: id })).deliveries[0]?.id as string;
    const [mine, others] = [await deliveryOf(webhookId), await deliveryOf(otherWebhookId)];
    const browser = client();
    await browser.signIn(PASSWORD);
    const webhookPage = `/workspaces/${workspaceId}/settings/webhooks/${webhookId}`;
    const csrf = await browser.csrf(webhookPage);
    const resend = (deliveryId: string) =>
      browser.request('POST', `${webhookPage}/deliveries/${deliveryId}/resend`, { _csrf: csrf });

    expect((await resend('del_nope')).status).toBe(404);
    expect((await resend(others)).status).toBe(404);
    const resent = await resend(mine);
    expect(resent.status).toBe(303);
    const [newest] = (await listWebhookDeliveries(db, { workspaceId, webhookId })).deliveries;
    expect(newest).toMatchObject({ event_id: event.envelope.id, status: 'pending', attempts: 0 });
    expect(resent.location).toBe(`${webhookPage}/deliveries/${newest?.id}`);
    await revokeWebhook(db, webhookId);
    const refused = await resend(mine);
    expect(refused.status).toBe(409);
    expect(refused.text).toContain('revoked');
  });

  it('escapes what users typed wherever it is shown', async () => {
    const browser = client();
    await browser.signIn(PASSWORD);
    const added = await browser.submit('/workspaces', '/workspaces', {
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
    const tokens = `/workspaces/${workspaceId}/settings/tokens`;
    const created = await browser.submit(`${tokens}/new`, tokens, {
      name: 'log check',
      abilities: 'prospects:read',
      expires_on: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
    });
    expect(created.status).toBe(201);
    const token = /value="(pkt_[0-9A-Za-z]+)"/.exec(created.text)?.[1] as string;
    expect(token).toBeDefined();
    const webhooks = `/workspaces/${workspaceId}/settings/webhooks`;
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
      for (let i = 0; i < 10; i++)
        expect((await browser.signIn('guess', 'nobody@example.com')).status).toBe(401);
      const blocked = await browser.signIn(PASSWORD);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await fresh.close();
    }
  });

  // Issue 24, also noted: a workspace name took CR/LF and control characters (log lines, the CLI's tables, mail
  // headers with the workspace's name as From).
  it.each([
    ['CR/LF', 'Acme\r\nBcc: all@example.com'],
    ['an escape', 'Acme\u001b[2J'],
    ['a bidi override', 'Acme \u202esrotide'],
  ])('refuses a workspace name with %s, and changes nothing', async (_name, name) => {
    const browser = client();
    await browser.signIn(PASSWORD);
    const page = `/workspaces/${workspaceId}/settings`;
    const refused = await browser.submit(page, `${page}/name`, { name });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('Remove control characters from the name.');
    const added = await browser.submit('/workspaces', '/workspaces', { name });
    expect(added.status).toBe(422);
    const [row] = await db.query<{ name: string }>('select name from workspaces where id = $1', [
      workspaceId,
    ]);
    expect(row?.name).not.toContain('\u001b');
    expect((await db.query('select 1 from workspaces where name = $1', [name])).length).toBe(0);
  });
});
