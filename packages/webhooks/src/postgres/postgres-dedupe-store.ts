import type { Sql } from 'postgres';
import { checkTtlMs, type DedupeStore } from '../dedupe-store.js';
import { DEFAULT_DEDUPE_TABLE, quoteTableName } from './dedupe-table.js';

/** Options of {@link PostgresDedupeStore}. */
export interface PostgresDedupeStoreOptions {
  /** A `postgres` client: `postgres(process.env.DATABASE_URL)`. */
  sql: Sql;
  /** The table made by `createDedupeTable` or `dedupeTableSql`. Default `'prospectkit_webhook_dedupe'`. */
  table?: string;
}

/**
 * A {@link DedupeStore} in PostgreSQL, shared by every instance of a receiver. A claim is one `INSERT ... ON
 * CONFLICT` statement: it inserts the id, or takes over a row whose claim has expired, and returns nothing when a
 * live claim exists; the row lock makes concurrent claims of one id resolve to exactly one winner. Expiry uses
 * the database clock, so instances need not agree on time.
 *
 * @example
 * import postgres from 'postgres';
 * import { createDedupeTable, PostgresDedupeStore } from '@prospectkit/webhooks/postgres';
 * const sql = postgres(process.env.DATABASE_URL!);
 * await createDedupeTable(sql);
 * const dedupe = new PostgresDedupeStore({ sql });
 * @see {@link dedupeTableSql} for the table
 */
export class PostgresDedupeStore implements DedupeStore {
  readonly #sql: Sql;
  readonly #table: string;

  /**
   * @param options - `{ sql, table = 'prospectkit_webhook_dedupe' }`
   * @throws {TypeError} when `table` is not a plain lower-case name
   */
  constructor(options: PostgresDedupeStoreOptions) {
    this.#sql = options.sql;
    this.#table = quoteTableName(options.table ?? DEFAULT_DEDUPE_TABLE);
  }

  /**
   * Claims `id` for `ttlMs` milliseconds; see {@link DedupeStore.claim}.
   *
   * @throws {RangeError} when `ttlMs` is not a positive integer
   * @throws the driver's error when the statement fails
   */
  async claim(id: string, ttlMs: number): Promise<boolean> {
    checkTtlMs(ttlMs);
    const sql = this.#sql;
    // DO NOTHING alone would keep an expired row forever; the guarded DO UPDATE takes it over instead, and
    // RETURNING yields a row only when this statement inserted or took over the claim.
    const rows = await sql`
      INSERT INTO ${sql.unsafe(this.#table)} AS claim (id, expires_at)
      VALUES (${id}, now() + ${ttlMs}::double precision * interval '1 millisecond')
      ON CONFLICT (id) DO UPDATE SET expires_at = EXCLUDED.expires_at
      WHERE claim.expires_at <= now()
      RETURNING claim.id`;
    return rows.length === 1;
  }

  /**
   * Forgets the claim of `id`; see {@link DedupeStore.release}.
   *
   * @throws the driver's error when the statement fails
   */
  async release(id: string): Promise<void> {
    const sql = this.#sql;
    await sql`DELETE FROM ${sql.unsafe(this.#table)} WHERE id = ${id}`;
  }

  /**
   * Deletes expired claims; run it now and then (daily, say) to keep the table small. Expired rows never block a
   * claim, so this is housekeeping only.
   *
   * @returns how many rows were deleted
   * @throws the driver's error when the statement fails
   * @example
   * setInterval(() => void dedupe.deleteExpired(), 24 * 60 * 60 * 1000).unref();
   */
  async deleteExpired(): Promise<number> {
    const sql = this.#sql;
    const result = await sql`DELETE FROM ${sql.unsafe(this.#table)} WHERE expires_at <= now()`;
    return result.count;
  }
}
