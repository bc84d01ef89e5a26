import type { Command } from 'commander';
import { loadConfig } from '../config.js';
import { migrate } from '../db/migrations.js';
import { output } from './output.js';

/** `migrate`: applies pending migrations, under an advisory lock (safe with several instances). */
export function registerMigrate(program: Command): void {
  program
    .command('migrate')
    .description('Apply pending database migrations')
    .option('--json', 'print JSON')
    .action(async (options: { json?: boolean }) => {
      const config = loadConfig(process.env, { serving: false });
      const { createPgliteDatabase } = await import('../db/pglite-database.js');
      const { createPostgresDatabase } = await import('../db/postgres-database.js');
      const db = config.databaseUrl
        ? await createPostgresDatabase(config.databaseUrl)
        : await createPgliteDatabase(config.dataDir);
      try {
        const applied = await migrate(db);
        output(
          !!options.json,
          { applied },
          applied.length ? `Applied migrations ${applied.join(', ')}.` : 'The schema is up to date.',
        );
      } finally {
        await db.close();
      }
    });
}
