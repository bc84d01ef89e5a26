/** A row as the driver returns it. */
export type Row = Record<string, unknown>;

/** Something that runs SQL with `$1`-style parameters: the database itself or a transaction. */
export interface Sql {
  query<T extends Row = Row>(text: string, params?: readonly unknown[]): Promise<T[]>;
}

/**
 * The one storage interface of the reference server, over PostgreSQL (the `postgres` driver) or embedded
 * PGlite. Both run the same SQL and the same migrations.
 */
export interface Database extends Sql {
  readonly kind: 'postgres' | 'pglite';
  /** PostgreSQL only: how to reach the same database from another client (the rate limiter's pool). */
  readonly connection?: { url: string; schema?: string | undefined };
  /** Runs `fn` in one transaction; commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  /** Subscribes to a NOTIFY channel; resolves to an unsubscribe function. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /** Closes connections and releases the embedded data directory's lock. */
  close(): Promise<void>;
}
