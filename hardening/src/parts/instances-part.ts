import { prospectRows } from '@prospectkit/fake-data';
import { createWebhook, openDatabase } from '@prospectkit/server';
import type { Seen } from '../contract.js';
import { createThrowawayDatabase } from '../database.js';
import { createAgent, pool, send } from '../http.js';
import { startReceiver, waitFor } from '../receiver.js';
import { type ServerProcess, startServerProcess } from '../server-process.js';
import type { PartEnvironment } from './part.js';

const INSECURE = { PROSPECTKIT_ALLOW_INSECURE_WEBHOOKS: '1' };

/**
 * Part 3: two server processes (each with its delivery worker) on one PostgreSQL database: concurrent start-up
 * migrates once, every event reaches the receiver, and the rate limit holds exactly across both.
 */
export async function instancesPart(env: PartEnvironment): Promise<void> {
  const part = 'several instances';
  const { tally, settings } = env;
  const database = await createThrowawayDatabase(env.databaseUrl, 'inst');
  const receiver = await startReceiver();
  const agent = createAgent({ connections: 16 });
  const servers: ServerProcess[] = [];
  const db = await openDatabase({ databaseUrl: database.url }, { migrate: false });
  try {
    // Both start at once on an empty database: one migrates, the other waits on the advisory lock.
    servers.push(
      ...(await Promise.all(
        [1, 2].map(() => startServerProcess({ databaseUrl: database.url, env: INSECURE })),
      )),
    );
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const [counts] = await db.query<{ rows: number; versions: number }>(
      'select count(*)::int as rows, count(distinct version)::int as versions from schema_migrations',
    );
    const workspaces = await db.query<{ id: string }>('select id from workspaces');
    const tokens = [a.demoToken, b.demoToken].filter(Boolean);
    tally.figure('instances: migrations applied', `${counts?.rows} rows, ${counts?.versions} versions`);
    if (!counts || counts.rows !== counts.versions || counts.rows === 0)
      tally.fail(part, `schema_migrations ${JSON.stringify(counts)}`);
    if (workspaces.length !== 1 || tokens.length !== 1)
      tally.fail(part, `start-up made ${workspaces.length} demo workspaces, ${tokens.length} tokens`);
    const token = tokens[0] as string;
    await createWebhook(db, {
      workspaceId: (workspaces[0] as { id: string }).id,
      url: receiver.url,
      events: ['prospect.created'],
    });

    let created = 0;
    const createStart = Date.now();
    const bodies = Array.from(prospectRows({ seed: 2, count: settings.events }));
    await pool(
      Array.from({ length: settings.events }, (_, i) => i),
      16,
      async (i) => {
        const server = i % 2 ? b : a;
        const seen = await send(
          server.baseUrl,
          {
            method: 'POST',
            path: '/api/v1/prospects',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify(bodies[i]),
          },
          agent,
        );
        tally.requestsSent++;
        if (seen.status === 201) created++;
        else if (seen.status >= 500) tally.serverErrors++;
        else tally.fail(part, `creating prospect ${i} answered ${seen.status} ${seen.text.slice(0, 100)}`);
      },
    );
    const events = (
      await db.query<{ id: string }>("select id from events where type = 'prospect.created'")
    ).map((r) => r.id);
    const createdSeconds = (Date.now() - createStart) / 1000;
    const allDelivered = await waitFor(
      () => events.every((id) => receiver.ids.has(id)),
      settings.level === 'long' ? 600_000 : 180_000,
    );
    const lost = events.filter((id) => !receiver.ids.has(id)).length;
    tally.eventsLost += lost + Math.max(0, settings.events - events.length);
    const [pending] = await db.query<{ n: number }>(
      "select count(*)::int as n from deliveries where status <> 'succeeded'",
    );
    tally.figure(
      'instances: events',
      `${created} created, ${events.length} in outbox, ${receiver.ids.size} received (${receiver.received} requests), ${pending?.n} not succeeded${allDelivered ? '' : ' (timed out)'}; created in ${createdSeconds.toFixed(1)} s, all received ${((Date.now() - createStart) / 1000).toFixed(1)} s after the first`,
    );
    if (a.crashed || b.crashed) tally.serverExits++;
    await Promise.all(servers.splice(0).map((s) => s.stop()));

    // The rate limit across both: restart both with a small limit; exactly `limit` requests pass.
    const limit = settings.rateLimit;
    servers.push(
      ...(await Promise.all(
        [1, 2].map(() => startServerProcess({ databaseUrl: database.url, rateLimit: limit })),
      )),
    );
    const [c, d] = servers as [ServerProcess, ServerProcess];
    const get = (server: ServerProcess, via: ReturnType<typeof createAgent>) =>
      send(
        server.baseUrl,
        {
          method: 'GET',
          path: '/api/v1/prospects?per_page=1',
          headers: { authorization: `Bearer ${token}` },
        },
        via,
      );
    // The event load above spent this address's budget: start both measurements from empty counters.
    await db.query('delete from rate_limits');
    const sequentialSeen: Seen[] = [];
    for (let i = 0; i < limit * 2 + 10; i++) sequentialSeen.push(await get(i % 2 ? d : c, agent));
    // A second client address (127.0.0.2 is loopback too) has its own budget: a concurrent burst across both.
    await db.query('delete from rate_limits');
    const other = createAgent({ connections: 32, localAddress: '127.0.0.2' });
    const burst = await Promise.all(
      Array.from({ length: limit * 2 + 10 }, (_, i) => get(i % 2 ? d : c, other)),
    );
    await other.close();
    const seenBy = { sequential: sequentialSeen, concurrent: burst };
    for (const [name, statuses] of [
      ['sequential', sequentialSeen.map((s) => s.status)],
      ['concurrent', burst.map((s) => s.status)],
    ] as const) {
      tally.requestsSent += statuses.length;
      const ok = statuses.filter((s) => s === 200).length;
      const limited = statuses.filter((s) => s === 429).length;
      tally.serverErrors += statuses.filter((s) => s >= 500).length;
      tally.rateLimitBreaches += Math.abs(ok - limit);
      if (ok + limited !== statuses.length) {
        const other = seenBy[name].find((s) => s.status !== 200 && s.status !== 429);
        tally.fail(
          part,
          `rate limit ${name}: statuses ${[...new Set(statuses)].join(',')}, e.g. ${other?.status} ${other?.text.slice(0, 200)}`,
        );
      }
      tally.figure(
        `instances: rate limit ${name}`,
        `limit ${limit}: ${ok} x 200, ${limited} x 429 over two instances`,
      );
    }
    for (const server of [c, d]) {
      if (!server.crashed) continue;
      tally.serverExits++;
      tally.find(part, 'server exit', `a rate-limited instance exited:\n${server.tail().slice(-1500)}`);
    }
  } finally {
    await agent.close();
    await Promise.all(servers.map((s) => s.stop()));
    await receiver.close();
    await db.close();
    await database.drop();
  }
}
