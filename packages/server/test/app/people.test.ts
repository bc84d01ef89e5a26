import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../src/app/account/totp.js';
import type { Database } from '../../src/db/database.js';
import type { OutgoingMail } from '../../src/mail/mail-sender.js';
import { createMailSender } from '../../src/mail/mail-sender.js';
import { newLinkToken } from '../../src/people/one-time-link.js';
import { listAudit } from '../../src/store/audit-log.js';
import { storeOneTimeLink } from '../../src/store/one-time-links.js';
import { ensurePerson } from '../../src/store/people.js';
import { createWorkspace } from '../../src/store/workspaces.js';
import { openTestDatabase, testDatabaseKinds } from '../../src/testing/index.js';
import { addTestMember, MEMBER_PASSWORD } from './role-fixture.js';
import { PASSWORD, startApp } from './settings-app.js';
import { SettingsClient } from './settings-client.js';

const NEW_PASSWORD = 'a brand new password for ana';

describe.each(testDatabaseKinds())(
  'people: invitations, roles, sessions, two-step sign-in, audit (%s)',
  (kind) => {
    let db: Database;
    let app: Awaited<ReturnType<typeof startApp>>;
    let relayed: Awaited<ReturnType<typeof startApp>>;
    const sent: OutgoingMail[] = [];
    let workspaceId: string;
    let otherId: string;
    const owner = () => new SettingsClient(app.origin);
    const members = (rest = '') => `/workspaces/${workspaceId}/settings/members${rest}`;

    beforeAll(async () => {
      db = await openTestDatabase(kind);
      app = await startApp(db, {
        mail: { sender: createMailSender(undefined), inboundDomain: 'mail.example.com' },
      });
      relayed = await startApp(db, {
        mail: {
          sender: {
            send: async (mail) => {
              sent.push(mail);
              return { status: 'sent', error: null };
            },
            close() {},
          },
          inboundDomain: 'mail.example.com',
        },
      });
      workspaceId = (await createWorkspace(db, 'Acme sales')).id;
      otherId = (await createWorkspace(db, 'Hidden Co')).id;
    });
    afterAll(async () => {
      await app?.close();
      await relayed?.close();
      await db?.close();
    });

    it('invites without a relay: the link is shown once, works once, and never reaches the log; the member sees only their workspace', async () => {
      const admin = owner();
      await admin.signIn(PASSWORD);
      const invited = await admin.submit(members(), members(), {
        name: 'Ana',
        email: 'ana@example.com',
        role: 'member',
      });
      expect(invited.status).toBe(200);
      const link = /value="(http[^"]+\/invitations\/[\w-]{43})"/.exec(invited.text)?.[1] as string;
      expect(link).toBeDefined();
      const path = new URL(link).pathname;
      const ana = new SettingsClient(app.origin);
      expect((await ana.get(path)).text).toContain('Accept your invitation');
      const tooShort = await ana.submit(path, path, { name: 'Ana', password: 'short' });
      expect(tooShort.status).toBe(422);
      const accepted = await ana.submit(path, path, { name: 'Ana Lima', password: NEW_PASSWORD });
      expect(accepted.location).toBe('/sign-in?password-set=1');
      // Used up: a second use, and any other token, get the same page.
      expect((await ana.get(path)).status).toBe(404);
      expect((await ana.get('/invitations/not-a-token')).status).toBe(404);
      expect((await ana.signIn(NEW_PASSWORD, 'ana@example.com')).location).toBe('/');
      const picker = await ana.get('/workspaces');
      expect(picker.text).toContain('Acme sales');
      expect(picker.text).not.toContain('Hidden Co');
      expect((await ana.get(`/workspaces/${otherId}/prospects`)).status).toBe(404);
      expect((await ana.get(`/workspaces/${workspaceId}/settings/tokens`)).status).toBe(403);
      expect(app.lines.join('\n')).not.toContain(path.split('/').pop() as string);
      const { data } = await listAudit(db, { workspaceId, action: 'member.invited' });
      expect(data[0]).toMatchObject({
        actor_label: expect.stringContaining('owner@example.com'),
        target_label: 'Ana <ana@example.com>',
      });
    });

    it('refuses an expired link with the same page as an unknown one', async () => {
      const { person } = await ensurePerson(db, { email: 'late@example.com', name: 'Late' });
      const { token, hash } = newLinkToken();
      await db.transaction((tx) =>
        storeOneTimeLink(tx, {
          tokenHash: hash,
          purpose: 'invitation',
          personId: person.id,
          workspaceId,
          createdBy: null,
          expiresAt: new Date(Date.now() - 1000),
          now: new Date(Date.now() - 8 * 86_400_000),
        }),
      );
      const late = new SettingsClient(app.origin);
      const page = await late.get(`/invitations/${token}`);
      expect(page.status).toBe(404);
      expect(page.text).toContain('This link has expired or was used already');
    });

    it('emails the invitation through the relay and shows no link', async () => {
      const admin = new SettingsClient(relayed.origin);
      await admin.signIn(PASSWORD);
      const invited = await admin.submit(members(), members(), {
        name: 'Bo',
        email: 'bo@example.com',
        role: 'viewer',
      });
      expect(invited.location).toBe(members());
      expect(sent.at(-1)).toMatchObject({
        to: 'bo@example.com',
        from: { address: 'no-reply@mail.example.com' },
      });
      expect(sent.at(-1)?.text).toMatch(/\/invitations\/[\w-]{43}/);
      expect((await admin.get(members())).text).not.toMatch(/\/invitations\/[\w-]{43}/);
    });

    it('lets nobody raise their own role, keeps the last owner, and lets only owners make owners', async () => {
      const { memberId: adminId } = await addTestMember(db, {
        workspaceId,
        email: 'ada@example.com',
        name: 'Ada',
        role: 'admin',
      });
      const { memberId: vId } = await addTestMember(db, {
        workspaceId,
        email: 'vic@example.com',
        name: 'Vic',
        role: 'viewer',
      });
      const ada = new SettingsClient(app.origin);
      await ada.signIn(MEMBER_PASSWORD, 'ada@example.com');
      expect((await ada.submit(members(), members(`/${adminId}/role`), { role: 'owner' })).status).toBe(403);
      expect((await ada.submit(members(), members(`/${vId}/role`), { role: 'owner' })).status).toBe(403);
      expect((await ada.submit(members(), members(`/${vId}/role`), { role: 'member' })).status).toBe(303);
      const [ownerRow] = await db.query<{ id: string }>(
        `select id from teammates where workspace_id = $1 and role = 'owner' and removed_at is null`,
        [workspaceId],
      );
      expect((await ada.submit(members(), members(`/${ownerRow?.id}/remove`), {})).status).toBe(403);
      const boss = owner();
      await boss.signIn(PASSWORD);
      const last = await boss.submit(members(), members(`/${ownerRow?.id}/remove`), {});
      expect(last.status).toBe(409);
      expect(last.text).toContain('at least one owner');
      const { data } = await listAudit(db, { workspaceId, action: 'member.role_changed' });
      expect(data[0]).toMatchObject({
        detail: 'viewer → member',
        actor_label: expect.stringContaining('ada@example.com'),
      });
    });

    it('ends a removed member’s sessions at once', async () => {
      const { memberId } = await addTestMember(db, {
        workspaceId,
        email: 'rem@example.com',
        name: 'Rem',
        role: 'member',
      });
      const rem = new SettingsClient(app.origin);
      await rem.signIn(MEMBER_PASSWORD, 'rem@example.com');
      expect((await rem.get(`/workspaces/${workspaceId}/prospects`)).status).toBe(200);
      const boss = owner();
      await boss.signIn(PASSWORD);
      expect((await boss.submit(members(), members(`/${memberId}/remove`), {})).status).toBe(303);
      expect((await rem.get(`/workspaces/${workspaceId}/prospects`)).location).toBe('/sign-in');
      const { data } = await listAudit(db, { workspaceId, action: 'member.removed' });
      expect(data[0]?.target_id).toBe(memberId);
    });

    it('answers a wrong password and an unknown address alike, and logs both in the audit log without the typed text', async () => {
      await addTestMember(db, { workspaceId, email: 'enum@example.com', name: 'Enum', role: 'viewer' });
      const wrong = await new SettingsClient(app.origin, { 'X-Forwarded-For': '192.0.2.90' }).signIn(
        'nope nope',
        'enum@example.com',
      );
      const unknown = await new SettingsClient(app.origin, { 'X-Forwarded-For': '192.0.2.91' }).signIn(
        'nope nope',
        'nobody-here@example.com',
      );
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      const message = (text: string) =>
        /<div class="error-summary"[\s\S]*?<\/div>/.exec(text)?.[0].replace(/[\w.-]+@example\.com/g, '');
      expect(message(wrong.text)).toBe(message(unknown.text));
      const { data } = await listAudit(db, { action: 'sign_in.failed' });
      expect(data.map((e) => e.actor_label)).toEqual(
        expect.arrayContaining(['enum@example.com', 'an unknown address']),
      );
      expect(JSON.stringify(data)).not.toContain('nobody-here');
      expect(
        (await listAudit(db, { workspaceId, action: 'sign_in.failed' })).data.some(
          (e) => e.target_label === 'enum@example.com',
        ),
      ).toBe(true);
    });

    it('turns on two-step sign-in, refuses a replayed code, and takes a recovery code once', async () => {
      await addTestMember(db, { workspaceId, email: 'tia@example.com', name: 'Tia', role: 'member' });
      const tia = new SettingsClient(app.origin, { 'X-Forwarded-For': '192.0.2.50' });
      await tia.signIn(MEMBER_PASSWORD, 'tia@example.com');
      const setup = await tia.get('/account/two-factor');
      const secret = (/<code class="secret">([A-Z2-7 ]+)<\/code>/.exec(setup.text)?.[1] ?? '').replace(
        / /g,
        '',
      );
      expect(secret).toHaveLength(32);
      expect(setup.text).toContain('<svg');
      const code = totpCode(secret, 'tia@example.com', new Date());
      const on = await tia.submit('/account/two-factor', '/account/two-factor', { code });
      const codes = [...on.text.matchAll(/<li><code>([0-9a-z]{5}-[0-9a-z]{5})<\/code><\/li>/g)].map(
        (m) => m[1] as string,
      );
      expect(codes).toHaveLength(10);
      const again = new SettingsClient(app.origin, { 'X-Forwarded-For': '192.0.2.51' });
      expect((await again.signIn(MEMBER_PASSWORD, 'tia@example.com')).location).toBe(
        '/sign-in/second-factor',
      );
      // The code used to turn it on is spent.
      const replay = await again.submit('/sign-in/second-factor', '/sign-in/second-factor', { code });
      expect(replay.status).toBe(401);
      expect(
        (await again.submit('/sign-in/second-factor', '/sign-in/second-factor', { code: codes[0] as string }))
          .location,
      ).toBe('/');
      expect((await again.get('/account')).status).toBe(200);
      const third = new SettingsClient(app.origin, { 'X-Forwarded-For': '192.0.2.52' });
      await third.signIn(MEMBER_PASSWORD, 'tia@example.com');
      expect(
        (await third.submit('/sign-in/second-factor', '/sign-in/second-factor', { code: codes[0] as string }))
          .status,
      ).toBe(401);
    });

    it('resets a password by an emailed link that works once, ends every session, and answers every address the same', async () => {
      await addTestMember(db, { workspaceId, email: 'rex@example.com', name: 'Rex', role: 'member' });
      const old = new SettingsClient(relayed.origin);
      await old.signIn(MEMBER_PASSWORD, 'rex@example.com');
      const asker = new SettingsClient(relayed.origin, { 'X-Forwarded-For': '192.0.2.70' });
      const known = await asker.submit('/password-reset', '/password-reset', { email: 'rex@example.com' });
      const unknown = await asker.submit('/password-reset', '/password-reset', {
        email: 'ghost@example.com',
      });
      expect(known.status).toBe(200);
      const notice = (t: string) => /<div class="notice"[^>]*>([^<]+)</.exec(t)?.[1];
      expect(notice(known.text)).toBe(notice(unknown.text));
      const mail = sent.filter((m) => m.to === 'rex@example.com').at(-1) as OutgoingMail;
      const path = new URL(/(http\S+\/password-reset\/[\w-]{43})/.exec(mail.text)?.[1] as string).pathname;
      expect(sent.some((m) => m.to === 'ghost@example.com')).toBe(false);
      expect((await asker.submit(path, path, { password: NEW_PASSWORD })).location).toBe(
        '/sign-in?password-set=1',
      );
      expect((await asker.get(path)).status).toBe(404);
      expect((await old.get('/account')).location).toBe('/sign-in');
      expect(
        (await new SettingsClient(relayed.origin).signIn(NEW_PASSWORD, 'rex@example.com')).location,
      ).toBe('/');
    });

    it('lists a person’s sessions on their account page and ends one, or all but this one', async () => {
      await addTestMember(db, { workspaceId, email: 'sam@example.com', name: 'Sam', role: 'viewer' });
      const laptop = new SettingsClient(app.origin, {
        'User-Agent': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Firefox/130.0',
      });
      const phone = new SettingsClient(app.origin, {
        'User-Agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/130.0 Mobile',
      });
      await laptop.signIn(MEMBER_PASSWORD, 'sam@example.com');
      await phone.signIn(MEMBER_PASSWORD, 'sam@example.com');
      const page = await laptop.get('/account');
      expect(page.text).toContain('Firefox on macOS');
      expect(page.text).toContain('Chrome on Android');
      expect((await laptop.submit('/account', '/account/sessions/end-others', {})).status).toBe(303);
      expect((await phone.get('/account')).location).toBe('/sign-in');
      expect((await laptop.get('/account')).status).toBe(200);
    });

    it('records who created a token and shows it, and a former member’s tokens stay, marked', async () => {
      const { memberId } = await addTestMember(db, {
        workspaceId,
        email: 'tom@example.com',
        name: 'Tom',
        role: 'admin',
      });
      const tom = new SettingsClient(app.origin);
      await tom.signIn(MEMBER_PASSWORD, 'tom@example.com');
      const tokens = `/workspaces/${workspaceId}/settings/tokens`;
      const expires = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
      expect(
        (
          await tom.submit(`${tokens}/new`, tokens, {
            name: 'CRM sync',
            abilities: 'prospects:read',
            expires_on: expires,
          })
        ).status,
      ).toBe(201);
      expect((await tom.get(tokens)).text).toContain('by Tom');
      const boss = owner();
      await boss.signIn(PASSWORD);
      await boss.submit(members(), members(`/${memberId}/remove`), {});
      expect((await boss.get(tokens)).text).toContain('by Tom (former member)');
      const { data } = await listAudit(db, { workspaceId, action: 'token.created' });
      expect(data[0]).toMatchObject({ target_label: 'CRM sync', actor_label: 'Tom <tom@example.com>' });
      const audit = await boss.get(`/workspaces/${workspaceId}/settings/audit?action=token.created`);
      expect(audit.status).toBe(200);
      expect(audit.text).toContain('CRM sync');
    });

    it('never lets an admin of one workspace take over a person who also belongs to another (review finding)', async () => {
      // Pat owns a workspace of her own and is also a member of Acme, whose admin is Eve.
      const patsId = (await createWorkspace(db, 'Pat’s own')).id;
      await addTestMember(db, { workspaceId: patsId, email: 'pat@example.com', name: 'Pat', role: 'owner' });
      const { memberId: patInAcme } = await addTestMember(db, {
        workspaceId,
        email: 'pat@example.com',
        name: 'Pat',
        role: 'member',
      });
      await addTestMember(db, { workspaceId, email: 'eve@example.com', name: 'Eve', role: 'admin' });
      const eve = new SettingsClient(app.origin);
      await eve.signIn(MEMBER_PASSWORD, 'eve@example.com');
      // A password-reset link made by Eve would let her set Pat's password.
      const reset = await eve.submit(members(), members(`/${patInAcme}/password-reset`), {});
      expect(reset.status).toBe(403);
      expect(reset.text).not.toMatch(/password-reset\/[\w-]{43}/);
      // Inviting someone who already has an account gives a link that sets no password.
      const carl = await addTestMember(db, {
        workspaceId: patsId,
        email: 'carl@example.com',
        name: 'Carl',
        role: 'viewer',
      });
      expect(carl.memberId).toMatch(/^tm_/);
      // (The workspaces' owner invites him: Eve manages none of his other workspaces, so she would see no link.)
      const ownerOfAll = owner();
      await ownerOfAll.signIn(PASSWORD);
      const invited = await ownerOfAll.submit(members(), members(), {
        name: 'Carl',
        email: 'carl@example.com',
        role: 'viewer',
      });
      const link = /value="(http[^"]+\/invitations\/[\w-]{43})"/.exec(invited.text)?.[1] as string;
      const path = new URL(link).pathname;
      const page = await new SettingsClient(app.origin).get(path);
      expect(page.text).not.toContain('name="password"');
      expect(page.text).toContain('sign in with your password');
      const hijack = await new SettingsClient(app.origin).submit('/sign-in', path, {
        name: 'Carl',
        password: 'eve sets carls password now',
      });
      expect(hijack.status).toBe(404);
      expect(
        (await new SettingsClient(app.origin).signIn(MEMBER_PASSWORD, 'carl@example.com')).location,
      ).toBe('/');
      // Someone invited to Pat's workspace and not yet signed in: Eve's invitation shows her no link that would
      // set their password (and so open Pat's workspace too).
      const boss = owner();
      await boss.signIn(PASSWORD);
      const toPats = await boss.submit(
        `/workspaces/${patsId}/settings/members`,
        `/workspaces/${patsId}/settings/members`,
        {
          name: 'Dee',
          email: 'dee@example.com',
          role: 'member',
        },
      );
      expect(toPats.text).toMatch(/\/invitations\/[\w-]{43}/);
      const byEve = await eve.submit(members(), members(), {
        name: 'Dee',
        email: 'dee@example.com',
        role: 'viewer',
      });
      expect(byEve.status).toBe(303);
      expect((await eve.get(members())).text).not.toMatch(/\/invitations\/[\w-]{43}/);
      // Dee's first invitation still works.
      const first = new URL(/value="(http[^"]+\/invitations\/[\w-]{43})"/.exec(toPats.text)?.[1] as string)
        .pathname;
      expect((await new SettingsClient(app.origin).get(first)).status).toBe(200);
    });
  },
);
