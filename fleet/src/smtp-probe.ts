import { createConnection } from 'node:net';

/**
 * One SMTP conversation with an instance's inbound listener: a message to `to`, or `refused` with the reply when
 * a recipient is refused. Enough SMTP to show `prospectkit_smtp_messages_total` counting both.
 */
export async function sendMail(port: number, from: string, to: string): Promise<string> {
  const socket = createConnection(port, '127.0.0.1');
  socket.setEncoding('utf8');
  let buffer = '';
  const waiters: Array<(line: string) => void> = [];
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    for (let at = buffer.indexOf('\r\n'); at !== -1; at = buffer.indexOf('\r\n')) {
      const line = buffer.slice(0, at);
      buffer = buffer.slice(at + 2);
      // The last line of a reply has a space after its code.
      if (/^\d{3} /.test(line)) waiters.shift()?.(line);
    }
  });
  // A listener that is gone or silent fails the run with a reason instead of waiting without end.
  let fail: (error: Error) => void = () => {};
  const failed = new Promise<never>((_, reject) => {
    fail = reject;
  });
  failed.catch(() => {});
  socket.on('error', (error) => fail(new Error(`SMTP on port ${port}: ${error.message}`)));
  socket.on('close', () => fail(new Error(`SMTP on port ${port}: the connection closed before the reply`)));
  socket.setTimeout(15_000, () => fail(new Error(`SMTP on port ${port}: no reply within 15 s`)));
  const reply = () => Promise.race([new Promise<string>((resolve) => waiters.push(resolve)), failed]);
  const say = async (command: string) => {
    const answer = reply();
    socket.write(`${command}\r\n`);
    return answer;
  };
  try {
    await reply();
    await say('EHLO fleet.test');
    await say(`MAIL FROM:<${from}>`);
    const rcpt = await say(`RCPT TO:<${to}>`);
    if (!rcpt.startsWith('250')) return `refused: ${rcpt}`;
    await say('DATA');
    return await say(`From: ${from}\r\nTo: ${to}\r\nSubject: Fleet\r\n\r\nHello from the fleet test.\r\n.`);
  } finally {
    socket.setTimeout(0);
    if (!socket.destroyed) socket.end('QUIT\r\n');
  }
}
