import type { Migration } from './migration.js';

export const v5: Migration = {
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
};
