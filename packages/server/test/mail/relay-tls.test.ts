import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMailConfig } from '../../src/mail/mail-config.js';
import { createMailSender } from '../../src/mail/mail-sender.js';

// Finding 5 of the security review (issue 24): relay credentials went out in clear to a relay without STARTTLS.

const mail = {
  from: { name: 'Acme', address: 'ws@localhost' },
  to: 'ada@engines.example',
  replyTo: 'reply+cv_1@localhost',
  subject: 'Hello',
  text: 'Hi.',
  messageId: 'tls-check@localhost',
  inReplyTo: null,
  referencesIds: [],
};

describe('a relay URL with credentials', () => {
  let server: SMTPServer;
  let port: number;
  const logins: string[] = [];

  beforeAll(async () => {
    // A relay that offers AUTH but no STARTTLS: nodemailer would send AUTH PLAIN over the bare connection.
    server = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      authOptional: true,
      logger: false,
      onAuth(auth, _session, callback) {
        logins.push(`${auth.username}:${auth.password}`);
        callback(null, { user: auth.username });
      },
      onData(stream, _session, callback) {
        stream.resume();
        stream.on('end', () => callback());
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('never sends them over a connection without TLS: the relay sees no AUTH and the email is kept as failed', async () => {
    const sender = createMailSender(`smtp://relay-user:relay-pass@127.0.0.1:${port}`);
    const result = await sender.send(mail);
    sender.close();
    expect(logins).toEqual([]);
    expect(result).toMatchObject({ status: 'failed' });
    expect(result.error).toMatch(/TLS/);
    expect(result.error).not.toContain('relay-pass');
  });

  it('still sends without credentials over plain smtp:// (a loopback relay that needs no login)', async () => {
    const sender = createMailSender(`smtp://127.0.0.1:${port}`);
    await expect(sender.send(mail)).resolves.toEqual({ status: 'sent', error: null });
    sender.close();
  });

  it.each([
    ['ignoreTLS=true', 'smtp://user:s3cret@relay.example.com:587?ignoreTLS=true'],
    ['requireTLS=false', 'smtp://user:s3cret@relay.example.com:587?requireTLS=false'],
    ['secure=false on smtps', 'smtps://user:s3cret@relay.example.com:465?secure=false'],
  ])('is refused at start when it asks for credentials without TLS (%s)', (_name, url) => {
    const attempt = () => loadMailConfig({ PROSPECTKIT_SMTP_RELAY_URL: url });
    expect(attempt).toThrow(/PROSPECTKIT_SMTP_RELAY_URL/);
    expect(attempt).toThrow(/TLS/);
    expect(attempt).not.toThrow(/s3cret/);
  });
});
