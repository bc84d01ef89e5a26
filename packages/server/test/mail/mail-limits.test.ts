import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { inboundAddress } from '../../src/mail/inbound-address.js';
import { loadMailConfig } from '../../src/mail/mail-config.js';
import { type SmtpListener, startSmtpListener } from '../../src/mail/smtp-listener.js';
import { createLogger } from '../../src/start-server.js';
import { createWorkspace } from '../../src/store/workspaces.js';
import { openTestDatabase, testDatabaseKinds } from '../../src/testing/index.js';
import { fakeDns, rawSmtp } from './mail-helpers.js';

// A loaded two-core machine can be slow to open a database, start a mail worker and exchange mail.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

/** A listener with the given `PROSPECTKIT_SMTP_*` / `PROSPECTKIT_MAIL_*` settings (the documented variables). */
async function listen(db: Database, env: Record<string, string>): Promise<SmtpListener> {
  const config = loadMailConfig({ NODE_ENV: 'test', PROSPECTKIT_SMTP_PORT: '0', ...env });
  return startSmtpListener({ db, logger: createLogger('silent'), config, resolver: fakeDns({}) });
}

/** One whole message over a raw session; resolves to the reply of each step that answered. */
async function sendOne(
  port: number,
  options: { from: string; to: string; body?: string; localAddress?: string },
): Promise<string> {
  const smtp = await rawSmtp(port, options.localAddress);
  try {
    if (!smtp.greeting.startsWith('220')) return smtp.greeting;
    await smtp.send('EHLO test.example');
    const mail = await smtp.send(`MAIL FROM:<${options.from}>`);
    if (!mail.startsWith('250')) return mail;
    const rcpt = await smtp.send(`RCPT TO:<${options.to}>`);
    if (!rcpt.startsWith('250')) return rcpt;
    await smtp.send('DATA');
    return await smtp.send(`From: ${options.from}\r\nSubject: x\r\n\r\n${options.body ?? 'Hello.'}\r\n.`);
  } finally {
    smtp.close();
  }
}

// Finding 2 of the security review (issue 24): the only limit was 10 connections per exact address; 500
// connections from 50 addresses were all accepted, nothing capped messages in progress or their rate.
// Finding 8: nothing capped the mail a workspace keeps, nor what one sender leaves in it.
describe.each(testDatabaseKinds())('the SMTP listener under load on %s (issue 24)', (kind) => {
  let db: Database;
  let address: string;
  const listeners: SmtpListener[] = [];

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    address = inboundAddress((await createWorkspace(db, 'Limits')).id, 'localhost');
  });
  afterAll(async () => {
    await Promise.all(listeners.map((l) => l.close()));
    await db?.close();
  });

  it('caps connections in all (421 past PROSPECTKIT_SMTP_MAX_CONNECTIONS), whatever their addresses', async () => {
    const listener = await listen(db, { PROSPECTKIT_SMTP_MAX_CONNECTIONS: '4' });
    listeners.push(listener);
    const sessions = await Promise.all([2, 3, 4, 5, 6, 7].map((n) => rawSmtp(listener.port, `127.0.0.${n}`)));
    const codes = sessions.map((s) => s.greeting.slice(0, 3)).sort();
    for (const s of sessions) s.close();
    expect(codes).toEqual(['220', '220', '220', '220', '421', '421']);
  });

  it('caps new connections a minute per address (421), and messages a minute per address (450 at MAIL FROM)', async () => {
    const listener = await listen(db, {
      PROSPECTKIT_SMTP_CONNECTIONS_PER_MINUTE: '3',
      PROSPECTKIT_SMTP_MESSAGES_PER_MINUTE: '2',
    });
    listeners.push(listener);
    const one = await rawSmtp(listener.port, '127.0.0.20');
    await one.send('EHLO test.example');
    const mails = [];
    for (let i = 0; i < 3; i++) {
      mails.push(await one.send('MAIL FROM:<a@b.example>'));
      await one.send('RSET');
    }
    one.close();
    expect(mails.map((m) => m.slice(0, 9))).toEqual(['250 Accep', '250 Accep', '450 4.7.1']);
    const greetings = [];
    for (let i = 0; i < 3; i++) {
      const s = await rawSmtp(listener.port, '127.0.0.20');
      greetings.push(s.greeting.slice(0, 9).replace(/^220.*/, '220'));
      s.close();
    }
    expect(greetings).toEqual(['220', '220', '421 4.7.0']);
    // Another address has its own budget.
    expect((await rawSmtp(listener.port, '127.0.0.21')).greeting).toMatch(/^220/);
  });

  it('caps messages in progress: past it, MAIL FROM gets 451 4.3.2 and the sender tries again later', async () => {
    const listener = await listen(db, { PROSPECTKIT_SMTP_MAX_MESSAGES_IN_PROGRESS: '1' });
    listeners.push(listener);
    const slow = await rawSmtp(listener.port, '127.0.0.30');
    await slow.send('EHLO test.example');
    await slow.send('MAIL FROM:<slow@b.example>');
    await slow.send(`RCPT TO:<${address}>`);
    expect(await slow.send('DATA')).toMatch(/^354/);
    slow.write('Subject: slow\r\n\r\nStill typing...\r\n');
    // The slow message holds the one slot, so another client's message waits.
    expect(
      await sendOne(listener.port, { from: 'b@b.example', to: address, localAddress: '127.0.0.31' }),
    ).toMatch(/^451 4\.3\.2/);
    expect(await slow.send('.')).toMatch(/^250/);
    slow.close();
    expect(
      await sendOne(listener.port, { from: 'b@b.example', to: address, localAddress: '127.0.0.31' }),
    ).toMatch(/^250/);
  });

  it('refuses past a sender daily count and past the workspace quota with 452 at RCPT; every 250 was stored', async () => {
    const quotaDb = (await createWorkspace(db, 'Quota')).id;
    const to = inboundAddress(quotaDb, 'localhost');
    const listener = await listen(db, {
      PROSPECTKIT_MAIL_MESSAGES_PER_SENDER_PER_DAY: '2',
      PROSPECTKIT_MAIL_QUOTA_BYTES: '3000',
      PROSPECTKIT_SMTP_MESSAGES_PER_MINUTE: '1000',
      PROSPECTKIT_SMTP_CONNECTIONS_PER_MINUTE: '1000',
    });
    listeners.push(listener);
    const replies = [];
    for (let i = 0; i < 3; i++)
      replies.push(await sendOne(listener.port, { from: 'same@sender.example', to, body: `Message ${i}.` }));
    expect(replies.map((r) => r.slice(0, 9))).toEqual(['250 2.0.0', '250 2.0.0', '452 4.7.1']);
    const more = [];
    for (let i = 0; i < 6; i++)
      more.push(
        await sendOne(listener.port, { from: `s${i}@sender.example`, to, body: `${i}${'x'.repeat(900)}` }),
      );
    const accepted = [...replies, ...more].filter((r) => r.startsWith('250')).length;
    expect(more.at(-1)).toMatch(/^452 4\.2\.2/);
    const [row] = await db.query<{ n: number; bytes: string }>(
      `select (select count(*)::int from unmatched_messages where workspace_id = $1) as n,
         (select bytes::text from mail_storage where workspace_id = $1) as bytes`,
      [quotaDb],
    );
    // Nothing accepted and then dropped: each 250 is a stored message, and the quota held.
    expect(row?.n).toBe(accepted);
    expect(Number(row?.bytes)).toBeLessThanOrEqual(3000);
  });
});
