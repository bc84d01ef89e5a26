import type { Migration } from './migration.js';

export const v11: Migration = {
  version: 11,
  name: 'teammates, conversations, messages',
  // A teammate is removed, not deleted, so conversations and events that named them keep a valid reference; an
  // email is unique among a workspace's current teammates only, so a removed teammate can be added again.
  // One conversation per prospect: the inbox threads every message with the prospect into it. The inbox lists
  // conversations by latest activity (openapi.yaml `webhooks.conversation.assigned`; docs/architecture.md).
  // message_id is the RFC 5322 Message-ID without angle brackets, unique per workspace so a redelivered
  // incoming email is stored once.
  sql: `
    create table teammates (
      id text primary key,
      workspace_id text not null references workspaces(id),
      name text not null,
      email text not null,
      created_at timestamptz not null default now(),
      removed_at timestamptz
    );
    create unique index teammates_workspace_email on teammates (workspace_id, lower(email)) where removed_at is null;
    create table conversations (
      id text primary key,
      workspace_id text not null references workspaces(id),
      prospect_id text not null unique references prospects(id),
      assignee_id text references teammates(id),
      last_message_at timestamptz,
      unread boolean not null default false,
      created_at timestamptz not null default now()
    );
    create index conversations_workspace_activity on conversations (workspace_id, last_message_at desc nulls last, id desc);
    create index conversations_assignee on conversations (assignee_id) where assignee_id is not null;
    create table messages (
      id text primary key,
      workspace_id text not null references workspaces(id),
      conversation_id text not null references conversations(id),
      direction text not null check (direction in ('outgoing', 'incoming')),
      message_id text not null,
      in_reply_to text,
      references_ids text[] not null default '{}',
      from_address text not null,
      to_address text not null,
      subject text not null default '',
      text_body text not null default '',
      html_body text,
      send_status text check (send_status in ('sent', 'not_sent_no_relay', 'failed')),
      send_error text,
      created_at timestamptz not null default now()
    );
    create unique index messages_workspace_message_id on messages (workspace_id, message_id);
    create index messages_conversation on messages (conversation_id, created_at, id);
  `,
};
