import { createWebhook, openDatabase } from '@prospectkit/server';
import { createThrowawayDatabase } from '../database.js';
import { createAgent, send } from '../http.js';
import { startReceiver, waitFor } from '../receiver.js';
import { type ServerProcess, startServerProcess } from '../server-process.js';
import type { PartEnvironment } from './part.js';

const INSECURE = { PROSPECTKIT_ALLOW_INSECURE_WEBHOOKS: '1' };
const WRITERS = 8;

/**
 * Part 4: SIGKILL a server under write load (every acknowledged prospect must be there after a restart), then
 * SIGKILL a server mid-delivery (every delivery must still end succeeded, through the other instance's worker).
 */
export async function crashesPart(env: PartEnvironment): Promise<void> {
  const part = 'crashes';
  const { tally } = env;
  const database = await createThrowawayDatabase(env.databaseUrl, 'crash');
  const agent = createAgent({ connections: WRITERS });
  const receiver = await startReceiver({ delayMs: 250 });
  const servers: ServerProcess[] = [];
  const db = await openDatabase({ databaseUrl: database.url }, { migrate: false });
  try {
    const first = await startServerProcess({ databaseUrl: database.url, env: INSECURE });
    servers.push(first);
    const token = first.demoToken as string;
    const post = (server: ServerProcess, company: string) =>
      send(
        server.baseUrl,
        {
          method: 'POST',
          path: '/api/v1/prospects',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ company }),
        },
        agent,
      );
    const acknowledged: string[] = [];
    let killed = false;
    const writers = Array.from({ length: WRITERS }, async (_, w) => {
      for (let i = 0; !killed; i++) {
        const seen = await post(first, `Crash ${w}-${i}`);
        tally.requestsSent++;
        if (seen.status === 201) acknowledged.push((JSON.parse(seen.text) as { id: string }).id);
        else if (seen.status >= 500) tally.serverErrors++;
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 4000));
    killed = true;
    await first.kill('SIGKILL');
    await Promise.all(writers);
    const restarted = await startServerProcess({
      databaseUrl: database.url,
      port: first.port,
      env: INSECURE,
    });
    servers.push(restarted);
    const found = await db.query<{ id: string }>('select id from prospects where id = any($1)', [
      acknowledged,
    ]);
    const withEvent = await db.query<{ n: number }>(
      "select count(*)::int as n from events where type = 'prospect.created' and body::jsonb->'data'->>'prospect_id' = any($1)",
      [acknowledged],
    );
    tally.writesLost += acknowledged.length - found.length;
    tally.figure(
      'crashes: writes',
      `${acknowledged.length} acknowledged before SIGKILL, ${found.length} found after restart, ${withEvent[0]?.n} with their event`,
    );
    if ((withEvent[0]?.n ?? 0) !== found.length)
      tally.fail(part, 'a stored prospect lacks its prospect.created event');

    // Mid-delivery: a slow receiver, 200 events, SIGKILL the instance while its worker holds leased deliveries.
    const [workspace] = await db.query<{ id: string }>('select id from workspaces limit 1');
    await createWebhook(db, {
      workspaceId: (workspace as { id: string }).id,
      url: receiver.url,
      events: ['prospect.created'],
    });
    const before = new Set((await db.query<{ id: string }>('select id from events')).map((r) => r.id));
    for (let i = 0; i < 200; i++) {
      const seen = await post(restarted, `Delivery ${i}`);
      tally.requestsSent++;
      if (seen.status !== 201) tally.fail(part, `creating a prospect answered ${seen.status}`);
    }
    await waitFor(() => receiver.received >= 30, 60_000);
    await restarted.kill('SIGKILL');
    const [inFlight] = await db.query<{ n: number }>(
      "select count(*)::int as n from deliveries where status = 'pending' and lease_until is not null",
    );
    const survivor = await startServerProcess({ databaseUrl: database.url, env: INSECURE });
    servers.push(survivor);
    const events = (await db.query<{ id: string }>('select id from events'))
      .map((r) => r.id)
      .filter((id) => !before.has(id));
    // Leased deliveries wait out their lease (60 s) before another worker takes them.
    await waitFor(async () => {
      const [left] = await db.query<{ n: number }>(
        "select count(*)::int as n from deliveries where status <> 'succeeded'",
      );
      return left?.n === 0;
    }, 150_000);
    const [left] = await db.query<{ n: number }>(
      "select count(*)::int as n from deliveries where status <> 'succeeded'",
    );
    const missing = events.filter((id) => !receiver.ids.has(id)).length;
    tally.eventsLost += Math.max(missing, left?.n ?? 0);
    tally.figure(
      'crashes: deliveries',
      `${events.length} events, ${inFlight?.n} leased at SIGKILL, ${receiver.ids.size} received (${receiver.received - receiver.ids.size} duplicates), ${left?.n} not succeeded`,
    );
    if (survivor.crashed) tally.serverExits++;
  } finally {
    await agent.close();
    await Promise.all(servers.map((s) => s.stop()));
    await receiver.close();
    await db.close();
    await database.drop();
  }
}
