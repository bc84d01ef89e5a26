/** A row as the driver returns it. */
export type Row = Record<string, unknown>;

/** Something that runs SQL with `$1`-style parameters: the database itself or a transaction. */
export interface Sql {
  /**
   * Runs one statement and resolves to its rows.
   *
   * @param text - SQL with `$1`, `$2` ... placeholders
   * @param params - the placeholders' values, in order
   */
  query<T extends Row = Row>(text: string, params?: readonly unknown[]): Promise<T[]>;
}

/**
 * The one storage interface of the reference server, over PostgreSQL (the `postgres` driver) or embedded
 * PGlite. Both run the same SQL and the same migrations.
 */
export interface Database extends Sql {
  /** Which engine it runs on. */
  readonly kind: 'postgres' | 'pglite';
  /** PostgreSQL only: how to reach the same database from another client (the rate limiter's pool). */
  readonly connection?: {
    /** The connection string. */
    url: string;
    /** The schema the server's tables live in, when not the default search path. */
    schema?: string | undefined;
  };
  /** Runs `fn` in one transaction; commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  /** Subscribes to a NOTIFY channel; resolves to an unsubscribe function. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /** Closes connections and releases the embedded data directory's lock. */
  close(): Promise<void>;
}
