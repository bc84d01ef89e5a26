import { connect, type Socket } from 'node:net';

/** A raw SMTP session: each command's whole reply, as the listener sent it. */
export interface SmtpSession {
  /** The greeting (`220 ...`, or `421 ...` when the listener turned the connection away). */
  greeting: string;
  /** Sends one command line (CRLF added) and resolves to its reply; `closed` or `error ...` when the line died. */
  command(line: string): Promise<string>;
  /**
   * Sends one message: MAIL FROM, each RCPT TO, DATA and the body (its lines must not start with `.`).
   * Resolves to the first reply that is not a success, else the reply to the final dot.
   */
  send(from: string, to: readonly string[], body: Buffer): Promise<string>;
  close(): void;
}

/**
 * Opens an SMTP connection to the listener on 127.0.0.1 from `localAddress` (any 127.0.0.x is loopback, so
 * each is a client of its own to the listener) and reads the greeting.
 */
export function openSmtp(
  port: number,
  localAddress = '127.0.0.1',
  timeoutMs = 120_000,
): Promise<SmtpSession> {
  return new Promise((resolve) => {
    const socket: Socket = connect({ port, host: '127.0.0.1', localAddress });
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error('timeout')));
    let buffer = '';
    let waiting: ((reply: string) => void) | undefined;
    let ended: string | undefined;
    const settle = () => {
      if (!waiting) return;
      const lines = buffer.split('\r\n');
      const last = lines.findIndex((l) => /^\d{3}(?: |$)/.test(l));
      if (last >= 0) {
        const reply = lines.slice(0, last + 1).join('\r\n');
        buffer = lines.slice(last + 1).join('\r\n');
        const done = waiting;
        waiting = undefined;
        done(reply);
      } else if (ended) {
        const done = waiting;
        waiting = undefined;
        done(ended);
      }
    };
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      settle();
    });
    socket.on('error', (error) => {
      ended = `error ${error.message}`;
      settle();
    });
    socket.on('close', () => {
      ended ??= 'closed';
      settle();
    });
    const reply = () =>
      new Promise<string>((done) => {
        waiting = done;
        settle();
      });
    const command = (line: string) => {
      const answer = reply();
      if (!ended) socket.write(`${line}\r\n`);
      return answer;
    };
    void reply().then((greeting) =>
      resolve({
        greeting,
        command,
        async send(from, to, body) {
          const mail = await command(`MAIL FROM:<${from}>`);
          if (!mail.startsWith('250')) return mail;
          for (const address of to) {
            const rcpt = await command(`RCPT TO:<${address}>`);
            if (!rcpt.startsWith('250')) return rcpt;
          }
          const data = await command('DATA');
          if (!data.startsWith('354')) return data;
          const answer = reply();
          const more = socket.write(body);
          if (!more) await new Promise((drained) => socket.once('drain', drained));
          socket.write('\r\n.\r\n');
          return answer;
        },
        close: () => socket.destroy(),
      }),
    );
  });
}
