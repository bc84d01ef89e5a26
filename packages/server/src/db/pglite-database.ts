import { mkdir } from 'node:fs/promises';
import { setTimeout as delay, setImmediate as turn } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { lockDataDirectory } from './data-directory-lock.js';
import { BACKGROUND_QUIET_MS, type Database, type Row, type Sql } from './database.js';

export { DataDirectoryLockedError } from './data-directory-lock.js';

/** The extensions every PGlite database loads (migration 1 creates pg_trgm, migration 19 unaccent). */
const EXTENSIONS = { pg_trgm, unaccent };

/**
 * Opens embedded PGlite persisted in `dataDir`, or in memory when `dataDir` is `undefined`. A lock file beside
 * the directory (`<dataDir>.lock`) keeps a second process out, because PGlite has no cross-process locking; a lock
 * left by a process of this machine that no longer runs is taken over at once (`lockDataDirectory`).
 *
 * @param dataDir - the data directory, created when missing. Default: in memory (nothing kept)
 * @param options.loadDataDir a dump of another PGlite database (PGlite's `dumpDataDir`) to start from instead of
 *   an empty cluster. Default: none
 * @returns the database, not yet migrated (see `migrate`)
 * @throws {DataDirectoryLockedError} when another process holds the directory
 * @example
 * const db = await createPgliteDatabase('.data');
 * await migrate(db);
 */
export async function createPgliteDatabase(
  dataDir?: string,
  options: { loadDataDir?: Blob } = {},
): Promise<Database> {
  let release: (() => Promise<void>) | undefined;
  if (dataDir !== undefined) {
    await mkdir(dataDir, { recursive: true });
    release = await lockDataDirectory(dataDir);
  }
  const db = await PGlite.create(dataDir ?? 'memory://', {
    extensions: EXTENSIONS,
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  return pgliteDatabase(db, release);
}

/**
 * The dump (PGlite's `dumpDataDir`, a tar archive, uncompressed) of a new in-memory database after `prepare`,
 * for {@link createPgliteDatabase} to start from: a copy loads in about a third of the time of an empty
 * cluster's creation.
 *
 * @param prepare what to do to the database first, such as `migrate`
 * @returns the archive
 * @example
 * const dump = await dumpPgliteDatabase(migrate);
 * const db = await createPgliteDatabase(undefined, { loadDataDir: dump });
 */
export async function dumpPgliteDatabase(prepare: (db: Database) => Promise<unknown>): Promise<Blob> {
  const db = await PGlite.create('memory://', { extensions: EXTENSIONS });
  try {
    await prepare(pgliteDatabase(db));
    return await db.dumpDataDir('none');
  } finally {
    await db.close();
  }
}

/** PGlite as a {@link Database}; `close()` also releases the data directory's lock. */
function pgliteDatabase(db: PGlite, release?: () => Promise<void>): Database {
  const wrap = (run: Pick<PGlite, 'query'>): Sql => ({
    query: async <T extends Row>(text: string, params: readonly unknown[] = []) =>
      (await run.query<T>(text, params as unknown[])).rows,
  });
  const root = wrap(db);
  // One connection: whatever runs beyond the first waits for it. Background transactions also wait for the
  // others to have been quiet a moment (TransactionOptions.background).
  let running = 0;
  let foreground = 0;
  let foregroundEnded = 0;
  const quiet = async () => {
    // A turn of the event loop first: PGlite answers in microtasks, so a loop of background transactions would
    // otherwise never let I/O (a request) in.
    await turn();
    for (;;) {
      const idle = performance.now() - foregroundEnded;
      if (foreground === 0 && idle >= BACKGROUND_QUIET_MS) return;
      await delay(foreground > 0 ? BACKGROUND_QUIET_MS : BACKGROUND_QUIET_MS - idle);
    }
  };
  const counted = async <T>(work: () => Promise<T>, background = false) => {
    if (background) await quiet();
    running += 1;
    if (!background) foreground += 1;
    try {
      return await work();
    } finally {
      running -= 1;
      if (!background) {
        foreground -= 1;
        foregroundEnded = performance.now();
      }
    }
  };
  return {
    kind: 'pglite',
    query: <T extends Row>(text: string, params?: readonly unknown[]) =>
      counted(() => root.query<T>(text, params)),
    transaction: (fn, options) => counted(() => db.transaction((tx) => fn(wrap(tx))), options?.background),
    poolStats: () => [
      { applicationName: 'pglite', max: 1, inUse: Math.min(running, 1), waiting: Math.max(0, running - 1) },
    ],
    listen: async (channel, onNotify) => db.listen(channel, onNotify),
    close: async () => {
      await db.close();
      await release?.();
    },
  };
}
