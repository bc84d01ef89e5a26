import type { Database } from './database.js';

/** One schema change. Migrations run in `version` order, each once, in its own transaction. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** The one ordered set of migrations, for PostgreSQL and PGlite alike. */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'workspaces, tokens, prospects, outcomes',
    sql: `
      create extension if not exists pg_trgm with schema public;
      create table workspaces (
        id text primary key,
        name text not null,
        suspended_at timestamptz,
        created_at timestamptz not null default now()
      );
      create table api_tokens (
        id text primary key,
        workspace_id text not null references workspaces(id),
        name text not null,
        token_hash text not null unique,
        abilities text[] not null,
        expires_at timestamptz not null,
        revoked_at timestamptz,
        last_used_at timestamptz,
        created_at timestamptz not null default now()
      );
      create index api_tokens_workspace on api_tokens (workspace_id);
      create table prospects (
        id text primary key,
        workspace_id text not null references workspaces(id),
        company text not null,
        domain text,
        website text,
        location text,
        contact_name text,
        contact_email text,
        notes text,
        tags text[] not null default '{}',
        owner_id text,
        outcome text,
        meeting_at timestamptz,
        value_minor bigint,
        currency text,
        outcome_updated_at timestamptz,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );
      create index prospects_workspace_newest on prospects (workspace_id, created_at desc, id desc);
      -- search is a case-insensitive substring match over these four columns (openapi.yaml, listProspects);
      -- the trigram index keeps it fast at scale. chr(31) keeps a match from spanning two columns.
      create index prospects_search_trgm on prospects using gin (
        (lower(company || chr(31) || coalesce(domain, '') || chr(31) || coalesce(contact_name, '') || chr(31) || coalesce(contact_email, ''))) gin_trgm_ops
      );
      create table outcomes (
        id text primary key,
        workspace_id text not null references workspaces(id),
        prospect_id text not null references prospects(id),
        outcome text,
        meeting_at timestamptz,
        value_minor bigint,
        currency text,
        recorded_at timestamptz not null
      );
      create index outcomes_prospect on outcomes (prospect_id, recorded_at);
    `,
  },
  {
    version: 2,
    name: 'webhooks, events (outbox), deliveries and attempts',
    sql: `
      create table webhooks (
        id text primary key,
        workspace_id text not null references workspaces(id),
        url text not null,
        events text[] not null,
        secret text not null,
        revoked_at timestamptz,
        created_at timestamptz not null default now()
      );
      create index webhooks_workspace on webhooks (workspace_id);
      create table events (
        id text primary key,
        workspace_id text not null references workspaces(id),
        type text not null,
        body text not null,
        occurred_at timestamptz not null
      );
      create index events_workspace on events (workspace_id, occurred_at desc);
      create table deliveries (
        id text primary key,
        workspace_id text not null references workspaces(id),
        event_id text not null references events(id),
        webhook_id text not null references webhooks(id),
        status text not null default 'pending' check (status in ('pending', 'succeeded', 'failed')),
        attempts integer not null default 0,
        next_attempt_at timestamptz,
        lease_until timestamptz,
        last_status_code integer,
        last_error text,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );
      create index deliveries_due on deliveries (next_attempt_at) where status = 'pending';
      create index deliveries_webhook on deliveries (webhook_id, created_at desc);
      create table delivery_attempts (
        delivery_id text not null references deliveries(id),
        number integer not null,
        attempted_at timestamptz not null,
        status_code integer,
        duration_ms integer not null,
        error text,
        response_excerpt text,
        next_attempt_at timestamptz,
        primary key (delivery_id, number)
      );
    `,
  },
  {
    version: 3,
    name: 'rate limit counters',
    // The table rate-limiter-flexible's RateLimiterPostgres uses: one row per client key and window.
    sql: `
      create table rate_limits (
        key varchar(255) primary key,
        points integer not null default 0,
        expire bigint
      );
    `,
  },
  {
    version: 4,
    name: 'delivery claim and log indexes',
    // The claim reads due deliveries in (next_attempt_at, id) order with a limit: an index in that order lets it
    // stop after the batch instead of sorting the whole queue. Then: pruning old attempts by time, listing
    // deliveries newest first and counting an event's deliveries.
    sql: `
      drop index deliveries_due;
      create index deliveries_due on deliveries (next_attempt_at, id) where status = 'pending';
      create index delivery_attempts_attempted_at on delivery_attempts (attempted_at);
      create index deliveries_newest on deliveries (created_at desc, id desc);
      create index deliveries_event on deliveries (event_id);
    `,
  },
  {
    version: 5,
    name: 'settings area: secret roll, administrator, sessions',
    // A rolled signing secret takes effect at next_secret_at (now, or up to 24 hours later) so receivers can
    // add it to their secret list first; see activeSigningSecret in store/webhooks.ts. settings_admin holds
    // one row: the generated administrator password's scrypt hash (never the password) and the session
    // cookie's signing secret, shared by every instance on this database.
    sql: `
      alter table webhooks add column next_secret text;
      alter table webhooks add column next_secret_at timestamptz;
      create table settings_admin (
        id integer primary key check (id = 1),
        password_hash text,
        session_secret text not null,
        created_at timestamptz not null default now()
      );
      create table settings_sessions (
        sid text primary key,
        data text not null,
        expires_at timestamptz not null
      );
      create index settings_sessions_expiry on settings_sessions (expires_at);
    `,
  },
  {
    version: 6,
    name: 'prospect count per workspace',
    // The unfiltered list's `meta.total`, kept exact in the same transaction as each insert, so listing a
    // workspace of a million prospects does not count them on every request.
    sql: `
      alter table workspaces add column prospect_count bigint not null default 0;
      update workspaces w set prospect_count = (select count(*) from prospects p where p.workspace_id = w.id);
    `,
  },
  {
    version: 7,
    name: 'prospect count in shards',
    // One count row per workspace made every insert of a workspace wait for the previous insert's commit (the
    // row stays locked until then). Each insert now adds 1 to one of PROSPECT_COUNT_SHARDS rows picked at random,
    // and the unfiltered list's meta.total is their sum: still exact and in the insert's transaction.
    sql: `
      create table prospect_counts (
        workspace_id text not null references workspaces(id),
        shard smallint not null,
        count bigint not null,
        primary key (workspace_id, shard)
      );
      insert into prospect_counts (workspace_id, shard, count)
        select id, 0, prospect_count from workspaces where prospect_count <> 0;
      alter table workspaces drop column prospect_count;
    `,
  },
  {
    version: 8,
    name: 'rate limit counters unlogged',
    // Every API request upserts its client's counter. Unlogged, those writes skip the WAL and their commits do
    // not wait for a flush to disk; after a crash the table is empty, which only restarts each client's window.
    sql: `
      alter table rate_limits set unlogged;
    `,
  },
];

