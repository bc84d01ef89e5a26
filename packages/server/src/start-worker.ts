import type { Logger } from 'pino';
import { type BackgroundWork, startBackgroundWork } from './background-work.js';
import type { ServerConfig } from './config.js';
import type { Database } from './db/database.js';
import { openDatabase } from './db/open-database.js';
import type { DeliveryWorkerOptions } from './delivery/delivery-worker-options.js';
import type { ImportRunnerOptions } from './import/index.js';
import { createLogger } from './logger.js';
import { createMailSender } from './mail/mail-sender.js';
import { startMetrics } from './metrics/start-metrics.js';
import type { Tracing } from './tracing/start-tracing.js';

/** A running `prospectkit-server worker`; see {@link startWorker}. */
export interface RunningWorker {
  /** Its delivery worker and import runner. */
  work: BackgroundWork;
  /** The open database. */
  db: Database;
  /** The port of its metrics listener (`PROSPECTKIT_METRICS_PORT`), when set. */
  metricsPort: number | undefined;
  /** Stops taking work, finishes what is in flight, closes the metrics listener and the database. */
  close(): Promise<void>;
}

/**
 * What `prospectkit-server worker` runs: the background work of `startBackgroundWork` (deliveries,
 * imports, the webhooks' health) without the API, and its metrics on `PROSPECTKIT_METRICS_PORT` when set. The
 * metrics port is bound before any work starts: one that cannot be bound fails the start (a `ListenError`
 * naming the variable) having claimed nothing.
 *
 * @param options.worker the delivery worker's options (concurrency, lease ...). Default: its defaults
 * @param options.tracing from `startTracing`: statement spans, and attempt spans linked to their cause
 * @throws {ListenError} when `PROSPECTKIT_METRICS_PORT` cannot be bound
 * @example
 * const running = await startWorker(loadConfig(process.env, { serving: false }));
 * process.once('SIGTERM', () => void running.close());
 */
export async function startWorker(
  config: ServerConfig,
  options: {
    logger?: Logger;
    worker?: Partial<DeliveryWorkerOptions>;
    importRunner?: Pick<ImportRunnerOptions, 'leaseMs' | 'pollMs'>;
    tracing?: Pick<Tracing, 'traceDatabase' | 'aroundAttempt'>;
  } = {},
): Promise<RunningWorker> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const opened = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    max: config.dbPoolMax,
  });
  const db = options.tracing
    ? options.tracing.traceDatabase(opened, { databaseUrl: config.databaseUrl })
    : opened;
  let stopping = false;
  const metrics = await startMetrics({
    config: config.metrics,
    db,
    role: 'worker',
    stopping: () => stopping,
  }).catch(async (error: unknown) => {
    await db.close();
    throw error;
  });
  const mailSender = createMailSender(config.mail.relayUrl);
  const work = await startBackgroundWork({
    db,
    logger,
    config,
    metrics: metrics.metrics,
    mailSender,
    ...(options.importRunner ? { importRunner: options.importRunner } : {}),
    worker: {
      ...options.worker,
      ...(options.tracing ? { aroundAttempt: options.tracing.aroundAttempt } : {}),
    },
  });
  let closing: Promise<void> | undefined;
  return {
    work,
    db,
    metricsPort: metrics.listener?.port,
    close() {
      closing ??= (async () => {
        stopping = true;
        await work.stop();
        await metrics.close();
        mailSender.close();
        await db.close();
      })();
      return closing;
    },
  };
}
