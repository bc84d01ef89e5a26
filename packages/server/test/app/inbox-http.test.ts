import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { createMailSender } from '../../src/mail/mail-sender.js';
import { recordIncomingMessage } from '../../src/store/messages.js';
import { createProspect } from '../../src/store/prospects.js';
import { keepUnmatchedMessage } from '../../src/store/unmatched-messages.js';
import { createWorkspace } from '../../src/store/workspaces.js';
import { openTestDatabase, testDatabaseKinds } from '../../src/testing/index.js';
import { PASSWORD, startApp } from './settings-app.js';
import { SettingsClient } from './settings-client.js';

// Opening and migrating a database on a busy two-CPU machine can take a while; a mail worker too.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const checked = (verified: boolean) => ({
  verified,
  spf: verified ? 'pass' : 'fail',
  dkim: 'none',
  dmarc: verified ? 'pass' : 'fail',
  spfDomain: 'engines.example',
  dkimDomain: null,
  skipped: null,
});

const mail = (n: number, text = `Message ${n}.`, html: string | null = null) => ({
  messageId: `m${n}@engines.example`,
  inReplyTo: null,
  referencesIds: [],
  fromAddress: 'ada@engines.example',
  toAddress: 'ws@localhost',
  subject: `Subject ${n}`,
  textBody: text,
  htmlBody: html,
});

