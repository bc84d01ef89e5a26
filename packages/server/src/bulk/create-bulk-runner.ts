import type { Logger } from 'pino';
import { createJobRunnerLoop } from '../background/job-runner-loop.js';
import { type Clock, systemClock } from '../clock.js';
import type { Database } from '../db/database.js';
import { resolveListFilters } from '../prospects/resolve-list-filters.js';
import {
  BULK_CHANNEL,
  type BulkJob,
  claimBulkJob,
  failBulkJob,
  releaseBulkJob,
  runBulkBatch,
} from '../store/bulk-jobs.js';
import { bulkFilters } from './bulk-scope.js';

/** Defaults of {@link createBulkRunner}'s options (those of the import runner, `IMPORT_RUNNER_DEFAULTS`). */
export const BULK_RUNNER_DEFAULTS = {
  /** How long a claim (and each batch's renewal) holds a job, in milliseconds: 60000. */
  leaseMs: 60_000,
  /** How often to look for work besides NOTIFY (and for jobs whose runner died), in milliseconds: 5000. */
  pollMs: 5_000,
  /** Rows per transaction: 500. */
  batchSize: 500,
  /** Claims after which a job that keeps stopping ends `failed`: 5. */
  maxAttempts: 5,
} as const;

/** Options of {@link createBulkRunner}. */
export interface BulkRunnerOptions {
  /** The open, migrated database holding the bulk jobs; several runners may share it. */
  db: Database;
  /** A pino logger: a line when a job is claimed, when its run ends and when it fails. */
  logger: Logger;
  /** Default: the system clock. */
  clock?: Clock;
  /** How long a claim (and each batch's renewal) holds a job, in ms. Default 60,000. */
  leaseMs?: number;
  /** How often to look for work besides NOTIFY (and for jobs whose runner died), in ms. Default 5,000. */
  pollMs?: number;
  /** Rows per transaction. Default 500. */
  batchSize?: number;
  /** Claims after which a job that keeps stopping ends `failed`. Default 5. */
  maxAttempts?: number;
  /** Called after each committed batch (tests stop a runner mid-job with it). */
  onBatch?: (job: BulkJob) => void;
}

/** A bulk runner; see {@link createBulkRunner}. */
export interface BulkRunner {
  /** Listens for NOTIFY and polls. */
  start(): Promise<void>;
  /** Stops after the batch in progress, handing its job's lease back so another runner resumes it at once. */
  stop(): Promise<void>;
  /** Claims and runs one job (or `jobId` only) to its end; resolves to the job as it ended, or `undefined`. */
  runOnce(jobId?: string): Promise<BulkJob | undefined>;
}

/**
 * The runner of the app's bulk changes (docs/bulk-actions.md), beside the import runner in every process that
 * runs the background work (`start`, `worker`). It claims one job at a time with `FOR UPDATE SKIP LOCKED` and a
 * lease, and runs it in batches; each batch commits its rows' changes with the job's counts and cursor, only
 * under the claim's lease (`runBulkBatch`). A job whose runner died is claimed again when its lease runs out and
 * resumes after its last committed batch, so each row is changed once.
 *
 * @example
 * const runner = createBulkRunner({ db, logger });
 * await runner.start();
 */
export function createBulkRunner(options: BulkRunnerOptions): BulkRunner {
  const { db, logger } = options;
  const clock = options.clock ?? systemClock;
  const settings = {
    leaseMs: options.leaseMs ?? BULK_RUNNER_DEFAULTS.leaseMs,
    pollMs: options.pollMs ?? BULK_RUNNER_DEFAULTS.pollMs,
    batchSize: options.batchSize ?? BULK_RUNNER_DEFAULTS.batchSize,
    maxAttempts: options.maxAttempts ?? BULK_RUNNER_DEFAULTS.maxAttempts,
  };
  const leaseFrom = (now: Date) => new Date(now.getTime() + settings.leaseMs);

  /** Runs a claimed job's batches; `held.job` is the job under its latest lease, for the loop to hand back. */
  const run = async (held: { job: BulkJob }, stopping: () => boolean): Promise<BulkJob> => {
    const claimed = held.job;
    const parsed = bulkFilters(claimed.query);
    const read =
      'issues' in parsed ? parsed : await resolveListFilters(db, claimed.workspace_id, parsed.filters);
    if ('issues' in read) {
      await failBulkJob(db, claimed, { now: clock.now(), failure: 'Its filters are no longer valid.' });
      return claimed;
    }
    const scope = { filters: read.filters, ids: claimed.ids, cutoff: claimed.created_at };
    let job = claimed;
    while (job.status === 'running') {
      if (stopping()) {
        await releaseBulkJob(db, job, clock.now());
        return job;
      }
      const now = clock.now();
      const next = await runBulkBatch(db, job, {
        scope,
        now,
        leaseUntil: leaseFrom(now),
        batchSize: settings.batchSize,
      });
      if (!next) return job; // Another runner took the job over: its lease ran out.
      job = next;
      held.job = job;
      options.onBatch?.(job);
    }
    return job;
  };

  return createJobRunnerLoop<BulkJob>({
    kind: 'bulk',
    jobIdKey: 'bulkJobId',
    db,
    logger,
    clock,
    channel: BULK_CHANNEL,
    leaseMs: settings.leaseMs,
    pollMs: settings.pollMs,
    maxAttempts: settings.maxAttempts,
    claim: (at) => claimBulkJob(db, at),
    giveUp: (job, now) =>
      failBulkJob(db, job, {
        now,
        failure: `The change stopped ${job.attempts - 1} times (the server was restarted or failed). ${job.changed_count} prospects were changed before it stopped; they stay changed.`,
      }),
    run: async (held, stopping) => {
      const ended = await run(held, stopping);
      return { job: ended, log: { status: ended.status, changed: ended.changed_count } };
    },
    release: (job) => releaseBulkJob(db, job, clock.now()),
  });
}
