// The floor for `npm run bench:server`: a bare Express handler running the same SQL as the reference server,
// with no validation, authentication, rate limit or logging. Started as a child process by bench/server.ts.
import express from 'express';
import postgres from 'postgres';
import { ulid } from 'ulidx';
import { PAGE_SQL, ROW, searchSql } from './search-sql.js';

const sql = postgres(process.env.DATABASE_URL as string, { max: 10 });
// Prepared like the reference server's statements (see packages/server/src/db/postgres-database.ts).
const prepared = { prepare: true };
// A search is planned for its own term each time, as the server's are (QueryOptions.prepare in its db/database.ts).
const planned = { prepare: false };
const workspaceId = process.env.BENCH_WORKSPACE_ID as string;
const app = express();
app.use(express.json());

app.get('/api/v1/prospects/:id', async (req, res) => {
  const [row] = await sql.unsafe(
    `select ${ROW} from prospects where workspace_id = $1 and id = $2`,
    [workspaceId, req.params.id],
    prepared,
  );
  if (!row) res.status(404).json({ message: 'Prospect not found.' });
  else res.json(row);
});

app.get('/api/v1/prospects', async (req, res) => {
  const searchTerm = typeof req.query.search === 'string' ? req.query.search : undefined;
  const perPage = Number(req.query.per_page ?? 25);
  // The same SQL as the reference server: the count shards and the page without a search; with one, the page.
  const page = 'order by created_at desc, id desc limit $2 offset $3';
  if (!searchTerm) {
    const [count] = await sql.unsafe(
      'select coalesce(sum(count), 0)::bigint as total from prospect_counts where workspace_id = $1',
      [workspaceId],
      prepared,
    );
    const rows = await sql.unsafe(
      `select ${ROW} from prospects where workspace_id = $1 ${page}`,
      [workspaceId, perPage, 0],
      prepared,
    );
    res.json({ data: rows, total: count?.total });
    return;
  }
  const search = searchSql(searchTerm);
  if (!search) {
    res.json({ data: [], total: 0 });
    return;
  }
  // The default request counts nothing (openapi.yaml parameter `Count`): one statement, one row more than the page.
  const rows = await sql.unsafe(PAGE_SQL(search), [workspaceId, perPage + 1, search.value], planned);
  res.json({ data: rows.slice(0, perPage), has_more: rows.length > perPage });
});

app.post('/api/v1/prospects', async (req, res) => {
  const now = new Date();
  const row = await sql.begin(async (tx) => {
    const [created] = await tx.unsafe(
      `insert into prospects (id, workspace_id, company, domain, website, location, contact_name, contact_email, notes, tags, owner_id, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)
     returning ${ROW}`,
      [
        `prs_${ulid()}`,
        workspaceId,
        req.body.company,
        null,
        null,
        null,
        null,
        req.body.contact_email ?? null,
        null,
        [],
        null,
        now,
      ] as never[],
      prepared,
    );
    const id = `evt_${ulid()}`;
    await tx.unsafe(
      `insert into events (id, workspace_id, type, body, occurred_at)
     select e.id, $1, e.type, e.body, e.occurred_at
     from json_to_recordset($2::text::json) as e(id text, type text, body text, occurred_at timestamptz)`,
      [
        workspaceId,
        JSON.stringify([
          {
            id,
            type: 'prospect.created',
            body: JSON.stringify({ id, data: { prospect_id: created?.id } }),
            occurred_at: now.toISOString(),
          },
        ]),
      ] as never[],
      prepared,
    );
    await tx.unsafe(
      'select id, events from webhooks where workspace_id = $1 and revoked_at is null order by id',
      [workspaceId],
      prepared,
    );
    await tx.unsafe(
      `insert into prospect_counts (workspace_id, shard, count) values ($1, $2, 1)
   on conflict (workspace_id, shard) do update set count = prospect_counts.count + 1`,
      [workspaceId, Math.floor(Math.random() * 16)],
      prepared,
    );
    return created;
  });
  res.status(201).json(row);
});

const server = app.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('floor ready'));
process.on('SIGTERM', () => server.close(() => sql.end().then(() => process.exit(0))));
