import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/database.js';
import { MAX_WEBHOOK_LABELS, type ServerMetrics } from './server-metrics.js';

/** A process's metrics in the Prometheus text format; see `createPrometheusMetrics`. */
export interface PrometheusMetrics {
  /** What the server's parts report to (see {@link ServerMetrics}). */
  metrics: ServerMetrics;
  /** Requests being answered now, for `prospectkit_http_requests_in_flight`. */
  inFlight: {
    /** A request began. */
    inc(): void;
    /** A request was answered (or its connection closed). */
    dec(): void;
  };
  /** The exposition's `Content-Type`. */
  contentType: string;
  /** Every family in the Prometheus text format, the database's gauges read now. */
  render(): Promise<string>;
}

// Seconds: from a cached read (a few ms) to the 10-second attempt budget.
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
// Commit to receipt spans the first attempt (milliseconds) and the retries (up to hours, openapi.yaml Delivery).
const RECEIPT_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 1800, 7200, 14_400];

/**
 * The prom-client registry of one process, `api` (`start`) or `worker`: every family that process can report,
 * with Prometheus' naming (`prospectkit_` prefix, units in the name, `_total` counters), the process's own
 * (`process_*`, `nodejs_*`: CPU, memory, heap, event-loop lag), and gauges read from the database at each scrape
 * (the delivery queue, import jobs by status) and from its pools.
 *
 * @param options.db the process's database: queue and job gauges, and its pools' use
 * @param options.role `api` or `worker`, the `role` label of `prospectkit_process_info`
 * @returns the metrics for the server's parts and `render()` for `/metrics`
 * @example
 * const prometheus = createPrometheusMetrics({ db, role: 'api' });
 * res.type(prometheus.contentType).send(await prometheus.render());
 * @see docs/architecture.md, "Metrics and traces"
 */
