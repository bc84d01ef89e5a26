import { openDatabase } from '@prospectkit/server';
import { createThrowawayDatabase } from '../database.js';
import { createAgent, send } from '../http.js';
import { bigText, flood, message, nestedMime, sendOnce } from '../mail-scenarios.js';
import { startServerProcess } from '../server-process.js';
import { openSmtp } from '../smtp-client.js';
import type { PartEnvironment } from './part.js';

/** The largest server RSS a flood may cause, in MiB (the review saw 4.9 GB from 40 messages of 25 MB). */
const MAX_RSS_MIB = 1536;
/** The longest an API call may take while the listener is flooded, in ms (the review saw 38 of 60 time out). */
const MAX_API_MS = 5_000;

/**
 * The mail part (issue 24): bombs (a 1 MB nesting bomb, MIME 200 parts deep, 5,000 recipients, a message over
 * the size limit, a 20 MB attachment), spoofs (a prospect's From: from another envelope sender, and a thread
 * link through the spoof's own Message-ID) and floods (10 connections from one address sending 24 MB
 * messages; 500 connections from 50 addresses), against a server process on PostgreSQL with its listener on,
 * while API calls run. Invariants: the server never exits and answers the API within 5 s with no 5xx; its RSS
 * stays under 1.5 GiB; at most 50 recipients a message and 100 connections at once are taken; the HTML kept is
 * cut and sanitised; a spoof announces nothing; every message answered 250 is stored.
 */
