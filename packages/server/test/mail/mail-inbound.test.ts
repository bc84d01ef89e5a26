import { mkdtemp, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import nodemailer from 'nodemailer';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../src/db/database.js';
import type { DeliveryWorker } from '../../src/delivery/delivery-worker.js';
import { attachUnmatchedMessage } from '../../src/mail/attach-unmatched-message.js';
import { inboundAddress } from '../../src/mail/inbound-address.js';
import { loadMailConfig } from '../../src/mail/mail-config.js';
import { createMailSender, type MailSender } from '../../src/mail/mail-sender.js';
import { sendToProspect } from '../../src/mail/send-to-prospect.js';
import { simulateReply } from '../../src/mail/simulate-reply.js';
import { type SmtpListener, startSmtpListener } from '../../src/mail/smtp-listener.js';
import { createLogger } from '../../src/start-server.js';
import { listConversationMessages } from '../../src/store/messages.js';
import { createProspect } from '../../src/store/prospects.js';
import { listUnmatchedMessages } from '../../src/store/unmatched-messages.js';
import {
  createTestCertificate,
  openTestDatabase,
  startWebhookReceiver,
  testDatabaseKinds,
  type WebhookReceiver,
} from '../../src/testing/index.js';
import { testWorker, verifyReceived, workspaceWithWebhooks } from '../delivery-helpers.js';
import { fakeDns, startTestRelay, type TestRelay, testClient } from './mail-helpers.js';

// A loaded two-core CI machine can be slow to open a database and exchange mail; a stuck exchange still fails.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const MAX_CONNECTIONS = 3;

/** The DNS the sender checks see: the test senders' domains authorise 127.0.0.1 by SPF. */
const SENDER_DOMAINS = {
  'TXT compilers.example': [['v=spf1 ip4:127.0.0.1 -all']],
  'TXT engines.example': [['v=spf1 ip4:127.0.0.1 -all']],
};

describe.each(testDatabaseKinds())('inbound and outbound mail on %s', (kind) => {
  let db: Database;
  let receiver: WebhookReceiver;
  let worker: DeliveryWorker;
  let listener: SmtpListener;
  let relay: TestRelay;
  let sender: MailSender;
  let client: Transporter;
  let workspaceId: string;
  let secret: string;
  let address: string;
  const prospects: Record<'ada' | 'grace' | 'html', { id: string; company: string; contact_email: string }> =
    {} as never;

  const logLines: string[] = [];
  const replyEvents = async () =>
    (
      await db.query<{ body: string }>(
        "select body from events where type = 'inbox.reply.received' order by id",
      )
    ).map(
      (e) => JSON.parse(e.body) as { data: { prospect_id: string; company: string; contact_email: string } },
    );

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    receiver = await startWebhookReceiver();
    const made = await workspaceWithWebhooks(db, receiver, ['/replies'], ['inbox.reply.received']);
    workspaceId = made.workspaceId;
    secret = (made.webhooks[0] as { secret: string }).secret;
    for (const [key, company, email] of [
      ['ada', 'Analytical Engines', 'ada@engines.example'],
      ['grace', 'Compilers Inc', 'Grace@Compilers.example'],
      ['html', 'Markup Ltd', 'tim@markup.example'],
    ] as const) {
      prospects[key] = (await db.transaction((tx) =>
        createProspect(tx, workspaceId, { company, contact_email: email }, new Date()),
      )) as never;
    }
    worker = testWorker(db, receiver);
    await worker.start();
    const config = loadMailConfig({
      NODE_ENV: 'test',
      PROSPECTKIT_SMTP_PORT: '0',
      PROSPECTKIT_SMTP_MAX_CONNECTIONS_PER_ADDRESS: String(MAX_CONNECTIONS),
    });
    const logger = pino({ level: 'info' }, { write: (line: string) => void logLines.push(line) });
    // The senders' domains publish SPF for this machine, so their mail from 127.0.0.1 is verified (no network).
    listener = await startSmtpListener({ db, logger, config, resolver: fakeDns(SENDER_DOMAINS) });
    relay = await startTestRelay();
    sender = createMailSender(relay.url);
    client = testClient(listener.port);
    address = inboundAddress(workspaceId, 'localhost');
  });

  afterAll(async () => {
    client?.close();
    sender?.close();
    await listener?.close();
    await relay?.close();
    await worker?.stop();
    await receiver?.close();
    await db?.close();
  });

  it('sends through the relay with a Message-ID and a Reply-To of the conversation; the reply lands there and its signed event reaches the receiver', async () => {
    const sent = await sendToProspect(db, sender, {
      workspaceId,
      prospectId: prospects.ada.id,
      subject: 'Engines',
      text: 'Shall we talk?',
      inboundDomain: 'localhost',
      now: new Date(),
    });
    expect(sent).toMatchObject({ ok: true, result: { status: 'sent' } });
    await relay.waitFor(1);
    const out = relay.messages[0]?.parsed;
    expect(relay.messages[0]?.envelopeTo).toEqual(['ada@engines.example']);
    expect(out?.messageId).toMatch(/^<.+@localhost>$/);
    const replyTo = out?.replyTo?.value[0]?.address as string;
    expect(replyTo).toBe(
      `reply+${(sent as { conversationId: string }).conversationId.toLowerCase()}@localhost`,
    );

    const info = await client.sendMail({
      from: 'Ada <ada@engines.example>',
      to: replyTo,
      subject: 'Re: Engines',
      text: 'Yes, Tuesday.',
      inReplyTo: out?.messageId,
    });
    expect(info.response).toMatch(/^250 /);
    const thread = await listConversationMessages(
      db,
      workspaceId,
      (sent as { conversationId: string }).conversationId,
    );
    expect(thread.map((m) => [m.direction, m.text_body.trim()])).toEqual([
      ['outgoing', 'Shall we talk?'],
      ['incoming', 'Yes, Tuesday.'],
    ]);
    const [request] = await receiver.waitForRequests(1);
    // verifyWebhook checks the signature over the raw body and returns the parsed event.
    const verified = await verifyReceived(request as never, secret, { now: () => new Date() });
    expect(verified).toMatchObject({
      event: 'inbox.reply.received',
      workspace_id: workspaceId,
      data: {
        prospect_id: prospects.ada.id,
        company: 'Analytical Engines',
        contact_email: 'ada@engines.example',
      },
    });
  });

  it('keeps an email it could not send: no relay configured, or a relay that cannot be reached', async () => {
    for (const [relayUrl, status, error] of [
      [undefined, 'not_sent_no_relay', null],
      ['smtp://127.0.0.1:1', 'failed', expect.stringMatching(/^The relay could not be reached/)],
    ] as const) {
      const unsent = createMailSender(relayUrl);
      const out = await sendToProspect(db, unsent, {
        workspaceId,
        prospectId: prospects.html.id,
        subject: 'Kept',
        text: 'Never dropped.',
        inboundDomain: 'localhost',
        now: new Date(),
      });
      unsent.close();
      expect(out).toMatchObject({ ok: true, result: { status } });
      const thread = await listConversationMessages(
        db,
        workspaceId,
        (out as { conversationId: string }).conversationId,
      );
      expect(thread.at(-1)).toMatchObject({ direction: 'outgoing', send_status: status, send_error: error });
    }
  });

  it('matches mail to the inbound address by its sender (ignoring case), and emits the event', async () => {
    await client.sendMail({
      from: 'grace@compilers.example',
      to: address,
      subject: 'Hello',
      text: 'Interested.',
    });
    const events = await replyEvents();
    expect(events.at(-1)?.data).toEqual({
      prospect_id: prospects.grace.id,
      company: 'Compilers Inc',
      contact_email: 'Grace@Compilers.example',
    });
    await receiver.waitForRequests(2);
    const line = logLines.map((l) => JSON.parse(l)).find((l) => l.matched_by === 'sender');
    expect(line).toMatchObject({ msg: 'mail received', outcome: 'conversation', workspace_id: workspaceId });
    expect(logLines.join('\n')).not.toContain('Interested.');
  });

  it('threads by In-Reply-To or References even from an address that is no prospect', async () => {
    const [sent] = (
      await listConversationMessages(db, workspaceId, await conversationOf(db, prospects.ada.id))
    ).filter((m) => m.direction === 'outgoing');
    const before = (await replyEvents()).length;
    await client.sendMail({
      from: 'assistant@engines.example',
      to: address,
      subject: 'On behalf of Ada',
      text: 'Forwarding.',
      references: [`<${sent?.message_id}>`],
    });
    const thread = await listConversationMessages(
      db,
      workspaceId,
      await conversationOf(db, prospects.ada.id),
    );
    expect(thread.at(-1)).toMatchObject({ direction: 'incoming', from_address: 'assistant@engines.example' });
    expect((await replyEvents()).length).toBe(before + 1);
  });

  it('stores and announces a message delivered twice (same Message-ID) once', async () => {
    const before = (await replyEvents()).length;
    const mail = {
      from: 'grace@compilers.example',
      to: address,
      subject: 'Twice',
      text: 'Same message.',
      messageId: '<twice-1@compilers.example>',
    };
    await client.sendMail(mail);
    await client.sendMail(mail);
    const [row] = await db.query<{ n: number }>(
      "select count(*)::int as n from messages where message_id = 'twice-1@compilers.example'",
    );
    expect(row?.n).toBe(1);
    expect((await replyEvents()).length).toBe(before + 1);
  });

  it('keeps mail from a sender who is no prospect as unmatched (250, no event); attaching it emits the event', async () => {
    const before = (await replyEvents()).length;
    const info = await client.sendMail({
      from: 'stranger@elsewhere.example',
      to: address,
      subject: 'Who?',
      text: 'Hi.',
    });
    expect(info.response).toMatch(/^250 .*unmatched/);
    const [kept] = await listUnmatchedMessages(db, workspaceId);
    expect(kept).toMatchObject({ from_address: 'stranger@elsewhere.example', subject: 'Who?' });
    expect((await replyEvents()).length).toBe(before);
    const attached = await attachUnmatchedMessage(db, {
      workspaceId,
      unmatchedId: kept?.id as string,
      prospectId: prospects.grace.id,
      now: new Date(),
    });
    expect(attached.ok).toBe(true);
    expect((await replyEvents()).at(-1)?.data.prospect_id).toBe(prospects.grace.id);
    expect(await listUnmatchedMessages(db, workspaceId)).toEqual([]);
    // Delivered again after it was attached: still the same message, nothing new.
    const again = await attachUnmatchedMessage(db, {
      workspaceId,
      unmatchedId: kept?.id as string,
      prospectId: prospects.grace.id,
      now: new Date(),
    });
    expect(again).toEqual({ ok: false, problem: 'already-attached' });
  });

  it('simulate reply goes the way of received mail: a message in the conversation, and the event', async () => {
    const before = (await replyEvents()).length;
    const out = await db.transaction((tx) => simulateReply(tx, prospects.html.id, new Date()));
    expect(out?.event?.event).toBe('inbox.reply.received');
    const thread = await listConversationMessages(db, workspaceId, out?.conversationId as string);
    expect(thread.at(-1)).toMatchObject({ direction: 'incoming', from_address: 'tim@markup.example' });
    expect((await replyEvents()).length).toBe(before + 1);
    expect(
      await db.transaction((tx) => simulateReply(tx, 'prs_01JD0V8K7A3Q9M2X4C6B8N0R1T', new Date())),
    ).toBe(undefined);
  });

  it('accepts malformed MIME and keeps what could be read', async () => {
    const raw = [
      'From: stranger@elsewhere.example',
      `To: ${address}`,
      'Subject: Broken',
      'Message-ID: <broken-1@elsewhere.example>',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="never-closed"',
      '',
      '--never-closed',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      '%%% not base64 at all %%%',
    ].join('\r\n');
    const info = await client.sendMail({
      envelope: { from: 'stranger@elsewhere.example', to: address },
      raw,
    });
    expect(info.response).toMatch(/^250 /);
    const kept = (await listUnmatchedMessages(db, workspaceId)).find(
      (m) => m.message_id === 'broken-1@elsewhere.example',
    );
    expect(kept?.subject).toBe('Broken');
  });

  it('refuses a recipient outside the inbound domain with 550 at RCPT (no relaying), and an unknown mailbox', async () => {
    for (const to of [
      'someone@example.com',
      'nobody@localhost',
      'reply+cv_01JD0V8K7A3Q9M2X4C6B8N0R1T@localhost',
    ]) {
      const error = await client.sendMail({ from: 'a@b.example', to, text: 'x' }).catch((e: unknown) => e);
      expect(error).toMatchObject({ responseCode: 550, command: 'RCPT TO' });
    }
  });

  it('refuses a 30 MB message with 552', async () => {
    const error = await client
      .sendMail({ from: 'grace@compilers.example', to: address, text: 'x'.repeat(30 * 1000 * 1000) })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ responseCode: 552 });
    // 30 MB over loopback takes a while on a loaded two-core machine; the assertion is on the reply, not the time.
  }, 180_000);

  it('offers STARTTLS when a certificate is configured, and not otherwise', async () => {
    const { cert, key } = await createTestCertificate();
    const dir = await mkdtemp(join(tmpdir(), 'pk-smtp-tls-'));
    await writeFile(join(dir, 'cert.pem'), cert);
    await writeFile(join(dir, 'key.pem'), key);
    const tlsListener = await startSmtpListener({
      db,
      logger: createLogger('silent'),
      config: loadMailConfig({
        NODE_ENV: 'test',
        PROSPECTKIT_SMTP_PORT: '0',
        PROSPECTKIT_SMTP_TLS_CERT: join(dir, 'cert.pem'),
        PROSPECTKIT_SMTP_TLS_KEY: join(dir, 'key.pem'),
      }),
    });
    const mail = { from: 'grace@compilers.example', to: address, subject: 'Over TLS', text: 'Encrypted.' };
    const secure = nodemailer.createTransport({
      host: '127.0.0.1',
      port: tlsListener.port,
      secure: false,
      requireTLS: true,
      tls: { ca: cert, servername: 'localhost' },
    });
    try {
      await expect(secure.sendMail(mail)).resolves.toMatchObject({
        response: expect.stringMatching(/^250 /),
      });
    } finally {
      secure.close();
      await tlsListener.close();
    }
    const plain = nodemailer.createTransport({
      host: '127.0.0.1',
      port: listener.port,
      secure: false,
      requireTLS: true,
    });
    await expect(plain.sendMail(mail)).rejects.toThrow(/STARTTLS/);
    plain.close();
  });

  it(`refuses connections past ${MAX_CONNECTIONS} from one address with 421`, async () => {
    const greetings = await Promise.all(
      Array.from({ length: MAX_CONNECTIONS + 1 }, () => greeting(listener.port)),
    );
    const codes = greetings.map((g) => g.line.slice(0, 3)).sort();
    expect(codes).toEqual([...Array(MAX_CONNECTIONS).fill('220'), '421']);
    for (const g of greetings) g.close();
  });
});

async function conversationOf(db: Database, prospectId: string): Promise<string> {
  const [row] = await db.query<{ id: string }>('select id from conversations where prospect_id = $1', [
    prospectId,
  ]);
  return row?.id as string;
}

/** Opens a raw connection and reads the server's first line (its greeting), keeping the connection open. */
function greeting(port: number): Promise<{ line: string; close(): void }> {
  return new Promise((resolve, reject) => {
    // From an address of its own, so connections of the tests before (still closing) do not count.
    const socket = connect({ port, host: '127.0.0.1', localAddress: '127.0.0.2' });
    let buffer = '';
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      if (buffer.includes('\r\n')) resolve({ line: buffer, close: () => socket.destroy() });
    });
    socket.on('error', reject);
  });
}
