import type { Migration } from './migration.js';

export const v16: Migration = {
  version: 16,
  name: 'trace context of events, webhook health and auto-disable, parsed import files',
  // events.traceparent: the W3C trace context of the request whose transaction wrote the event, so a delivery
  //   attempt's span links to it (docs/architecture.md, "Metrics and traces"); null when tracing was off.
  // webhooks: failing_since is when the current run of failed attempts began (null after a success), kept by the
  //   attempts' batch statement on a change only; auto_disable_days (null: never) disables the webhook after that
  //   many days of it; disabled_at/disabled_reason until re-enabled by hand. A disabled webhook's pending
  //   deliveries are held (next_attempt_at null), never dropped, and due again when it is re-enabled.
  // webhook_attempt_stats: attempts and successes per webhook, hour and latency bucket, written by the same
  //   statement as the attempts, so a webhook's health page reads at most 168 hours x 20 buckets rather than every
  //   attempt of the week (store/webhook-health.ts).
  // import files: a job uploaded from this version on stores its records parsed once at upload (file_format
  //   'records', JSON record chunks numbered from first_record), so the run never parses CSV again and a resumed
  //   job starts at the chunk holding its next record; older uploads keep their CSV bytes ('csv').
  sql: `
    alter table events add column traceparent text;
    alter table webhooks add column failing_since timestamptz;
    alter table webhooks add column auto_disable_days integer check (auto_disable_days between 1 and 30);
    alter table webhooks add column disabled_at timestamptz;
    alter table webhooks add column disabled_reason text;
    create table webhook_attempt_stats (
      webhook_id text not null references webhooks(id),
      hour timestamptz not null,
      bucket smallint not null,
      attempts integer not null,
      succeeded integer not null,
      primary key (webhook_id, hour, bucket)
    );
    create index webhook_attempt_stats_hour on webhook_attempt_stats (hour);
    alter table import_jobs add column file_format text not null default 'csv' check (file_format in ('csv', 'records'));
    alter table import_file_chunks add column first_record integer;
  `,
};
