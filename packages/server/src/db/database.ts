/** A row as the driver returns it. */
export type Row = Record<string, unknown>;

/** How {@link Sql.query} runs a statement. */
export interface QueryOptions {
  /**
   * `true` (the default): on PostgreSQL the statement is prepared once per connection and, after five runs,
   * may keep one generic plan for every value of its parameters. `false`: it is planned anew for each call's
   * values, for a statement whose best plan depends on them: a search term matching 1 or 100,000 rows
   * (a generic plan of the search took 76 ms where the planned one took 4; docs/architecture.md, Search).
   * PGlite plans every statement anew either way.
   */
  prepare?: boolean;
}

/** Something that runs SQL with `$1`-style parameters: the database itself or a transaction. */
export interface Sql {
  /**
   * Runs one statement and resolves to its rows.
   *
   * @param text - SQL with `$1`, `$2` ... placeholders
   * @param params - the placeholders' values, in order
   * @param options - see {@link QueryOptions}. Default: prepared
   */
  query<T extends Row = Row>(text: string, params?: readonly unknown[], options?: QueryOptions): Promise<T[]>;
}

/** Options of {@link Database.openPool}. */
export interface PoolOptions {
  /** Connections in the pool, at least 1. */
  max: number;
  /** Who holds the connections, as `pg_stat_activity.application_name` shows it, e.g. `prospectkit-delivery`. */
  applicationName: string;
  /** Session settings every connection starts with (`name: value`, as `SET` takes them). Default: none. */
  settings?: Readonly<Record<string, string>>;
}

/** A pool of its own on the server's database, from {@link Database.openPool}. */
export interface Pool extends Sql {
  /** Like `query`, with how many rows the statement returned or changed (node-postgres' `rowCount`). */
  execute<T extends Row = Row>(
    text: string,
    params?: readonly unknown[],
  ): Promise<{
    /** The rows returned, none for a statement that returns none. */
    rows: T[];
    /** How many rows the statement returned or changed. */
    rowCount: number;
  }>;
  /** Closes the pool's connections, waiting at most 5 seconds for running statements. */
  close(): Promise<void>;
}

/** How one pool of connections is used at a moment; see {@link Database.poolStats}. */
export interface PoolUse {
  /** The pool's name, as `pg_stat_activity.application_name` shows it: `prospectkit`, `prospectkit-delivery` ... */
  applicationName: string;
  /** Connections it may open. */
  max: number;
  /** Connections running a statement or a transaction (at most `max`). */
  inUse: number;
  /** Statements and transactions waiting for a free connection. */
  waiting: number;
}

/** Options of {@link Database.transaction}. */
export interface TransactionOptions {
  /**
   * Background work (an import's or a bulk change's batch): on PGlite, whose one connection the API's requests
   * share, it starts only once no other statement has run for {@link BACKGROUND_QUIET_MS}, so a request's
   * statements run one after another and wait for at most one batch, not one per statement. PostgreSQL, with a
   * pool, ignores it. Default `false`.
   */
  background?: boolean;
}

/**
 * How long PGlite's connection must have been idle of other work before a background transaction starts, in
 * milliseconds: longer than the code a request runs between two of its statements (docs/architecture.md,
 * "The prospect import engine").
 */
export const BACKGROUND_QUIET_MS = 5;

/**
 * The one storage interface of the reference server, over PostgreSQL (the `postgres` driver) or embedded
 * PGlite. Both run the same SQL and the same migrations.
 */
export interface Database extends Sql {
  /** Which engine it runs on. */
  readonly kind: 'postgres' | 'pglite';
  /**
   * PostgreSQL only: opens a pool of its own on the same database and schema, with the same statement handling
   * (each statement prepared once per connection), for work that must not queue behind the server's queries
   * (the rate limiter's counters, the delivery queue). Absent on PGlite, which has one connection.
   */
  openPool?(options: PoolOptions): Pool;
  /** Runs `fn` in one transaction; commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Sql) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /** Subscribes to a NOTIFY channel; resolves to an unsubscribe function. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /** Closes connections and releases the embedded data directory's lock. */
  close(): Promise<void>;
  /**
   * How each pool of this process is used now: the database's own and every open `openPool`, counted as
   * statements and transactions start and end (the `prospectkit_db_pool_*` metrics). PGlite is one connection.
   */
  poolStats?(): PoolUse[];
}
