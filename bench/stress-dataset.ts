// The named stress case of `npm run bench:server` (BENCH_DATASET=stress): the benchmark's first vocabulary, where
// every prospect holds `contact`, `.example` and one of 20 words, so a word matches a tenth of a workspace and
// `contact` all of it. Real lists are nothing like it (bench/dataset.ts is the realistic one); it stays as the
// worst case for the search's counts. Rows are made in SQL (generate_series), the measured workspace's and as many
// again spread over the 20 tenants.
import postgres from 'postgres';
import { loadDataset } from './dataset-load.js';

/** Which dataset bench:server runs on. */
export type DatasetKind = 'faker' | 'stress';

const WORDS =
  "array['acme','zephyr','orbit','nimbus','quartz','vertex','lumen','cobalt','harbor','summit','atlas','ember','falcon','granite','helix','ionic','juniper','kestrel','meridian','nova']";

/** `rows` prospects in `measured` and `rows` more over `tenants`, then the marker table of a finished load. */
export async function loadStress(url: string, rows: number, measured: string, tenants: string[]) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const started = Date.now();
  process.stderr.write(`loading the stress dataset: ${(2 * rows).toLocaleString()} prospects...\n`);
  // g odd: the measured workspace; g even: a tenant. Every row a second after the one before.
  await loadDataset(
    sql,
    async () => {
      await sql.unsafe(
        `insert into prospects (id, workspace_id, company, domain, contact_name, contact_email, tags, created_at, updated_at)
     select 'prs_' || upper(substr(translate(md5(g::text || 'a') || md5(g::text || 'b'), 'ilou', 'jkmn'), 1, 26)),
            case when g % 2 = 1 then $1 else ($2::text[])[1 + (g / 2) % ${tenants.length}] end,
            initcap((${WORDS})[1 + g % 20]) || ' ' || initcap((${WORDS})[1 + (g / 20) % 20]) || ' ' || g,
            (${WORDS})[1 + g % 20] || g || '.example',
            'Contact ' || g,
            'contact' || g || '@' || (${WORDS})[1 + (g / 20) % 20] || '.example',
            '{}',
            timestamptz '2025-01-01' + g * interval '1 second',
            timestamptz '2025-01-01' + g * interval '1 second'
     from generate_series(1, $3::int) as g`,
        [measured, tenants, 2 * rows],
      );
    },
    (text) => process.stderr.write(`${text}\n`),
    { seed: 0, version: 0, rows },
  );
  process.stderr.write(`stress dataset ready (${((Date.now() - started) / 1000).toFixed(0)} s)\n`);
  await sql.end();
}

/** The stress case's search classes: two of its words together, one alone, `contact`, a domain and an email. */
export async function stressTerms(url: string, workspaceId: string) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const [sample] = await sql<{ domain: string; contact_email: string }[]>`
    select domain, contact_email from prospects where workspace_id = ${workspaceId} order by created_at limit 1 offset 1000`;
  await sql.end();
  return [
    { name: 'stress: two words', term: 'zephyr orbit' },
    { name: 'stress: one word', term: 'zephyr' },
    { name: 'stress: every prospect', term: 'contact' },
    { name: 'stress: whole domain', term: sample?.domain ?? 'acme1.example' },
    { name: 'stress: whole email', term: sample?.contact_email ?? 'contact1@acme.example' },
  ];
}
