// The benchmarks' dataset: seeded faker prospects (@prospectkit/fake-data) in a PostgreSQL database of its
// own, `prospectkit_bench_<seed>_<version>`, kept between runs and rebuilt only when the generator's version
// (or the seed, or the size) changes. The measured workspace holds `rows` prospects and 20 other workspaces
// `rows` more between them, interleaved on disk, so every index is multi-tenant as in production.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FAKE_DATA_VERSION, type FakeProspect, prospectRows } from '@prospectkit/fake-data';
import { createWorkspace, openDatabase } from '@prospectkit/server';
import postgres from 'postgres';
import { ulid } from 'ulidx';
import { loadDataset } from './dataset-load.js';
import { type DatasetKind, loadStress } from './stress-dataset.js';

/** The loaded dataset: where it is and which workspace is measured. */
export interface Dataset {
  url: string;
  workspaceId: string;
  rows: number;
}

const TENANTS = 20;
const COLUMNS =
  'id, workspace_id, company, domain, website, location, contact_name, contact_email, notes, tags, created_at, updated_at';
const START_MS = Date.parse('2025-01-01T00:00:00Z');

/** A field in COPY's text format: `\N` for null, backslash, tab and line breaks escaped. */
const field = (value: string | null) =>
  value === null
    ? '\\N'
    : value.replace(
        /[\\\t\n\r]/g,
        (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c] as string,
      );

function copyLine(row: FakeProspect, workspaceId: string, index: number): string {
  const at = new Date(START_MS + index * 15_000);
  return `${[
    `prs_${ulid(at.getTime())}`,
    workspaceId,
    field(row.company),
    field(row.domain),
    field(row.website),
    field(row.location),
    field(row.contact_name),
    field(row.contact_email),
    field(row.notes),
    `{${row.tags.join(',')}}`,
    at.toISOString(),
    at.toISOString(),
  ].join('\t')}\n`;
}

/** The measured workspace's rows and the other tenants' rows, one of each in turn, as COPY lines. */
function* lines(
  seed: number,
  rows: number,
  measured: string,
  tenants: string[],
  progress: (n: number) => void,
) {
  const ours = prospectRows({ seed, count: rows });
  const theirs = prospectRows({ seed: seed + 1, count: rows, workspaceIds: tenants });
  let batch = '';
  for (let i = 0; i < rows; i++) {
    batch += copyLine(ours.next().value as FakeProspect, measured, 2 * i);
    const other = theirs.next().value as FakeProspect;
    batch += copyLine(other, other.workspace_id as string, 2 * i + 1);
    if (i % 1000 === 999) {
      yield batch;
      batch = '';
      progress(2 * (i + 1));
    }
  }
  if (batch !== '') yield batch;
}

/**
 * Opens (creating and loading it on first use) the dataset of `seed` and `rows`, printing a progress line
 * while it loads. Its schema is migrated on every open, like a deployment's.
 */
export async function ensureDataset(options: {
  adminUrl: string;
  seed: number;
  rows: number;
  /** `faker` (the default) or `stress`: the 20-word vocabulary of bench/stress-dataset.ts. */
  kind?: DatasetKind;
}): Promise<Dataset> {
  const { adminUrl, seed, rows } = options;
  const kind = options.kind ?? 'faker';
  const name =
    kind === 'stress'
      ? `prospectkit_bench_stress_${rows}`
      : `prospectkit_bench_${seed}_${FAKE_DATA_VERSION}${rows === 1_000_000 ? '' : `_${rows}`}`;
  const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  const [exists] = await admin`select 1 from pg_database where datname = ${name}`;
  let ready = false;
  if (exists) {
    const probe = postgres(url, { max: 1, onnotice: () => {} });
    [{ ready } = { ready: false }] = await probe`select to_regclass('bench_dataset') is not null as ready`;
    await probe.end();
  }
  if (!ready) {
    // A load that did not finish leaves no marker: start again from nothing.
    await admin.unsafe(`drop database if exists ${name}`);
    await admin.unsafe(`create database ${name}`);
  }
  await admin.end();
  const db = await openDatabase({ databaseUrl: url });
  const found = await db.query<{ id: string }>("select id from workspaces where name = 'Bench workspace'");
  if (ready && found[0]) {
    await db.close();
    return { url, workspaceId: found[0].id, rows };
  }
  const measured = (await createWorkspace(db, 'Bench workspace')).id;
  const tenants: string[] = [];
  for (let i = 1; i <= TENANTS; i++) tenants.push((await createWorkspace(db, `Tenant ${i}`)).id);
  await db.close();
  if (kind === 'stress') await loadStress(url, rows, measured, tenants);
  else await load(url, seed, rows, measured, tenants);
  return { url, workspaceId: measured, rows };
}

async function load(url: string, seed: number, rows: number, measured: string, tenants: string[]) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const started = Date.now();
  const say = (text: string) =>
    process.stderr.write(`\r${text} (${((Date.now() - started) / 1000).toFixed(0)} s)   `);
  const total = 2 * rows;
  let shown = -1;
  const progress = (n: number) => {
    const percent = Math.floor((100 * n) / total);
    if (percent === shown) return;
    shown = percent;
    say(`loading ${total.toLocaleString()} prospects: ${n.toLocaleString()} (${percent}%)`);
  };
  await loadDataset(
    sql,
    async () => {
      const writable = await sql.unsafe(`copy prospects (${COLUMNS}) from stdin`).writable();
      await pipeline(Readable.from(lines(seed, rows, measured, tenants, progress)), writable);
    },
    (text) => say(`loaded ${total.toLocaleString()} prospects; ${text}`),
    { seed, version: FAKE_DATA_VERSION, rows },
  );
  say(`dataset ready: ${total.toLocaleString()} prospects`);
  process.stderr.write('\n');
  await sql.end();
}
