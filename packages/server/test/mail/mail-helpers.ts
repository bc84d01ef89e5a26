import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
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

/**
 * A DNS table for the sender checks, keyed `TYPE name` (e.g. `TXT example.com`): what it lacks fails with
 * `ENOTFOUND`, as `dns.promises.resolve` does for a name that does not exist. Tests need no network.
 */
export function fakeDns(records: Record<string, string[][] | string[]>) {
  return async (name: string, type: string): Promise<string[][] | string[]> => {
    const found = records[`${type} ${name.toLowerCase()}`];
    if (found) return found;
    throw Object.assign(new Error(`query${type} ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  };
}

/** A raw SMTP session for tests that need each reply: `send` writes one command and resolves to its reply. */
export interface RawSmtp {
  /** The greeting's first line. */
  greeting: string;
  /** Sends a line (CRLF added) and resolves to the whole reply, e.g. `250 2.1.0 Accepted`. */
  send(line: string): Promise<string>;
  /** Writes bytes without waiting for a reply (the middle of DATA). */
  write(data: string | Buffer): void;
  close(): void;
}

/** Opens a raw SMTP connection, from `localAddress` (any 127.0.0.x is loopback), and reads the greeting. */
export function rawSmtp(port: number, localAddress = '127.0.0.1'): Promise<RawSmtp> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress });
    let buffer = '';
    let waiting: ((reply: string) => void) | undefined;
    const complete = () => {
      // A reply ends with a line "NNN text" (a space after the code); earlier lines are "NNN-text".
      const lines = buffer.split('\r\n');
      const last = lines.findIndex((l) => /^\d{3}(?: |$)/.test(l));
      if (last < 0 || !waiting) return;
      const reply = lines.slice(0, last + 1).join('\r\n');
      buffer = lines.slice(last + 1).join('\r\n');
      const done = waiting;
      waiting = undefined;
      done(reply);
    };
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      complete();
    });
    socket.on('error', (error) => (waiting ? waiting(`error ${error.message}`) : reject(error)));
    socket.on('close', () => waiting?.('closed'));
    const next = () =>
      new Promise<string>((done) => {
        waiting = done;
        complete();
      });
    next().then((greeting) =>
      resolve({
        greeting,
        send(line) {
          const reply = next();
          socket.write(`${line}\r\n`);
          return reply;
        },
        write: (data) => void socket.write(data),
        close: () => socket.destroy(),
      }),
    );
  });
}
