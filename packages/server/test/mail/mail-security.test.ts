import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { inboundAddress, replyAddress } from '../../src/mail/inbound-address.js';
import { loadMailConfig } from '../../src/mail/mail-config.js';
import { type SmtpListener, startSmtpListener } from '../../src/mail/smtp-listener.js';
import { createLogger } from '../../src/start-server.js';
import { ensureConversation } from '../../src/store/conversations.js';
import { createProspect } from '../../src/store/prospects.js';
import { createWorkspace, setWorkspaceSuspended } from '../../src/store/workspaces.js';
import { openTestDatabase, testDatabaseKinds } from '../../src/testing/index.js';
import { fakeDns, rawSmtp, testClient } from './mail-helpers.js';

// A loaded two-core machine can be slow to open a database, start a mail worker and exchange mail.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const dkimKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const DKIM_PUBLIC = dkimKeys.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
const DKIM_PRIVATE = dkimKeys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

/**
 * The DNS of the review's scenario, as a table (no network): the prospects' domains say only their own servers
 * (not this machine) send their mail and ask receivers to reject the rest (DMARC p=reject); signed.example
 * publishes a DKIM key; evil.example publishes nothing.
 */
const DNS = fakeDns({
  'TXT compilers.example': [['v=spf1 ip4:192.0.2.25 -all']],
  'TXT _dmarc.compilers.example': [['v=DMARC1; p=reject']],
  'TXT signed.example': [['v=spf1 ip4:192.0.2.26 -all']],
  'TXT _dmarc.signed.example': [['v=DMARC1; p=reject']],
  'TXT mail._domainkey.signed.example': [[`v=DKIM1; k=rsa; p=${DKIM_PUBLIC}`]],
});

