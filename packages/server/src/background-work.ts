import type { Logger } from 'pino';
import { type BulkRunner, type BulkRunnerOptions, createBulkRunner } from './bulk/create-bulk-runner.js';
import type { ServerConfig } from './config.js';
import type { Database } from './db/database.js';
import { createDeliveryWorker, type DeliveryWorker } from './delivery/delivery-worker.js';
import type { DeliveryWorkerOptions } from './delivery/delivery-worker-options.js';
import { createWebhookHealthWatch } from './delivery/webhook-health-watch.js';
import { createImportRunner, type ImportRunner, type ImportRunnerOptions } from './import/index.js';
import type { MailSender } from './mail/mail-sender.js';
import type { ServerMetrics } from './metrics/server-metrics.js';

/** The background work of a process: deliveries, imports and the webhooks' health; see `startBackgroundWork`. */
export interface BackgroundWork {
  /** The delivery worker. */
  worker: DeliveryWorker;
  /** The runner of prospect imports. */
  importRunner: ImportRunner;
  /** The runner of the app's bulk changes of prospects (docs/bulk-actions.md). */
  bulkRunner: BulkRunner;
  /** Stops taking work, finishes what is in flight (the import's batch, the attempts), hands the rest back. */
  stop(): Promise<void>;
}

/**
 * Starts what `prospectkit-server worker` runs, and `start` beside its API unless `PROSPECTKIT_START_WORKER=off`:
 * a delivery worker, an import runner (its rows prepared in a thread of their own, never on this event loop), the
 * runner of the app's bulk changes (`bulk/create-bulk-runner.ts`) and
 * the watch that disables a webhook after its `auto_disable_days` of failures and emails the administrators. Any
 * number of processes may run it on one PostgreSQL database: deliveries and import jobs are claimed with
 * `FOR UPDATE SKIP LOCKED` and a lease, and a webhook is disabled (and its email sent) by one of them.
 *
 * @param options.worker the delivery worker's own options (concurrency, lease, TLS ...). Default: its defaults
 * @param options.importRunner the import runner's lease and poll. Default: its defaults
 * @example
 * const work = await startBackgroundWork({ db, logger, config, metrics: NO_METRICS, mailSender });
 * process.once('SIGTERM', () => void work.stop());
 */
export async function startBackgroundWork(options: {
  db: Database;
  logger: Logger;
  config: ServerConfig;
  metrics: ServerMetrics;
  mailSender: MailSender;
  worker?: Partial<DeliveryWorkerOptions>;
  /** The import runner's own options (its lease ...). Default: its defaults. */
  importRunner?: Pick<ImportRunnerOptions, 'leaseMs' | 'pollMs'>;
  /** The bulk runner's own options (its lease ...). Default: the import runner's lease, else its defaults. */
  bulkRunner?: Pick<BulkRunnerOptions, 'leaseMs' | 'pollMs'>;
}): Promise<BackgroundWork> {
  const { db, logger, config, metrics } = options;
  const worker = createDeliveryWorker({
    db,
    logger,
    allowInsecureWebhooks: config.allowInsecureWebhooks,
    attemptRetentionMs: config.attemptRetentionDays * 86_400_000,
    metrics,
    ...options.worker,
  });
  const importRunner = createImportRunner({ db, logger, metrics, ...options.importRunner });
  const bulkRunner = createBulkRunner({
    db,
    logger,
    ...(options.importRunner?.leaseMs ? { leaseMs: options.importRunner.leaseMs } : {}),
    ...options.bulkRunner,
  });
  const health = createWebhookHealthWatch({
    db,
    logger,
    mailSender: options.mailSender,
    adminEmails: config.adminEmails,
    inboundDomain: config.mail.inboundDomain,
    publicUrl: config.publicUrl,
  });
  await worker.start();
  await importRunner.start();
  await bulkRunner.start();
  health.start();
  return {
    worker,
    importRunner,
    bulkRunner,
    async stop() {
      health.stop();
      await Promise.all([importRunner.stop(), bulkRunner.stop(), worker.stop()]);
    },
  };
}
