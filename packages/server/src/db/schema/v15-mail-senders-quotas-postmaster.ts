import type { Migration } from './migration.js';

export const v15: Migration = {
  version: 15,
  name: 'mail: checked senders, sanitised HTML, quotas, postmaster',
  // Issue 24 (docs/architecture.md, "Mail"). Each received message keeps its envelope sender (MAIL FROM) and what
  // the SPF, DKIM and DMARC checks found (`sender_check`), which decides whether it was announced. Its HTML is
  // sanitised once, on arrival; rows from before this version hold HTML as received (`html_sanitized` false),
  // which the inbox sanitises, in the mail worker, the first time it is shown. `stored_bytes` (subject, text and
  // HTML) of received mail adds up into `mail_storage`, one row per workspace, the quota's counter, updated in
  // the transaction that stores a message. The sender indexes count a sender's messages of the last day (its daily quota).
  // Mail to postmaster@ (RFC 5321 section 4.5.1) belongs to no workspace: the operator reads it on its own page.
  sql: `
    alter table messages add column envelope_from text;
    alter table messages add column sender_check jsonb;
    alter table messages add column html_sanitized boolean not null default false;
    alter table messages add column html_note text;
    alter table messages add column stored_bytes integer not null default 0;
    update messages set stored_bytes = octet_length(subject) + octet_length(text_body) + coalesce(octet_length(html_body), 0),
      html_sanitized = html_body is null;
    create index messages_sender_day on messages (workspace_id, lower(envelope_from), created_at)
      where direction = 'incoming';

    alter table unmatched_messages add column sender_check jsonb;
    alter table unmatched_messages add column html_sanitized boolean not null default false;
    alter table unmatched_messages add column html_note text;
    alter table unmatched_messages add column stored_bytes integer not null default 0;
    update unmatched_messages set stored_bytes = octet_length(subject) + octet_length(text_body) + coalesce(octet_length(html_body), 0),
      html_sanitized = html_body is null;
    create index unmatched_messages_sender_day on unmatched_messages (workspace_id, lower(envelope_from), received_at);

    create table mail_storage (
      workspace_id text primary key references workspaces(id) on delete cascade,
      bytes bigint not null default 0
    );
    insert into mail_storage (workspace_id, bytes)
      select workspace_id, sum(stored_bytes) from (
        select workspace_id, stored_bytes from messages where direction = 'incoming'
        union all
        select workspace_id, stored_bytes from unmatched_messages where attached_at is null
      ) stored group by workspace_id;

    create table postmaster_messages (
      id text primary key,
      message_id text not null unique,
      envelope_from text not null,
      client_address text not null,
      from_address text not null,
      to_address text not null,
      subject text not null,
      text_body text not null,
      html_body text,
      html_note text,
      sender_check jsonb,
      stored_bytes integer not null,
      received_at timestamptz not null
    );
    create index postmaster_messages_received on postmaster_messages (received_at desc, id desc);
    create index postmaster_messages_sender_day on postmaster_messages (lower(envelope_from), received_at);
  `,
};