// Issue 24: finding 1 (sanitise once, show formatted HTML on demand in a sandboxed frame, page the thread),
// finding 3 (show the envelope sender and the check), finding 8 (page the Unmatched list), and also noted (a
// GET of a conversation marked it read; postmaster mail).
describe.each(testDatabaseKinds())('the inbox over HTTP (%s)', (kind) => {
  let db: Database;
  let app: Awaited<ReturnType<typeof startApp>>;
  let workspaceId: string;
  let conversationId: string;
  let browser: SettingsClient;
  const inbox = (rest = '') => `/workspaces/${workspaceId}/inbox${rest}`;
  const record = (message: ReturnType<typeof mail>, at: Date, verified = true, received = true) =>
    db.transaction((tx) =>
      recordIncomingMessage(tx, {
        workspaceId,
        prospectId,
        message,
        announce: verified,
        ...(received
          ? {
              received: {
                envelopeFrom: 'bounce@mailer.example',
                senderCheck: checked(verified),
                htmlNote: null,
              },
            }
          : {}),
        now: at,
      }),
    );
  let prospectId: string;

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    app = await startApp(db, {
      mail: { sender: createMailSender(undefined), inboundDomain: 'localhost' },
    });
    workspaceId = (await createWorkspace(db, 'Inbox')).id;
    prospectId = (
      await db.transaction((tx) =>
        createProspect(
          tx,
          workspaceId,
          { company: 'Engines', contact_email: 'ada@engines.example' },
          new Date(),
        ),
      )
    ).id;
    // 45 messages, a minute apart; the newest a spoof with HTML, one long.
    const start = Date.now() - 3_600_000;
    for (let n = 1; n <= 43; n++) {
      const out = await record(
        mail(n, n === 30 ? `Long ${'x'.repeat(50_000)}` : undefined),
        new Date(start + n * 60_000),
      );
      conversationId = out.conversationId;
    }
    await record(
      mail(44, 'Legacy.', '<p>Old <b>markup</b><script>alert(1)</script></p>'),
      new Date(start + 44 * 60_000),
      true,
      false,
    );
    await record(
      mail(45, 'Formatted.', '<p>Thanks, <b>Tuesday</b> works.</p>'),
      new Date(start + 45 * 60_000),
      false,
    );
    browser = new SettingsClient(app.origin);
    await browser.signIn(PASSWORD);
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it('pages the thread, newest first: 20 messages a page, each text cut, with links to older pages', async () => {
    const newest = await browser.get(inbox(`/${conversationId}`));
    expect(newest.status).toBe(200);
    const subjects = (text: string) =>
      [...text.matchAll(/class="message-subject">Subject (\d+)</g)].map((m) => Number(m[1]));
    expect(subjects(newest.text)).toEqual(Array.from({ length: 20 }, (_, i) => 26 + i));
    const older = /href="([^"]+\?before=[^"]+)">Older messages</.exec(newest.text)?.[1] as string;
    const second = await browser.get(older.replaceAll('&amp;', '&'));
    expect(subjects(second.text)).toEqual(Array.from({ length: 20 }, (_, i) => 6 + i));
    expect(second.text).toContain('Newest messages');
    expect(newest.text).toContain('Shortened to 10,000 of 50,005 characters');
    expect(newest.text.length).toBeLessThan(200_000);
    const oldest = /href="([^"]+\?before=[^"]+)">Older messages</.exec(second.text)?.[1] as string;
    expect(subjects((await browser.get(oldest.replaceAll('&amp;', '&'))).text)).toEqual([1, 2, 3, 4, 5]);
  });

  it('never puts received HTML in the page: the formatted version is a sandboxed frame of its own address, on demand', async () => {
    const page = await browser.get(inbox(`/${conversationId}`));
    expect(page.text).not.toContain('<b>Tuesday</b>');
    expect(page.text).not.toContain('<iframe');
    const [formatted] = await db.query<{ id: string }>(
      "select id from messages where message_id = 'm45@engines.example'",
    );
    const show = new RegExp(`href="([^"]+formatted=${formatted?.id}[^"]*)">Show the formatted version<`).exec(
      page.text,
    )?.[1] as string;
    const shown = await browser.get(show.replaceAll('&amp;', '&'));
    const frame =
      /<iframe class="mail-frame" src="([^"]+)"[^>]* sandbox="allow-popups allow-popups-to-escape-sandbox"/.exec(
        shown.text,
      );
    expect(frame).not.toBeNull();
    expect(shown.headers.get('content-security-policy')).toContain("frame-src 'self'");
    expect(shown.headers.get('content-security-policy')).toContain("script-src 'self'");
    // Every other page still frames nothing.
    expect((await browser.get(inbox())).headers.get('content-security-policy')).not.toContain('frame-src');
    const document = await browser.get(frame?.[1] as string);
    expect(document.status).toBe(200);
    expect(document.text).toContain('<p>Thanks, <b>Tuesday</b> works.</p>');
    const policy = document.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).toMatch(/sandbox allow-popups allow-popups-to-escape-sandbox/);
    expect(policy).not.toContain('script-src');
    expect(document.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('sanitises HTML stored before the change when it is first shown, in a mail worker, and keeps it so', async () => {
    const [legacy] = await db.query<{ id: string; html_sanitized: boolean }>(
      "select id, html_sanitized from messages where message_id = 'm44@engines.example'",
    );
    expect(legacy?.html_sanitized).toBe(false);
    const document = await browser.get(inbox(`/${conversationId}/messages/${legacy?.id}/formatted`));
    expect(document.text).toContain('<p>Old <b>markup</b></p>');
    expect(document.text).not.toContain('<script>alert');
    const [after] = await db.query<{ html_body: string; html_sanitized: boolean }>(
      'select html_body, html_sanitized from messages where id = $1',
      [legacy?.id],
    );
    expect(after).toEqual({ html_body: '<p>Old <b>markup</b></p>', html_sanitized: true });
  });

  it('shows each received message with its envelope sender and whether its sender was verified', async () => {
    const page = await browser.get(inbox(`/${conversationId}`));
    const spoof = page.text.slice(page.text.indexOf('Subject 45') - 900, page.text.indexOf('Subject 45'));
    expect(spoof).toContain('Sender not verified');
    expect(spoof).toContain('<code>bounce@mailer.example</code>');
    expect(spoof).toContain('SPF fail (engines.example), DKIM none, DMARC fail');
    expect(page.text).toContain('Sender verified');
  });

  it('shows a message whole on its own page', async () => {
    const [long] = await db.query<{ id: string }>(
      "select id from messages where message_id = 'm30@engines.example'",
    );
    const page = await browser.get(inbox(`/${conversationId}/messages/${long?.id}`));
    expect(page.status).toBe(200);
    expect(page.text).toContain(`Long ${'x'.repeat(50_000)}`);
  });

  it('does not mark a conversation read when it is opened (GET); its form does (POST), and so does replying', async () => {
    const unread = async () =>
      (
        await db.query<{ unread: boolean }>('select unread from conversations where id = $1', [
          conversationId,
        ])
      )[0]?.unread;
    expect(await unread()).toBe(true);
    const page = await browser.get(inbox(`/${conversationId}`));
    expect(await unread()).toBe(true);
    expect(page.text).toContain('Mark as read');
    const marked = await browser.submit(inbox(`/${conversationId}`), inbox(`/${conversationId}/read`));
    expect([marked.status, marked.location]).toEqual([303, inbox(`/${conversationId}`)]);
    expect(await unread()).toBe(false);
    await record(mail(46), new Date());
    expect(await unread()).toBe(true);
    await browser.submit(inbox(`/${conversationId}`), inbox(`/${conversationId}/reply`), { body: 'Thanks!' });
    expect(await unread()).toBe(false);
  });

  it('pages the Unmatched list, so a flood never hides the oldest message', async () => {
    const start = Date.now() - 7_200_000;
    // More than the 100 the list used to show, all it showed, so the oldest were hidden.
    for (let n = 1; n <= 130; n++) {
      await keepUnmatchedMessage(db, {
        workspace_id: workspaceId,
        message_id: `flood-${n}@evil.example`,
        in_reply_to: null,
        references_ids: [],
        envelope_from: 'flood@evil.example',
        from_address: 'flood@evil.example',
        to_address: 'ws@localhost',
        subject: `Flood ${n}`,
        text_body: 'x',
        html_body: null,
        raw_size_bytes: 100,
        received_at: new Date(start + n * 1000),
      });
    }
    const seen: number[] = [];
    let path: string | undefined = inbox('/unmatched');
    for (let pages = 0; path && pages < 20; pages++) {
      const page = await browser.get(path);
      seen.push(...[...page.text.matchAll(/class="message-subject">Flood (\d+)</g)].map((m) => Number(m[1])));
      path = /href="([^"]+)">Older unmatched mail</.exec(page.text)?.[1]?.replaceAll('&amp;', '&');
    }
    expect(seen).toEqual(Array.from({ length: 130 }, (_, i) => 130 - i));
  });

  it('shows postmaster mail to the operator, linked from the workspaces page', async () => {
    await db.query(
      `insert into postmaster_messages (id, message_id, envelope_from, client_address, from_address, to_address,
         subject, text_body, stored_bytes, received_at)
       values ('pm_01JD0V8K7A3Q9M2X4C6B8N0R1T', 'pm@isp.example', 'abuse@isp.example', '192.0.2.1',
         'abuse@isp.example', 'postmaster@localhost', 'Abuse report', 'One of your users...', 30, now())`,
    );
    expect((await browser.get('/workspaces')).text).toContain('href="/postmaster"');
    const page = await browser.get('/postmaster');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Abuse report');
    expect(page.text).toContain('postmaster@localhost');
  });
});
