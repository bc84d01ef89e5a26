// Run by tracing.test.ts in a process of its own (the instrumentations must hook express before it loads): a
// server with tracing into an in-memory exporter, one POST /prospects, its webhook delivered to a local
// receiver; prints the finished spans as JSON on stdout.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { startTracing } from '../../src/tracing/start-tracing.js';

const exporter = new InMemorySpanExporter();
const tracing = await startTracing({
  spanProcessors: [new SimpleSpanProcessor(exporter)],
  serviceName: 'test',
});
const { loadConfig } = await import('../../src/config.js');
const { openDatabase } = await import('../../src/db/open-database.js');
const { startServer } = await import('../../src/start-server.js');
const { bootstrapDemo } = await import('../../src/dev-bootstrap.js');
const { createWebhook } = await import('../../src/store/webhooks.js');

let delivered: () => void = () => {};
const arrived = new Promise<void>((resolve) => {
  delivered = resolve;
});
const receiver = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(204).end();
    delivered();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const db = await openDatabase(
  process.env.TEST_DATABASE_URL
    ? { databaseUrl: process.env.TEST_DATABASE_URL, schema: `pk_trace_${process.pid}` }
    : {},
);
const config = loadConfig(
  {
    PORT: '0',
    LOG_LEVEL: 'silent',
    PROSPECTKIT_SMTP_PORT: 'off',
    PROSPECTKIT_ALLOW_INSECURE_WEBHOOKS: '1',
    PROSPECTKIT_ADMIN_PASSWORD: 'a long enough test password',
    ...(process.env.TEST_DATABASE_URL ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {}),
  },
  { serving: false },
);
const running = await startServer(config, { db, tracing, validateResponses: false });
const demo = await bootstrapDemo(running.db);
if (!demo) throw new Error('expected an empty database');
await createWebhook(running.db, {
  workspaceId: demo.workspaceId,
  url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
  events: ['prospect.created'],
});
exporter.reset();
const answer = await fetch(`${running.baseUrl}/prospects`, {
  method: 'POST',
  headers: { authorization: `Bearer ${demo.token}`, 'content-type': 'application/json' },
  body: JSON.stringify({ company: 'Traced Ltd' }),
});
const created = (await answer.json()) as { id: string };
await arrived;
// The attempt's span ends once its result is back from the receiver.
for (
  let i = 0;
  i < 50 && !exporter.getFinishedSpans().some((s) => s.name === 'webhook delivery attempt');
  i++
)
  await new Promise((resolve) => setTimeout(resolve, 100));
const [event] = await running.db.query<{ traceparent: string | null }>(
  `select traceparent from events where body::jsonb -> 'data' ->> 'prospect_id' = $1`,
  [created.id],
);
await running.close();
if (process.env.TEST_DATABASE_URL) await db.query(`drop schema pk_trace_${process.pid} cascade`);
await db.close();
receiver.close();
const spans = exporter.getFinishedSpans().map((s) => ({
  name: s.name,
  kind: s.kind,
  traceId: s.spanContext().traceId,
  spanId: s.spanContext().spanId,
  parentSpanId: s.parentSpanContext?.spanId,
  attributes: s.attributes,
  links: s.links.map((l) => ({ traceId: l.context.traceId, spanId: l.context.spanId })),
  scope: s.instrumentationScope.name,
}));
await tracing.shutdown();
process.stdout.write(
  JSON.stringify({ status: answer.status, traceparent: event?.traceparent ?? null, spans }),
);
