// The floor for `npm run bench:server`: a bare Express handler running the same SQL as the reference server,
// with no validation, authentication, rate limit or logging. Started as a child process by bench/server.ts.
import express from 'express';
import postgres from 'postgres';
import { ulid } from 'ulidx';

const sql = postgres(process.env.DATABASE_URL as string, { max: 10 });
const workspaceId = process.env.BENCH_WORKSPACE_ID as string;
const SEARCH =
  "lower(company || chr(31) || coalesce(domain, '') || chr(31) || coalesce(contact_name, '') || chr(31) || coalesce(contact_email, ''))";
const app = express();
app.use(express.json());

app.get('/api/v1/prospects/:id', async (req, res) => {
  const [row] = await sql.unsafe('select * from prospects where workspace_id = $1 and id = $2', [
    workspaceId,
    req.params.id,
  ]);
  if (!row) res.status(404).json({ message: 'Prospect not found.' });
  else res.json(row);
});

app.get('/api/v1/prospects', async (req, res) => {
  const search = typeof req.query.search === 'string' ? req.query.search : undefined;
  const params: unknown[] = [workspaceId];
  let where = 'workspace_id = $1';
  if (search) {
    params.push(`%${search.toLowerCase()}%`);
    where += ` and ${SEARCH} like $2`;
  }
  // The same SQL as the reference server: the kept count without a search, one windowed scan with one.
  if (!search) {
    const [count] = await sql.unsafe('select prospect_count as total from workspaces where id = $1', [
      workspaceId,
    ]);
    const rows = await sql.unsafe(
      `select * from prospects where ${where} order by created_at desc, id desc limit 25 offset 0`,
      params as never[],
    );
    res.json({ data: rows, total: count?.total });
    return;
  }
  const rows = await sql.unsafe(
    `select *, count(*) over () as total from prospects where ${where} order by created_at desc, id desc limit 25 offset 0`,
    params as never[],
  );
  res.json({ data: rows, total: rows[0]?.total ?? 0 });
});

app.post('/api/v1/prospects', async (req, res) => {
  const now = new Date();
  const row = await sql.begin(async (tx) => {
    const [created] = await tx.unsafe(
      `insert into prospects (id, workspace_id, company, domain, website, location, contact_name, contact_email, notes, tags, owner_id, created_at, updated_at)
       values ($1, $2, $3, null, null, null, null, $4, null, '{}', null, $5, $5) returning *`,
      [`prs_${ulid()}`, workspaceId, req.body.company, req.body.contact_email ?? null, now] as never[],
    );
    await tx.unsafe('update workspaces set prospect_count = prospect_count + 1 where id = $1', [workspaceId]);
    const id = `evt_${ulid()}`;
    await tx.unsafe(
      'insert into events (id, workspace_id, type, body, occurred_at) values ($1, $2, $3, $4, $5)',
      [
        id,
        workspaceId,
        'prospect.created',
        JSON.stringify({ id, data: { prospect_id: created?.id } }),
        now,
      ] as never[],
    );
    await tx.unsafe(
      "select id from webhooks where workspace_id = $1 and revoked_at is null and 'prospect.created' = any(events)",
      [workspaceId],
    );
    return created;
  });
  res.status(201).json(row);
});

const server = app.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('floor ready'));
process.on('SIGTERM', () => server.close(() => sql.end().then(() => process.exit(0))));
