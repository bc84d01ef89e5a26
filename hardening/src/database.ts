import postgres from 'postgres';

/** A database created for one run and dropped at its end, so runs never see each other's rows. */
export interface ThrowawayDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * Creates `pk_hz_<time>_<random>` on the server of `baseUrl` (`TEST_DATABASE_URL`).
 *
 * @param baseUrl a connection string whose role may `create database`
 */
export async function createThrowawayDatabase(baseUrl: string, label: string): Promise<ThrowawayDatabase> {
  const name = `pk_hz_${label}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 7)}`;
  const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const again = postgres(baseUrl, { max: 1, onnotice: () => {} });
      try {
        await again.unsafe(`drop database if exists ${name} with (force)`);
      } finally {
        await again.end();
      }
    },
  };
}

/**
 * Asks PostgreSQL for a checkpoint, so what earlier parts wrote is flushed now rather than in the middle of a
 * measurement. Needs superuser or the pg_checkpoint role; without it the soak runs anyway (a warning says so).
 */
export async function checkpoint(baseUrl: string): Promise<void> {
  const sql = postgres(baseUrl, { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe('checkpoint');
  } catch (error) {
    console.warn(`    no checkpoint before the soak: ${(error as Error).message}`);
  } finally {
    await sql.end();
  }
}
