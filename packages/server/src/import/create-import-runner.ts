import type { Logger } from 'pino';
import { type Clock, systemClock } from '../clock.js';
import type { Database } from '../db/database.js';
import { NO_METRICS, type ServerMetrics } from '../metrics/server-metrics.js';
import {
  claimImportJob,
  finishImportJob,
  IMPORT_CHANNEL,
  lockLeasedImportJob,
  sweepAbandonedUploads,
} from '../store/import-job-queue.js';
import type { ImportJob } from '../store/import-jobs.js';
import { createRowPreparer } from './row-preparer.js';
import { BatchFailed, runImportJob } from './run-import-job.js';

/** Defaults of {@link createImportRunner}'s options. */
export const IMPORT_RUNNER_DEFAULTS = {
  /** How long a claim (and each batch's renewal) holds a job, in milliseconds: 60000. */
  leaseMs: 60_000,
  /** How often to look for work besides NOTIFY (and for jobs whose runner died), in milliseconds: 5000. */
  pollMs: 5_000,
  /** Rows per transaction: 500. */
  batchSize: 500,
  /** Claims after which a job that keeps stopping ends `failed`: 5. */
  maxAttempts: 5,
} as const;

/** Options of {@link createImportRunner}. */
export interface ImportRunnerOptions {
  /** The open, migrated database holding the import jobs and their files; several runners may share it. */
  db: Database;
  /** A pino logger; a line when a job is claimed, when its run ends and when it fails, never a file's contents. */
  logger: Logger;
  /** Default: the system clock. */
  clock?: Clock;
  /** How long a claim (and each batch's renewal) holds a job, in ms. Default 60,000. */
  leaseMs?: number;
  /** How often to look for work besides NOTIFY (and for jobs whose runner died), in ms. Default 5,000. */
  pollMs?: number;
  /** Rows per transaction. Default 500. */
  batchSize?: number;
  /** Claims after which a job that keeps stopping (its runner killed or failing) ends `failed`. Default 5. */
  maxAttempts?: number;
  /** Where committed rows are counted (`prospectkit_import_rows_total`). Default: nowhere. */
  metrics?: ServerMetrics;
}

/** An import runner; see {@link createImportRunner}. */
export interface ImportRunner {
  /** Listens for NOTIFY and polls. */
  start(): Promise<void>;
  /** Stops after the batch in progress, handing its job's lease back so another runner resumes it at once. */
  stop(): Promise<void>;
  /** Claims and runs one job to its end (for tests and the CLI); resolves to the job, or `undefined` when none. */
  runOnce(): Promise<ImportJob | undefined>;
}

/**
 * A runner of import jobs, started by `start` (unless `PROSPECTKIT_START_WORKER=off`) and by every
 * `prospectkit-server worker`. Its rows are checked in a worker thread of its own, so the event loop that runs it
 * (the API's, in `start`) only reads stored chunks and writes batches. It claims one job at a time with
 * `FOR UPDATE SKIP LOCKED` and a lease, so among any number of instances on one database each job runs exactly
 * once: each batch commits only under the claim's lease, and a job whose runner died is claimed again when its
 * lease runs out and resumes after its last committed batch. It wakes on NOTIFY (`startImport`) and polls.
 *
 * A runner's life: `idle` (created; `runOnce` works), `running` (started), `stopping`, `stopped`. While running,
 * `draining` says whether it is working through claimable jobs, and `wanted` that a wake-up came meanwhile.
 *
 * @example
 * const runner = createImportRunner({ db, logger });
 * await runner.start();
 * @see packages/server/README.md, "Importing prospects"
 */
