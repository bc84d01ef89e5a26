import type { Logger } from 'pino';
import { createJobRunnerLoop } from '../background/job-runner-loop.js';
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
import { BatchFailed, runImportJob } from './run-import-job.js';

/** Defaults of {@link createImportRunner}'s options. */
export const IMPORT_RUNNER_DEFAULTS = {
  /** How long a claim (and each batch's renewal) holds a job, in milliseconds: 60000. */
  leaseMs: 60_000,
  /** How often to look for work besides NOTIFY (and for jobs whose runner died), in milliseconds: 5000. */
  pollMs: 5_000,
  /** Rows per transaction on PostgreSQL: 500. */
  batchSize: 500,
  /**
   * Rows per transaction on PGlite: 250. Its one connection is the API's too, and a batch holds it to the end
   * (about 50 ms for 250 rows against 110 for 500 on the bench's machine), so a request waits for at most that
   * (docs/benchmarks.md, "Reading bench:import").
   */
  pgliteBatchSize: 250,
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
  /** Rows per transaction. Default 500 on PostgreSQL, 250 on PGlite. */
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
 * it works through the claimable jobs on each wake-up (`background/job-runner-loop.ts`, shared with the bulk runner).
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

  const loop = createJobRunnerLoop<ImportJob>({
    kind: 'import',
    jobIdKey: 'importJobId',
    db,
    logger,
    clock,
    channel: IMPORT_CHANNEL,
    leaseMs: settings.leaseMs,
    pollMs: settings.pollMs,
    maxAttempts: settings.maxAttempts,
    claim: ({ now, leaseUntil }) => claimImportJob(db, { now, leaseUntil }),
    giveUp: (job) => {
      const stops = job.attempts - 1;
      const times = `${stops} ${stops === 1 ? 'time' : 'times'}`;
      const why =
        job.failed_first_line === null
          ? `The import stopped ${times} (the server was restarted or failed).`
          : `The batch of lines ${job.failed_first_line}-${job.failed_last_line} failed to write ${times}.`;
      return db.transaction(async (tx) => {
        if (!(await lockLeasedImportJob(tx, job.id, job.lease_until as Date))) return;
        await finishImportJob(tx, job.id, {
          status: job.status === 'cancelling' ? 'cancelled' : 'failed',
          now: clock.now(),
          failure: `${why} ${job.rows_done} rows were written before it stopped, in whole batches (lines up to ${job.last_line}: ${job.created_count} prospects created, ${job.updated_count} updated); they stay.`,
        });
      });
    },
    run: async ({ job }) => {
      const result = await runImportJob(db, job, {
        clock,
        leaseMs: settings.leaseMs,
        batchSize: options.batchSize ?? importBatchSize(db),
        signal: abort.signal,
        metrics: options.metrics ?? NO_METRICS,
      });
      return { job, log: { result } };
    },
    // Retried at once by whichever runner claims it next, up to maxAttempts claims; a batch that failed is
    // named on the job (its transaction rolled back; the batches before it stay).
    release: async (job, error) => {
      const failed = error instanceof BatchFailed ? error : undefined;
      await db.query(
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
      );
    },
    onPoll: () => {
      void sweepAbandonedUploads(db, new Date(clock.now().getTime() - 3_600_000)).catch(() => {});
    },
    onStop: () => abort.abort(),
  });
  return { start: loop.start, stop: loop.stop, runOnce: () => loop.runOnce() };
}

function definedOnly(options: ImportRunnerOptions) {
  const { leaseMs, pollMs, maxAttempts } = options;
  return Object.fromEntries(
    Object.entries({ leaseMs, pollMs, maxAttempts }).filter(([, v]) => v !== undefined),
  ) as Partial<typeof IMPORT_RUNNER_DEFAULTS>;
}

/** The default rows per transaction on `db`'s engine (IMPORT_RUNNER_DEFAULTS). */
export const importBatchSize = (db: Pick<Database, 'kind'>): number =>
  db.kind === 'pglite' ? IMPORT_RUNNER_DEFAULTS.pgliteBatchSize : IMPORT_RUNNER_DEFAULTS.batchSize;
