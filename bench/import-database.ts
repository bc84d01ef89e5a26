// A throwaway PostgreSQL database for the import benchmark's steps, dropped afterwards.
import postgres from 'postgres';

const adminUrl = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Creates a database beside BENCH_ADMIN_URL's, runs `fn` with its URL, and drops it. */
export async function withPostgres<T>(fn: (url: string) => Promise<T>): Promise<T> {
  const name = `pk_bench_import_${Date.now()}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await fn(url.toString());
  } finally {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
