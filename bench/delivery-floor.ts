// The floor of bench/delivery.ts: the irreducible work of delivering, on the worker's own libraries (the postgres
// driver, undici, @prospectkit/webhooks), in a loop with nothing else. Claim a batch with FOR UPDATE SKIP LOCKED
// and a lease, sign each delivery with signWebhookSync, POST them over TLS on a kept-alive undici pool (the same
// number in flight as the worker's concurrency), and record the batch in one statement. No SSRF guard, timeout,
// retry schedule, logging or claim-ahead: whatever the worker spends above this loop's CPU per delivery is what
// those cost. In its own process, driven over IPC like bench/delivery-worker.ts.
import { signWebhookSync } from '@prospectkit/webhooks';
import postgres from 'postgres';
import { Agent, type Dispatcher } from 'undici';

type Message =
  | { type: 'start'; databaseUrl: string; ca: string; concurrency: number; userAgent: string }
  | { type: 'cpu' }
  | { type: 'stop' }
  | { type: 'exit' };

interface Claimed {
  id: string;
  event_id: string;
  type: string;
  body: string;
  url: string;
  secret: string;
}

const send = (message: unknown) => process.send?.(message);
let running = false;
let loop: Promise<void> = Promise.resolve();
let cpuAtStart = process.cpuUsage();

/** One POST on the pool; resolves with the status once the response has ended. */
function post(agent: Agent, delivery: Claimed, userAgent: string): Promise<number> {
  const url = new URL(delivery.url);
  const headers = {
    'Content-Type': 'application/json',
    'User-Agent': userAgent,
    'Service-Event-ID': delivery.event_id,
    'Service-Event': delivery.type,
    ...signWebhookSync({ secret: delivery.secret, body: delivery.body }),
  };
  return new Promise((resolve, reject) => {
    let status = 0;
    const handler: Dispatcher.DispatchHandler = {
      onRequestStart: () => {},
      onResponseStart: (_controller, statusCode) => {
        status = statusCode;
      },
      onResponseEnd: () => resolve(status),
      onResponseError: (_controller, error) => reject(error),
    };
    agent.dispatch(
      { origin: url.origin, path: url.pathname, method: 'POST', headers, body: delivery.body },
      handler,
    );
  });
}

async function run(sql: postgres.Sql, agent: Agent, concurrency: number, userAgent: string): Promise<void> {
  while (running) {
    const claimed = await sql<Claimed[]>`
      with due as (
        select id from deliveries
        where status = 'pending' and next_attempt_at <= now() and (lease_until is null or lease_until <= now())
        order by next_attempt_at, id
        limit ${concurrency}
        for update skip locked
      )
      update deliveries d set lease_until = now() + interval '60 seconds', updated_at = now()
      from due, events e, webhooks w
      where d.id = due.id and e.id = d.event_id and w.id = d.webhook_id
      returning d.id, d.event_id, e.type, e.body, w.url, w.secret`;
    if (claimed.length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      continue;
    }
    const statuses = await Promise.all(claimed.map((delivery) => post(agent, delivery, userAgent)));
    const ids = claimed.map((d) => d.id);
    await sql`
      with r as (select * from unnest(${ids}::text[], ${statuses}::int[]) as r(id, status_code)),
      logged as (
        insert into delivery_attempts (delivery_id, number, attempted_at, status_code, duration_ms)
        select id, 1, now(), status_code, 0 from r
      )
      update deliveries d set attempts = 1, status = 'succeeded', next_attempt_at = null, lease_until = null,
        last_status_code = r.status_code, updated_at = now()
      from r where d.id = r.id`;
  }
}

process.on('message', async (message: Message) => {
  if (message.type === 'start') {
    const sql = postgres(message.databaseUrl, { max: 2, onnotice: () => {} });
    const agent = new Agent({ connect: { ca: message.ca } });
    cpuAtStart = process.cpuUsage();
    running = true;
    loop = run(sql, agent, message.concurrency, message.userAgent).finally(async () => {
      await agent.close();
      await sql.end({ timeout: 5 });
    });
    send({ type: 'ready' });
  } else if (message.type === 'cpu') {
    const cpu = process.cpuUsage(cpuAtStart);
    send({ type: 'cpu', cpuMicros: cpu.user + cpu.system });
  } else if (message.type === 'stop') {
    running = false;
    await loop;
    send({ type: 'stop' });
  } else {
    process.exit(0);
  }
});