export async function mailPart(env: PartEnvironment): Promise<void> {
  const part = 'mail';
  const { tally, settings } = env;
  const failuresBefore = tally.otherFailures + tally.serverErrors + tally.serverExits;
  const database = await createThrowawayDatabase(env.databaseUrl, 'mail');
  const server = await startServerProcess({ databaseUrl: database.url, env: { PROSPECTKIT_SMTP_PORT: '0' } });
  const db = await openDatabase({ databaseUrl: database.url }, { migrate: false });
  const agent = createAgent({ connections: 8 });
  const port = server.smtpPort as number;
  const to = server.inboundAddress as string;
  const headers = { authorization: `Bearer ${server.demoToken}`, 'content-type': 'application/json' };
  let apiSlowest = 0;
  let rssPeak = 0;
  let probing = true;
  const probe = (async () => {
    while (probing) {
      const started = Date.now();
      const seen = await send(
        server.baseUrl,
        { method: 'GET', path: '/api/v1/prospects?per_page=25', headers },
        agent,
      );
      tally.requestsSent++;
      apiSlowest = Math.max(apiSlowest, Date.now() - started);
      if (seen.status >= 500 || seen.status === 0) tally.serverErrors++;
      rssPeak = Math.max(rssPeak, (server.rssKiB() ?? 0) / 1024);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const fail = (detail: string) => tally.fail(part, detail);
  try {
    const created = await send(
      server.baseUrl,
      {
        method: 'POST',
        path: '/api/v1/prospects',
        headers,
        body: '{"company":"Compilers","contact_email":"grace@compilers.invalid"}',
      },
      agent,
    );
    const graceId = (JSON.parse(created.text) as { id: string }).id;

    // Bombs.
    const bomb = await sendOnce(
      port,
      '127.0.0.3',
      'x@bomb.invalid',
      [to],
      message({
        id: 'bomb-html@hardening.example',
        from: 'grace@compilers.invalid',
        to,
        headers: ['Content-Type: text/html'],
        body: `<p>Hi</p><script>alert(1)</script>${'<b>'.repeat(333_000)}`,
      }),
    );
    const [kept] = await db.query<{ n: number; note: string | null; script: boolean }>(
      `select coalesce(length(html_body), 0) as n, html_note as note, html_body like '%<script%' as script
       from messages where message_id = 'bomb-html@hardening.example'`,
    );
    if (!bomb.startsWith('250') || !kept || kept.n > 500_000 || !kept.note || kept.script)
      fail(`nesting bomb: answered ${bomb.slice(0, 60)}, kept ${JSON.stringify(kept)}`);
    const mime = nestedMime(200);
    const deep = await sendOnce(
      port,
      '127.0.0.3',
      'x@bomb.invalid',
      [to],
      message({ id: 'bomb-mime@hardening.example', from: 'x@bomb.invalid', to, ...mime }),
    );
    if (!/^(250|554)/.test(deep)) fail(`MIME 200 deep answered ${deep.slice(0, 80)}`);
    const attachment = await sendOnce(
      port,
      '127.0.0.3',
      'x@bomb.invalid',
      [to],
      message({
        id: 'bomb-attachment@hardening.example',
        from: 'x@bomb.invalid',
        to,
        headers: ['MIME-Version: 1.0', 'Content-Type: multipart/mixed; boundary="z"'],
        body: `--z\r\nContent-Type: text/plain\r\n\r\nSee attached.\r\n--z\r\nContent-Type: application/octet-stream\r\nContent-Transfer-Encoding: base64\r\n\r\n${Buffer.alloc(15_000_000, 1).toString('base64').replace(/.{76}/g, '$&\r\n')}\r\n--z--`,
      }),
    );
    if (!attachment.startsWith('250')) fail(`a 20 MB attachment answered ${attachment.slice(0, 80)}`);
    const big = await sendOnce(
      port,
      '127.0.0.3',
      'x@bomb.invalid',
      [to],
      message({ id: 'bomb-size@hardening.example', from: 'x@bomb.invalid', to, body: bigText(27_000_000) }),
    );
    if (!big.startsWith('552')) fail(`a 27 MB message answered ${big.slice(0, 80)}`);
    const many = await openSmtp(port, '127.0.0.4');
    await many.command('EHLO hardening.example');
    await many.command('MAIL FROM:<x@bomb.invalid>');
    let recipients = 0;
    for (let i = 0; i < 5_000; i++)
      if ((await many.command(`RCPT TO:<${to}>`)).startsWith('250')) recipients++;
    many.close();
    // One address repeated: smtp-server keeps it once, but each RCPT past the limit must still be refused.
    tally.figure('mail: 5,000 RCPT TO', `${recipients} answered 250 (at most 50)`);
    if (recipients > 50) fail(`5,000 RCPT TO: ${recipients} answered 250`);

    // Spoofs.
    await sendOnce(
      port,
      '127.0.0.5',
      'attacker@evil.invalid',
      [to],
      message({
        id: 'spoof-1@evil.invalid',
        from: 'grace@compilers.invalid',
        to,
        body: 'Pay this account instead.',
      }),
    );
    await sendOnce(
      port,
      '127.0.0.5',
      'attacker@evil.invalid',
      [to],
      message({
        id: 'spoof-2@evil.invalid',
        from: 'attacker@evil.invalid',
        to,
        headers: ['In-Reply-To: <spoof-1@evil.invalid>'],
        body: 'Following up.',
      }),
    );
    const [spoofs] = await db.query<{ events: number; threaded: number }>(
      `select (select count(*)::int from events where type = 'inbox.reply.received'
                and (body::jsonb -> 'data' ->> 'prospect_id') = $1) as events,
              (select count(*)::int from messages where message_id = 'spoof-2@evil.invalid') as threaded`,
      [graceId],
    );
    if (spoofs?.events !== 0 || spoofs?.threaded !== 0)
      fail(`spoofs: ${JSON.stringify(spoofs)} (both must be 0)`);

    // Floods.
    const floodSeconds = settings.level === 'long' ? 120 : 20;
    const big24 = (id: string) =>
      message({ id, from: 'flood@hardening.example', to, body: bigText(24_000_000) });
    const small = (id: string) => message({ id, from: 'flood@hardening.example', to, body: bigText(10_000) });
    const floods = [
      await flood({
        port,
        to,
        connections: 10,
        sources: ['127.0.0.2'],
        body: big24,
        until: Date.now() + floodSeconds * 1000,
        backoffMs: 500,
      }),
      await flood({
        port,
        to,
        connections: 500,
        sources: Array.from({ length: 50 }, (_, i) => `127.0.0.${10 + i}`),
        body: small,
        until: Date.now() + floodSeconds * 1000,
        backoffMs: 500,
      }),
    ];
    for (const [name, seen] of [
      ['10 x 24 MB, one address', floods[0]],
      ['500 connections, 50 addresses', floods[1]],
    ] as const) {
      const refused = [...(seen?.refused ?? [])].map(([code, n]) => `${n}x${code}`).join(' ');
      tally.figure(
        `mail flood: ${name}`,
        `${seen?.accepted.length} taken, refused ${refused || 'none'}, at most ${seen?.peakOpen} sessions open`,
      );
      if ((seen?.peakOpen ?? 0) > 100) fail(`${name}: ${seen?.peakOpen} sessions open at once (at most 100)`);
    }
    const accepted = floods.flatMap((f) => f.accepted);
    const [stored] = await db.query<{ n: number }>(
      `select (select count(*)::int from unmatched_messages where message_id = any($1::text[]))
            + (select count(*)::int from messages where message_id = any($1::text[])) as n`,
      [accepted],
    );
    if (stored?.n !== accepted.length) fail(`floods: ${accepted.length} answered 250, ${stored?.n} stored`);
  } finally {
    probing = false;
    await probe;
    tally.figure('mail: slowest API call during the part', `${apiSlowest} ms (at most ${MAX_API_MS})`);
    tally.figure('mail: server peak RSS', `${rssPeak.toFixed(0)} MiB (at most ${MAX_RSS_MIB})`);
    if (apiSlowest > MAX_API_MS) fail(`an API call took ${apiSlowest} ms while the listener was flooded`);
    if (rssPeak > MAX_RSS_MIB) fail(`server RSS reached ${rssPeak.toFixed(0)} MiB`);
    if (server.crashed) {
      tally.serverExits++;
      tally.find(part, 'server exit', server.tail().slice(-1500));
    }
    await agent.close();
    await server.stop();
    await db.close();
    await database.drop();
  }
  if (tally.otherFailures + tally.serverErrors + tally.serverExits === failuresBefore)
    console.log('    mail: every invariant held');
}
