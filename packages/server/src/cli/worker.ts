import type { Command } from 'commander';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/open-database.js';
import { DELIVERY_WORKER_DEFAULTS } from '../delivery/delivery-worker-options.js';
import { createLogger } from '../logger.js';
import { CliError } from './cli-error.js';
import { warnInsecureWebhooks } from './insecure-webhooks-warning.js';
import { positiveInteger } from './option-parsers.js';
import { runUntilSignal } from './run-until-signal.js';

/**
 * `worker [--concurrency 32] [--lease-seconds 60]`: a delivery worker alone, without the API, until SIGTERM or
 * SIGINT. Any number may share one PostgreSQL database.
 *
 * @see packages/server/README.md, "Attempt log and CLI"
 */
export function registerWorker(program: Command): void {
  program
    .command('worker')
    .description('Run a delivery worker alone, without the API; any number may share one PostgreSQL database')
    .option(
      '--concurrency <n>',
      'attempts in flight at once',
      positiveInteger,
      DELIVERY_WORKER_DEFAULTS.concurrency,
    )
    .option(
      '--lease-seconds <n>',
      'how long a claimed delivery is held before another worker may take it (at least 15)',
      positiveInteger,
      DELIVERY_WORKER_DEFAULTS.leaseMs / 1000,
    )
    .action(async (o: { concurrency: number; leaseSeconds: number }) => {
      const config = loadConfig(process.env, { serving: false });
      if (o.leaseSeconds < 15)
        throw new CliError('--lease-seconds is at least 15: the 10-second attempt timeout plus a margin.');
      const logger = createLogger(config.logLevel);
      // Loaded here, not at the top: the HTTP client that sends webhooks (undici) is only for `worker` and
      // `start`, and every other command starts faster without it.
      const { createDeliveryWorker } = await import('../delivery/delivery-worker.js');
      const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
      const worker = createDeliveryWorker({
        db,
        logger,
        allowInsecureWebhooks: config.allowInsecureWebhooks,
        attemptRetentionMs: config.attemptRetentionDays * 86_400_000,
        concurrency: o.concurrency,
        leaseMs: o.leaseSeconds * 1000,
      });
      await worker.start();
      if (config.allowInsecureWebhooks) warnInsecureWebhooks();
      console.log(
        `ProspectKit delivery worker running on ${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`} (concurrency ${o.concurrency}).`,
      );
      runUntilSignal({
        logger,
        message: 'delivery worker shutting down',
        stop: async () => {
          await worker.stop();
          await db.close();
        },
      });
    });
}
