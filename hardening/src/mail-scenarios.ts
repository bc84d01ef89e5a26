// What the mail part sends: bombs (nesting, MIME depth, recipients, size, a big attachment), spoofs, and floods,
// over raw SMTP sessions from loopback addresses of their own (127.0.0.x).
import { openSmtp } from './smtp-client.js';

/** A message's text with its headers; `id` becomes its Message-ID. */
export function message(options: {
  id: string;
  from: string;
  to: string;
  headers?: string[];
  body: string;
}): Buffer {
  return Buffer.from(
    [
      `From: ${options.from}`,
      `To: ${options.to}`,
      `Subject: hardening ${options.id}`,
      `Message-ID: <${options.id}>`,
      ...(options.headers ?? []),
      '',
      options.body,
    ].join('\r\n'),
  );
}

/** Multipart bodies nested `depth` deep around one text part (a MIME bomb of depth). */
export function nestedMime(depth: number): { headers: string[]; body: string } {
  let body = 'Content-Type: text/plain\r\n\r\nThe innermost part.\r\n';
  for (let level = depth; level > 0; level--) {
    body = `Content-Type: multipart/mixed; boundary="b${level}"\r\n\r\n--b${level}\r\n${body}--b${level}--\r\n`;
  }
  const split = body.indexOf('\r\n\r\n');
  return { headers: [body.slice(0, split)], body: body.slice(split + 4) };
}

/** A text/plain message of about `bytes` bytes, in lines that never start with a dot. */
export function bigText(bytes: number): string {
  const line = 'Hardening flood text: the same line again and again, to fill the message.....\r\n';
  return line.repeat(Math.ceil(bytes / line.length));
}

/** The answer to one message sent on a session of its own, from `localAddress`. */
export async function sendOnce(
  port: number,
  localAddress: string,
  from: string,
  to: readonly string[],
  body: Buffer,
): Promise<string> {
  const session = await openSmtp(port, localAddress);
  try {
    if (!session.greeting.startsWith('220')) return session.greeting;
    await session.command('EHLO hardening.example');
    return await session.send(from, to, body);
  } finally {
    session.close();
  }
}

/** What a flood saw: Message-IDs the listener took (250), its refusals by code, and most sessions open at once. */
export interface FloodSeen {
  accepted: string[];
  refused: Map<string, number>;
  peakOpen: number;
}

/**
 * `connections` clients, client i from `sources[i % sources.length]`, each sending `body(n)` on kept sessions
 * until `until` (ms since the epoch), reconnecting after a refusal (with `backoffMs`).
 */
export async function flood(options: {
  port: number;
  to: string;
  connections: number;
  sources: readonly string[];
  body: (id: string) => Buffer;
  until: number;
  backoffMs: number;
}): Promise<FloodSeen> {
  const seen: FloodSeen = { accepted: [], refused: new Map(), peakOpen: 0 };
  let open = 0;
  const refuse = (reply: string) => {
    const code = reply.slice(0, 3);
    seen.refused.set(code, (seen.refused.get(code) ?? 0) + 1);
  };
  await Promise.all(
    Array.from({ length: options.connections }, async (_, i) => {
      for (let n = 0; Date.now() < options.until; ) {
        const session = await openSmtp(options.port, options.sources[i % options.sources.length], 60_000);
        if (!session.greeting.startsWith('220')) {
          refuse(session.greeting);
          session.close();
          await new Promise((resolve) => setTimeout(resolve, options.backoffMs));
          continue;
        }
        open++;
        seen.peakOpen = Math.max(seen.peakOpen, open);
        await session.command('EHLO hardening.example');
        while (Date.now() < options.until) {
          const id = `flood-${i}-${n++}-${Date.now()}@hardening.example`;
          const reply = await session.send(`flood-${i}@hardening.example`, [options.to], options.body(id));
          if (reply.startsWith('250')) seen.accepted.push(id);
          else {
            refuse(reply);
            if (/^(421|closed|error)/.test(reply)) break;
            await session.command('RSET');
            await new Promise((resolve) => setTimeout(resolve, options.backoffMs));
          }
        }
        open--;
        session.close();
      }
    }),
  );
  return seen;
}