export function createPrometheusMetrics(options: {
  db: Database;
  role: 'api' | 'worker';
}): PrometheusMetrics {
  const { db } = options;
  const registers = [new Registry()];
  const [registry] = registers as [Registry];
  collectDefaultMetrics({ register: registry });
  new Gauge({
    name: 'prospectkit_process_info',
    help: 'Always 1; the role label says whether this process serves the API (start) or only works (worker).',
    labelNames: ['role'],
    registers,
  }).set({ role: options.role }, 1);
  const requests = new Histogram({
    name: 'prospectkit_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by the contract operationId (or the area: settings, healthz, readyz, docs, metrics, other) and status code.',
    labelNames: ['operation', 'status'],
    buckets: REQUEST_BUCKETS,
    registers,
  });
  const inFlight = new Gauge({
    name: 'prospectkit_http_requests_in_flight',
    help: 'HTTP requests being answered now.',
    registers,
  });
  const rateLimited = new Counter({
    name: 'prospectkit_rate_limit_rejections_total',
    help: 'Requests refused with 429 by a rate limit: the API and settings pages (api) or settings sign-in (sign_in).',
    labelNames: ['limiter'],
    registers,
  });
  const attempts = new Counter({
    name: 'prospectkit_delivery_attempts_total',
    help: `Webhook delivery attempts by webhook id (at most ${MAX_WEBHOOK_LABELS} per process, then "other") and result: succeeded, retry (another attempt is scheduled) or failed (none is).`,
    labelNames: ['webhook_id', 'result'],
    registers,
  });
  const attemptSeconds = new Histogram({
    name: 'prospectkit_delivery_attempt_duration_seconds',
    help: 'Time of one delivery attempt, address check and signed POST, until the answer or the 10-second timeout.',
    labelNames: ['result'],
    buckets: REQUEST_BUCKETS,
    registers,
  });
  const receipt = new Histogram({
    name: 'prospectkit_delivery_commit_to_receipt_seconds',
    help: "Time from an event's commit to the receiver's 2xx, retries included.",
    buckets: RECEIPT_BUCKETS,
    registers,
  });
  new Gauge({
    name: 'prospectkit_delivery_queue_depth',
    help: 'Pending deliveries in the database: due now (due), waiting for a retry (scheduled), or held by a disabled webhook (held). Every process reports the same database.',
    labelNames: ['state'],
    registers,
    async collect() {
      const [row] = await db.query<{ due: number; scheduled: number; held: number }>(
        `select count(*) filter (where next_attempt_at <= now())::int as due,
           count(*) filter (where next_attempt_at > now())::int as scheduled,
           count(*) filter (where next_attempt_at is null)::int as held
         from deliveries where status = 'pending'`,
      );
      for (const state of ['due', 'scheduled', 'held'] as const)
        this.set({ state }, Number(row?.[state] ?? 0));
    },
  });
  new Gauge({
    name: 'prospectkit_delivery_oldest_due_age_seconds',
    help: 'How long the oldest due delivery has been due (0 when none is): the delivery queue is keeping up when this stays low.',
    registers,
    async collect() {
      const [row] = await db.query<{ age: number | null }>(
        `select extract(epoch from now() - min(next_attempt_at))::float8 as age
         from deliveries where status = 'pending' and next_attempt_at <= now()`,
      );
      this.set(Math.max(0, Number(row?.age ?? 0)));
    },
  });
  const importRows = new Counter({
    name: 'prospectkit_import_rows_total',
    help: 'Import rows committed by this process, by result: created, skipped (duplicates) or rejected; rate() gives rows per second.',
    labelNames: ['result'],
    registers,
  });
  new Gauge({
    name: 'prospectkit_import_jobs',
    help: 'Import jobs in the database by status.',
    labelNames: ['status'],
    registers,
    async collect() {
      const rows = await db.query<{ status: string; jobs: number }>(
        `select status, count(*)::int as jobs from import_jobs where status <> 'receiving' group by status`,
      );
      this.reset();
      for (const status of [
        'uploaded',
        'queued',
        'running',
        'cancelling',
        'cancelled',
        'succeeded',
        'failed',
      ])
        this.set({ status }, Number(rows.find((r) => r.status === status)?.jobs ?? 0));
    },
  });
  const smtp = new Counter({
    name: 'prospectkit_smtp_messages_total',
    help: 'Inbound SMTP messages: accepted, or refused with the reason (too_large, relay_denied, no_mailbox, too_many_connections, temporary_failure).',
    labelNames: ['result', 'reason'],
    registers,
  });
  const poolGauge = (name: string, help: string, pick: (p: PoolUse) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['pool'],
      registers,
      collect() {
        for (const pool of db.poolStats?.() ?? []) this.set({ pool: pool.applicationName }, pick(pool));
      },
    });
  poolGauge(
    'prospectkit_db_pool_connections_max',
    'Connections a database pool of this process may open.',
    (p) => p.max,
  );
  poolGauge(
    'prospectkit_db_pool_connections_in_use',
    'Connections of a pool running a statement or a transaction now.',
    (p) => p.inUse,
  );
  poolGauge(
    'prospectkit_db_pool_waiting',
    'Statements and transactions waiting for a connection of a pool.',
    (p) => p.waiting,
  );

  const webhookLabels = new Set<string>();
  const webhookLabel = (id: string) => {
    if (webhookLabels.has(id)) return id;
    if (webhookLabels.size >= MAX_WEBHOOK_LABELS) return 'other';
    webhookLabels.add(id);
    return id;
  };
  return {
    metrics: {
      httpRequest: (operation, status, seconds) => requests.observe({ operation, status }, seconds),
      rateLimited: (limiter) => rateLimited.inc({ limiter }),
      deliveryAttempt(webhookId, result, seconds) {
        attempts.inc({ webhook_id: webhookLabel(webhookId), result });
        attemptSeconds.observe({ result }, seconds);
      },
      deliveredAfter: (seconds) => receipt.observe(seconds),
      importRows({ created, skipped, rejected }) {
        if (created > 0) importRows.inc({ result: 'created' }, created);
        if (skipped > 0) importRows.inc({ result: 'skipped' }, skipped);
        if (rejected > 0) importRows.inc({ result: 'rejected' }, rejected);
      },
      smtpMessage: (result, reason) => smtp.inc({ result, reason: reason ?? '' }),
    },
    inFlight: { inc: () => inFlight.inc(), dec: () => inFlight.dec() },
    contentType: registry.contentType,
    render: () => registry.metrics(),
  };
}

type PoolUse = NonNullable<ReturnType<NonNullable<Database['poolStats']>>>[number];
