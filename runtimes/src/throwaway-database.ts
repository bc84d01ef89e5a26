import { tmpdir } from 'node:os';
import { runOrThrow } from './run-command.js';

/** A database created for one run, and how to drop it. */
export interface ThrowawayDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * Creates `pk_rt_<random>` next to the database of `adminUrl` with psql, so the server check never touches data
 * it did not make.
 *
 * @param adminUrl - a database URL whose role may create databases, e.g. `postgres://postgres@127.0.0.1:5432/test`
 */
export async function createThrowawayDatabase(adminUrl: string): Promise<ThrowawayDatabase> {
  // Outside the run's temp folder, which is removed while the database is dropped.
  const cwd = tmpdir();
  const name = `pk_rt_${Math.random().toString(36).slice(2, 10)}`;
  await runOrThrow('psql', [adminUrl, '-v', 'ON_ERROR_STOP=1', '-qc', `CREATE DATABASE ${name}`], { cwd });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: async () => {
      await runOrThrow(
        'psql',
        [adminUrl, '-v', 'ON_ERROR_STOP=1', '-qc', `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`],
        { cwd, cleanup: true },
      );
    },
  };
}
