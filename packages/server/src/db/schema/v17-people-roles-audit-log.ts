import type { Migration } from './migration.js';

export const v17: Migration = {
  version: 17,
  name: 'people who sign in, roles, sessions per person, one-time links, passkeys, audit log, authors',
  // A person (`people`, `psn_` ids) signs in with an email address; their place in a workspace is a teammate row
  // (the `tm_` ids stay, so `conversation.assigned` keeps its meaning) with a role. The administrator of
  // before becomes the installation's owner: the stored password hash moves to them, they own every workspace,
  // and the old sessions (which knew no person) end. Existing teammates become members without a password: a
  // password reset or an invitation lets them in. Ids made here are a prefix and 26 characters of a random
  // UUID's hex, upper case: hex digits are all in the ULID alphabet, so `isId` accepts them.
  // docs/architecture.md, "People, roles and the audit log".
  sql: `
    create table people (
      id text primary key,
      email text not null,
      name text not null default '',
      password_hash text,
      totp_secret text,
      totp_enabled_at timestamptz,
      totp_last_step bigint,
      installation_owner boolean not null default false,
      created_at timestamptz not null default now()
    );
    create unique index people_email on people (lower(email));
    insert into people (id, email, name, password_hash, installation_owner)
      select 'psn_' || upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 26)), 'owner@localhost', 'Owner', password_hash, true
      from settings_admin where id = 1;
    insert into people (id, email, name)
      select 'psn_' || upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 26)), min(t.email), min(t.name)
      from teammates t where t.removed_at is null
        and not exists (select 1 from people p where lower(p.email) = lower(t.email))
      group by lower(t.email);
    alter table teammates add column person_id text references people(id);
    alter table teammates add column role text not null default 'member' check (role in ('owner', 'admin', 'member', 'viewer'));
    alter table teammates add column notify_assigned boolean not null default false;
    update teammates t set person_id = p.id from people p where lower(p.email) = lower(t.email) and t.removed_at is null;
    update teammates t set role = 'owner' from people p where p.id = t.person_id and p.installation_owner;
    insert into teammates (id, workspace_id, name, email, person_id, role)
      select 'tm_' || upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 26)), w.id, p.name, p.email, p.id, 'owner'
      from workspaces w cross join people p
      where p.installation_owner
        and not exists (select 1 from teammates t where t.workspace_id = w.id and t.person_id = p.id and t.removed_at is null);
    create unique index teammates_workspace_person on teammates (workspace_id, person_id) where removed_at is null and person_id is not null;
    create index teammates_person on teammates (person_id) where removed_at is null;
    delete from settings_sessions;
    alter table settings_sessions add column person_id text references people(id) on delete cascade;
    alter table settings_sessions add column handle text;
    alter table settings_sessions add column user_agent text;
    alter table settings_sessions add column ip text;
    alter table settings_sessions add column created_at timestamptz not null default now();
    alter table settings_sessions add column last_seen_at timestamptz not null default now();
    create index settings_sessions_person on settings_sessions (person_id) where person_id is not null;
    create table recovery_codes (
      person_id text not null references people(id) on delete cascade,
      code_hash text not null,
      used_at timestamptz,
      primary key (person_id, code_hash)
    );
    create table passkeys (
      id text primary key,
      person_id text not null references people(id) on delete cascade,
      public_key text not null,
      counter bigint not null default 0,
      transports text[] not null default '{}',
      name text not null,
      created_at timestamptz not null default now(),
      last_used_at timestamptz
    );
    create index passkeys_person on passkeys (person_id);
    create table one_time_links (
      token_hash text primary key,
      purpose text not null check (purpose in ('invitation', 'password_reset')),
      person_id text not null references people(id) on delete cascade,
      workspace_id text references workspaces(id),
      created_by text references teammates(id),
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index one_time_links_person on one_time_links (person_id, purpose);
    create table audit_log (
      id text primary key,
      workspace_id text references workspaces(id),
      actor_person_id text references people(id),
      actor_label text not null,
      action text not null,
      target_type text,
      target_id text,
      target_label text,
      ip text,
      detail text,
      occurred_at timestamptz not null
    );
    create index audit_log_workspace on audit_log (workspace_id, occurred_at desc, id desc);
    create index audit_log_time on audit_log (occurred_at);
    alter table api_tokens add column created_by text references teammates(id);
    alter table webhooks add column created_by text references teammates(id);
    alter table messages add column author_id text references teammates(id);
  `,
};
