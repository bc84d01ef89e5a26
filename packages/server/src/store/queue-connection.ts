import type { Database, Sql } from '../db/database.js';

/** Where the delivery queue's statements run; see {@link openQueueConnection}. */
export interface QueueConnection {
  /** Runs queue statements with the queue's settings. */
  run<T>(fn: (sql: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * The session settings of queue statements (claims and attempt records):
 * - plans that walk the indexes: on a young or fast-growing queue the statistics lag (autovacuum analyzes a
 *   minute later at best) and the planner would sort or hash the whole pending set on every claim, O(queue
 *   length); the index plans cost O(batch) whatever the statistics say;
 * - `synchronous_commit = off`: if PostgreSQL itself crashes it may forget the last fraction of a second of these
 *   commits, which only means a delivery is claimed and sent again (at least once, as the contract allows). The
 *   outbox writes, which must never be lost, keep the durable default.
 * - `jit = off`: a plan that must still sort (the attempts' statistics, migration 16) carries the enormous cost
 *   PostgreSQL gives a disabled step, far above `jit_above_cost`, and was compiled by LLVM at every run: 400 ms
 *   for a statement that takes 2. These statements are small; JIT never pays for itself on them.
 */
export const QUEUE_SETTINGS: Readonly<Record<string, string>> = {
  enable_seqscan: 'off',
  enable_bitmapscan: 'off',
  enable_sort: 'off',
  enable_hashjoin: 'off',
  synchronous_commit: 'off',
  jit: 'off',
};

/**
 * Opens where the worker runs its queue statements. On PostgreSQL that is a small pool of its own
 * (`Database.openPool`) whose sessions carry {@link QUEUE_SETTINGS} from the start, so that a claim or a batch of
 * records is a single round trip; on PGlite, which has one connection, each statement runs in a transaction that
 * sets them first.
 *
 * @param options.max the pool's size. Default 2 (one claim and one batch of records at a time).
 */
export async function openQueueConnection(
  db: Database,
  options: { max?: number } = {},
): Promise<QueueConnection> {
  if (db.openPool) {
    const pool = db.openPool({
      max: options.max ?? 2,
      applicationName: 'prospectkit-delivery',
      settings: QUEUE_SETTINGS,
    });
    return { run: (fn) => fn(pool), close: () => pool.close() };
  }
  const settings = Object.entries(QUEUE_SETTINGS)
    .map(([name, value]) => `set_config('${name}', '${value}', true)`)
    .join(', ');
  return {
    run: (fn) =>
      db.transaction(async (tx) => {
        await tx.query(`select ${settings}`);
        return fn(tx);
      }),
    close: async () => {},
  };
}
