import type { Migration } from './migration.js';

export const v12: Migration = {
  version: 12,
  name: 'unmatched messages',
  // Inbound mail to a workspace's address that matches no conversation is kept here, never dropped, until a
  // person attaches it to a prospect (which copies it into that prospect's conversation). Its Message-ID is
  // unique per workspace, so a redelivered message is stored once (see docs/architecture.md, "Mail").
  sql: `
    create table unmatched_messages (
      id text primary key,
      workspace_id text not null references workspaces(id) on delete cascade,
      message_id text not null,
      in_reply_to text,
      references_ids text[] not null default '{}',
      envelope_from text not null,
      from_address text not null,
      to_address text not null,
      subject text not null,
      text_body text not null,
      html_body text,
      raw_size_bytes integer not null,
      received_at timestamptz not null,
      attached_to_prospect_id text references prospects(id) on delete set null,
      attached_at timestamptz
    );
    create unique index unmatched_messages_message_id on unmatched_messages (workspace_id, message_id);
    create index unmatched_messages_waiting on unmatched_messages (workspace_id, received_at desc, id desc)
      where attached_at is null;
    -- Inbound mail to a workspace's address is matched to a prospect by its sender through migration 10's
    -- (workspace_id, lower(contact_email)) index.
  `,
};
