import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';

/** A loopback SMTP relay (smtp-server) that keeps what the app sends through it. */
export interface TestRelay {
  url: string;
  messages: Array<{ envelopeTo: string[]; parsed: ParsedMail }>;
  waitFor(count: number): Promise<void>;
  close(): Promise<void>;
}

export async function startTestRelay(): Promise<TestRelay> {
  const messages: TestRelay['messages'] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then((parsed) => {
        messages.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), parsed });
        for (const wake of waiters) wake();
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(count) {
      while (messages.length < count) await new Promise<void>((resolve) => waiters.add(resolve));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A nodemailer client for the listener on `port`, without TLS (loopback). */
export function testClient(port: number) {
  return nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
}
