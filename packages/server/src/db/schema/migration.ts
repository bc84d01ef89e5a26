import type { Sql } from '../database.js';

/** One schema change. Migrations run in `version` order, each once, in its own transaction. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
  /**
   * A data change to make after `sql`, in the same transaction, for rules SQL cannot say (migration 14 brings
   * stored rows into the contract with core's rules).
   */
  run?: (tx: Sql) => Promise<void>;
}
