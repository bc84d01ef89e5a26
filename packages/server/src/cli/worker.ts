import type { Command } from 'commander';
import { loadConfig } from '../config.js';
import { DELIVERY_WORKER_DEFAULTS } from '../delivery/delivery-worker-options.js';
import { createLogger } from '../logger.js';
import { tracingRequested } from '../tracing/tracing-config.js';
import { CliError } from './cli-error.js';
import { warnInsecureWebhooks } from './insecure-webhooks-warning.js';
import { positiveInteger } from './option-parsers.js';
import { runUntilSignal } from './run-until-signal.js';

/**
 * `worker [--concurrency 32] [--lease-seconds 60]`: the background work alone (webhook deliveries, prospect
 * imports, the app's bulk changes, the webhooks' health), without the API, until SIGTERM or SIGINT. Any number may share one PostgreSQL
 * database. Its metrics are served on `PROSPECTKIT_METRICS_PORT` when set.
 *
 * @see packages/server/README.md, "Attempt log and CLI"
 */
export function registerWorker(program: Command): void {
  program
    .command('worker')
    .description(
      'Run the background work alone (webhook deliveries, prospect imports and bulk changes), without the API; any number may share one PostgreSQL database',
    )
    .option(
      '--concurrency <n>',
      'attempts in flight at once',
      positiveInteger,
      DELIVERY_WORKER_DEFAULTS.concurrency,
    )
    .option(
      '--lease-seconds <n>',
      'how long a claimed delivery or import job is held before another worker may take it (at least 15)',
      positiveInteger,
      DELIVERY_WORKER_DEFAULTS.leaseMs / 1000,
    )
    .action(async (o: { concurrency: number; leaseSeconds: number }) => {
      const config = loadConfig(process.env, { serving: false });
      if (o.leaseSeconds < 15)
        throw new CliError('--lease-seconds is at least 15: the 10-second attempt timeout plus a margin.');
      // Loaded here, not at the top: the HTTP client that sends webhooks (undici) is only for `worker` and
      // `start`, and every other command starts faster without it.
      const tracing = tracingRequested()
        ? await (await import('../tracing/start-tracing.js')).startTracing()
        : undefined;
      const { startWorker } = await import('../start-worker.js');
      const running = await startWorker(config, {
        worker: { concurrency: o.concurrency, leaseMs: o.leaseSeconds * 1000 },
        // A killed worker's import job (and bulk job: background-work.ts gives it this lease too) is resumed by
        // another once this lease runs out, as its deliveries are.
        importRunner: { leaseMs: o.leaseSeconds * 1000 },
        ...(tracing ? { tracing } : {}),
      });
      if (config.allowInsecureWebhooks) warnInsecureWebhooks();
      const metrics =
        running.metricsPort === undefined
          ? ''
          : `; metrics on http://${config.metrics.host}:${running.metricsPort}/metrics`;
      console.log(
        `ProspectKit worker running on ${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}: deliveries (concurrency ${o.concurrency}) and imports${metrics}.`,
      );
      runUntilSignal({
        logger: createLogger(config.logLevel),
        message: 'worker shutting down',
        stop: async () => {
          await running.close();
          await tracing?.shutdown();
        },
      });
    });
}
