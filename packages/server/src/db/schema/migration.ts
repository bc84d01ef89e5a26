/** One schema change. Migrations run in `version` order, each once, in its own transaction. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}