/** Advisory lock key held while migrating, so several instances can start at once and migrate once. */
const MIGRATION_LOCK_KEY = 7_301_990_117;

/**
 * Applies every migration not yet applied, under a transaction-scoped advisory lock.
 *
 * @returns the versions applied by this call (empty when the schema was current)
 * @example
 * const applied = await migrate(db); // e.g. [1, 2, 3] on a new database, [] after
 */
export async function migrate(db: Database): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.query(
      'create table if not exists schema_migrations (version integer primary key, name text not null, applied_at timestamptz not null default now())',
    );
    const done = new Set(
      (await tx.query<{ version: number }>('select version from schema_migrations')).map((r) => r.version),
    );
    const applied: number[] = [];
    for (const migration of [...MIGRATIONS].sort((a, b) => a.version - b.version)) {
      if (done.has(migration.version)) continue;
      for (const statement of splitStatements(migration.sql)) await tx.query(statement);
      await tx.query('insert into schema_migrations (version, name) values ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      applied.push(migration.version);
    }
    return applied;
  });
}

/** Splits a migration into statements (the extended protocol runs one at a time). No `;` inside literals here. */
function splitStatements(sql: string): string[] {
  return sql
    .split(/;\s*(?:\n|$)/)
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter((s) => s !== '');
}
