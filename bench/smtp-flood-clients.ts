// The floods of `npm run bench:smtp-flood`: SMTP clients that send as fast as the listener lets them, each from a
// loopback source address of its own (127.0.0.x reaches the listener on 127.0.0.1 like distinct hosts).
import nodemailer from 'nodemailer';

/** What a flood did: messages the listener took (250), and its refusals by reply code. */
export interface FloodTally {
  accepted: number;
  refused: Map<string, number>;
  bytesSent: number;
}

/** A raw message of about `bytes` bytes: headers and lines of text (no attachment to decode). */
export function rawMessage(bytes: number, to: string, n: number): Buffer {
  const line = `${'Flood text line for the SMTP flood benchmark. '.repeat(2).slice(0, 76)}\r\n`;
  const header = `From: flood-${n}@flood.example\r\nTo: ${to}\r\nSubject: flood ${n}\r\n\r\n`;
  const body = line.repeat(Math.ceil((bytes - header.length) / line.length));
  return Buffer.from(header + body);
}

/**
 * Runs `connections` clients until `until` (ms since the epoch): client i sends from `sources[i % sources.length]`,
 * one message after another over a kept connection, each of `bytes`; a refused or failed message waits `backoffMs`
 * (a real MTA waits minutes; the flood keeps pressing).
 */
export async function flood(options: {
  port: number;
  to: string;
  connections: number;
  sources: string[];
  bytes: number;
  until: number;
  backoffMs: number;
}): Promise<FloodTally> {
  const tally: FloodTally = { accepted: 0, refused: new Map(), bytesSent: 0 };
  const refuse = (code: string) => tally.refused.set(code, (tally.refused.get(code) ?? 0) + 1);
  const messages = [0, 1, 2, 3].map((n) => rawMessage(options.bytes, options.to, n));
  await Promise.all(
    Array.from({ length: options.connections }, async (_, i) => {
      const transport = nodemailer.createTransport({
        host: '127.0.0.1',
        port: options.port,
        secure: false,
        ignoreTLS: true,
        localAddress: options.sources[i % options.sources.length],
        pool: false,
        connectionTimeout: 30_000,
        socketTimeout: 120_000,
      });
      for (let n = 0; Date.now() < options.until; n++) {
        try {
          // A distinct Message-ID each time, so the listener stores (and counts) every message.
          const raw = Buffer.concat([
            Buffer.from(`Message-ID: <flood-${i}-${n}-${Date.now()}@flood.example>\r\n`),
            messages[n % messages.length] as Buffer,
          ]);
          await transport.sendMail({ envelope: { from: `flood-${i}@flood.example`, to: options.to }, raw });
          tally.accepted++;
          tally.bytesSent += raw.length;
        } catch (error) {
          const { responseCode, code } = error as { responseCode?: number; code?: string };
          refuse(String(responseCode ?? code ?? 'error'));
          await new Promise((resolve) => setTimeout(resolve, options.backoffMs));
        }
      }
      transport.close();
    }),
  );
  return tally;
}