describe.each(testDatabaseKinds())('mail from strangers on %s (issue 24)', (kind) => {
  let db: Database;
  let listener: SmtpListener;
  let workspaceId: string;
  let address: string;
  const prospect: Record<'grace' | 'alan', string> = { grace: '', alan: '' };

  const events = async (prospectId: string) =>
    (
      await db.query<{ n: number }>(
        `select count(*)::int as n from events where type = 'inbox.reply.received'
         and (body::jsonb -> 'data' ->> 'prospect_id') = $1`,
        [prospectId],
      )
    )[0]?.n;
  const stored = async (messageId: string) =>
    (
      await db.query<{
        envelope_from: string | null;
        sender_check: { verified: boolean; dmarc: string; dkim: string } | null;
        html_body: string | null;
        html_note: string | null;
        conversation_id: string;
      }>('select * from messages where message_id = $1', [messageId])
    )[0];

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    workspaceId = (await createWorkspace(db, 'Strangers')).id;
    address = inboundAddress(workspaceId, 'localhost');
    for (const [key, company, email] of [
      ['grace', 'Compilers Inc', 'grace@compilers.example'],
      ['alan', 'Signed Ltd', 'alan@signed.example'],
    ] as const) {
      prospect[key] = (
        await db.transaction((tx) =>
          createProspect(tx, workspaceId, { company, contact_email: email }, new Date()),
        )
      ).id;
    }
    const config = loadMailConfig({ NODE_ENV: 'test', PROSPECTKIT_SMTP_PORT: '0' });
    listener = await startSmtpListener({ db, logger: createLogger('silent'), config, resolver: DNS });
  });
  afterAll(async () => {
    await listener?.close();
    await db?.close();
  });

  // Finding 3: MAIL FROM:<attacker@...> with From: a prospect's address was filed as the prospect's reply and
  // announced with inbox.reply.received, on the strength of the From: alone.
  it('keeps a spoofed From: in the conversation, marked not verified, with its envelope sender, and announces nothing', async () => {
    const client = testClient(listener.port);
    const info = await client.sendMail({
      envelope: { from: 'attacker@evil.example', to: address },
      from: 'Grace <grace@compilers.example>',
      to: address,
      subject: 'New bank details',
      text: 'Please pay the invoice to this account instead.',
      messageId: '<spoof-1@evil.example>',
    });
    client.close();
    expect(info.response).toMatch(/^250 /);
    expect(await events(prospect.grace)).toBe(0);
    const row = await stored('spoof-1@evil.example');
    expect(row).toMatchObject({ envelope_from: 'attacker@evil.example' });
    expect(row?.sender_check).toMatchObject({ verified: false, dmarc: 'fail' });
  });

  it('does not thread a message to one whose Message-ID a stranger chose (only sent Message-IDs link)', async () => {
    const client = testClient(listener.port);
    await client.sendMail({
      envelope: { from: 'attacker@evil.example', to: address },
      from: 'attacker@evil.example',
      to: address,
      subject: 'Re: New bank details',
      text: 'Following up.',
      inReplyTo: '<spoof-1@evil.example>',
      messageId: '<spoof-2@evil.example>',
    });
    client.close();
    expect(await stored('spoof-2@evil.example')).toBeUndefined();
    expect(await events(prospect.grace)).toBe(0);
  });

  it('announces a reply whose From: is verified (DKIM signed by its domain, DMARC passes)', async () => {
    const client = testClient(listener.port);
    await client.sendMail({
      from: 'Alan <alan@signed.example>',
      to: address,
      subject: 'Signed',
      text: 'This one is really from me.',
      messageId: '<signed-1@signed.example>',
      dkim: { domainName: 'signed.example', keySelector: 'mail', privateKey: DKIM_PRIVATE },
    });
    client.close();
    expect((await stored('signed-1@signed.example'))?.sender_check).toMatchObject({
      verified: true,
      dkim: 'pass',
      dmarc: 'pass',
    });
    expect(await events(prospect.alan)).toBe(1);
  });

  it('announces mail to a conversation reply address whoever sends it: the address is the link', async () => {
    const conversation = await db.transaction((tx) =>
      ensureConversation(tx, { workspaceId, prospectId: prospect.grace, now: new Date() }),
    );
    const client = testClient(listener.port);
    await client.sendMail({
      from: 'grace.personal@elsewhere.example',
      to: replyAddress(conversation.id, 'localhost'),
      subject: 'From my other address',
      text: 'Yes.',
    });
    client.close();
    expect(await events(prospect.grace)).toBe(1);
  });

  // Finding 1: the HTML part was kept as received and sanitised on every view, quadratic in its nesting.
  it('cuts and sanitises a nesting bomb once, on arrival, and notes the cut', async () => {
    const client = testClient(listener.port);
    await client.sendMail({
      envelope: { from: 'attacker@evil.example', to: address },
      from: 'grace@compilers.example',
      to: address,
      subject: 'Bomb',
      html: `<p>Hi</p><script>alert(1)</script>${'<b>'.repeat(333_000)}`,
      messageId: '<bomb-1@evil.example>',
    });
    client.close();
    const row = await stored('bomb-1@evil.example');
    expect(row?.html_body).toBe(`<p>Hi</p>${'<b>'.repeat(128)}${'</b>'.repeat(128)}`);
    expect(row?.html_note).toMatch(/nest more than 128 levels deep/);
  });

  // Finding 2: the message was buffered and parsed with mailparser on the main thread.
  it('parses every message in a mail worker, not on the event loop', async () => {
    const before = listener.workers.completed;
    const client = testClient(listener.port);
    await client.sendMail({ from: 'someone@evil.example', to: address, subject: 'x', text: 'x' });
    client.close();
    expect(listener.workers.completed).toBe(before + 1);
  });

  it('refuses the 51st recipient of a message with 452 4.5.3 (RFC 5321 section 4.5.3.1.10)', async () => {
    // 55 different recipients (smtp-server takes a repeated one once): the reply addresses of 55 conversations.
    const recipients = await db.transaction(async (tx) => {
      const made: string[] = [];
      for (let i = 0; i < 55; i++) {
        const p = await createProspect(tx, workspaceId, { company: `Many ${i}` }, new Date());
        const c = await ensureConversation(tx, { workspaceId, prospectId: p.id, now: new Date() });
        made.push(replyAddress(c.id, 'localhost'));
      }
      return made;
    });
    const smtp = await rawSmtp(listener.port, '127.0.0.9');
    await smtp.send('EHLO test.example');
    expect(await smtp.send('MAIL FROM:<someone@evil.example>')).toMatch(/^250/);
    const replies: string[] = [];
    for (const to of recipients) replies.push(await smtp.send(`RCPT TO:<${to}>`));
    smtp.close();
    expect(replies.slice(0, 50).every((r) => r.startsWith('250'))).toBe(true);
    expect(replies.slice(50).every((r) => r.startsWith('452 4.5.3'))).toBe(true);
    // The same address again and again counts too: each RCPT is a lookup (the review sent 5,000).
    const again = await rawSmtp(listener.port, '127.0.0.9');
    await again.send('EHLO test.example');
    await again.send('MAIL FROM:<someone@evil.example>');
    const repeated: string[] = [];
    for (let i = 0; i < 55; i++) repeated.push(await again.send(`RCPT TO:<${address}>`));
    again.close();
    expect(repeated.filter((r) => r.startsWith('452 4.5.3')).length).toBe(5);
  });

  // Also noted: a suspended workspace still took mail and recorded inbox.reply.received.
  it('refuses mail for a suspended workspace at RCPT, to its address and to its reply addresses', async () => {
    const suspended = (await createWorkspace(db, 'Suspended')).id;
    const who = await db.transaction((tx) =>
      createProspect(tx, suspended, { company: 'Gone', contact_email: 'x@gone.example' }, new Date()),
    );
    const conversation = await db.transaction((tx) =>
      ensureConversation(tx, { workspaceId: suspended, prospectId: who.id, now: new Date() }),
    );
    await setWorkspaceSuspended(db, suspended, true);
    const smtp = await rawSmtp(listener.port, '127.0.0.10');
    await smtp.send('EHLO test.example');
    await smtp.send('MAIL FROM:<x@gone.example>');
    expect(await smtp.send(`RCPT TO:<${inboundAddress(suspended, 'localhost')}>`)).toMatch(/^550 5\.7\.1/);
    expect(await smtp.send(`RCPT TO:<${replyAddress(conversation.id, 'localhost')}>`)).toMatch(
      /^550 5\.7\.1/,
    );
    smtp.close();
    expect(await events(who.id)).toBe(0);
  });

  // Also noted: RFC 5321 section 4.5.1 requires postmaster to take mail; it was refused.
  it('takes mail to postmaster and keeps it for the operator', async () => {
    const client = testClient(listener.port);
    const info = await client.sendMail({
      from: 'abuse-desk@isp.example',
      to: 'Postmaster@localhost',
      subject: 'Abuse report',
      text: 'One of your users...',
      messageId: '<pm-1@isp.example>',
    });
    client.close();
    expect(info.response).toMatch(/^250 /);
    const [row] = await db.query<{ subject: string; envelope_from: string }>(
      "select subject, envelope_from from postmaster_messages where message_id = 'pm-1@isp.example'",
    );
    expect(row).toEqual({ subject: 'Abuse report', envelope_from: 'abuse-desk@isp.example' });
  });
});