export function createImportRunner(options: ImportRunnerOptions): ImportRunner {
  const { db, logger } = options;
  const clock = options.clock ?? systemClock;
  const settings = { ...IMPORT_RUNNER_DEFAULTS, ...definedOnly(options) };
  const abort = new AbortController();
  let state: 'idle' | 'running' | 'stopping' | 'stopped' = 'idle';
  let draining: Promise<void> | undefined;
  let wanted = false;
  let unlisten: (() => Promise<void>) | undefined;
  let timer: NodeJS.Timeout | undefined;
  // One thread for every job this runner runs, started with the first (see row-preparer.ts).
  const preparer = createRowPreparer();

  const runOnce = async (): Promise<ImportJob | undefined> => {
    const now = clock.now();
    const job = await claimImportJob(db, { now, leaseUntil: new Date(now.getTime() + settings.leaseMs) });
    if (!job) return undefined;
    if (job.attempts > settings.maxAttempts) {
      const stops = job.attempts - 1;
      const times = `${stops} ${stops === 1 ? 'time' : 'times'}`;
      await giveUp(
        job,
        job.failed_first_line === null
          ? `The import stopped ${times} (the server was restarted or failed).`
          : `The batch of lines ${job.failed_first_line}-${job.failed_last_line} failed to write ${times}.`,
      );
      return job;
    }
    logger.info(
      { importJobId: job.id, rowsDone: job.rows_done, attempt: job.attempts },
      'import job claimed',
    );
    try {
      const result = await runImportJob(db, job, {
        clock,
        leaseMs: settings.leaseMs,
        batchSize: settings.batchSize,
        signal: abort.signal,
        metrics: options.metrics ?? NO_METRICS,
        preparer,
      });
      logger.info({ importJobId: job.id, result }, 'import job run ended');
    } catch (error) {
      logger.error({ importJobId: job.id, err: error }, 'import job failed; it is retried');
      // Retried at once by whichever runner claims it next, up to maxAttempts claims; a batch that failed is
      // named on the job (its transaction rolled back; the batches before it stay).
      const failed = error instanceof BatchFailed ? error : undefined;
      await db
        .query(
          `update import_jobs set lease_until = $2, failed_first_line = coalesce($4, failed_first_line),
             failed_last_line = coalesce($5, failed_last_line)
           where id = $1 and lease_until = $3`,
          [
            job.id,
            clock.now(),
            failed?.lease ?? job.lease_until,
            failed?.firstLine ?? null,
            failed?.lastLine ?? null,
          ],
        )
        .catch(() => {});
    }
    return job;
  };

  const giveUp = (job: ImportJob, why: string) =>
    db.transaction(async (tx) => {
      if (!(await lockLeasedImportJob(tx, job.id, job.lease_until as Date))) return;
      await finishImportJob(tx, job.id, {
        status: job.status === 'cancelling' ? 'cancelled' : 'failed',
        now: clock.now(),
        failure: `${why} ${job.rows_done} rows were written before it stopped, in whole batches (lines up to ${job.last_line}: ${job.created_count} prospects created, ${job.updated_count} updated); they stay.`,
      });
    });

  const drain = async () => {
    do {
      wanted = false;
      try {
        while (state === 'running' && (await runOnce()) !== undefined) {}
      } catch (error) {
        logger.error({ err: error }, 'import runner could not claim a job');
      }
    } while (wanted && state === 'running');
  };
  const wake = () => {
    if (state !== 'running') return;
    if (draining) {
      wanted = true;
      return;
    }
    draining = drain().finally(() => {
      draining = undefined;
    });
  };

  return {
    async start() {
      if (state !== 'idle') throw new Error('The import runner was already started.');
      state = 'running';
      unlisten = await db.listen(IMPORT_CHANNEL, wake);
      timer = setInterval(() => {
        wake();
        void sweepAbandonedUploads(db, new Date(clock.now().getTime() - 3_600_000)).catch(() => {});
      }, settings.pollMs);
      timer.unref();
      wake();
    },
    async stop() {
      if (state === 'stopped' || state === 'stopping') return;
      state = 'stopping';
      abort.abort();
      if (timer) clearInterval(timer);
      await draining;
      // At shutdown the listening connection may already be closed (as in delivery-worker.ts): nothing listens
      // any more, which is what stopping wants.
      await unlisten?.().catch(() => {});
      await preparer.close();
      state = 'stopped';
    },
    runOnce,
  };
}

function definedOnly(options: ImportRunnerOptions) {
  const { leaseMs, pollMs, batchSize, maxAttempts } = options;
  return Object.fromEntries(
    Object.entries({ leaseMs, pollMs, batchSize, maxAttempts }).filter(([, v]) => v !== undefined),
  ) as Partial<typeof IMPORT_RUNNER_DEFAULTS>;
}
