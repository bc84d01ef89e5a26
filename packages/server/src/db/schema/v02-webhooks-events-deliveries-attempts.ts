import type { Migration } from './migration.js';

export const v2: Migration = {
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
};
