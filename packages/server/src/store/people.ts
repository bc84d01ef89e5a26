import { newId } from '@prospectkit/core';
import type { Sql } from '../db/database.js';

// `people` (migration 17): who signs in to the app. Their place in a workspace is a teammate row (store/members.ts).
// Every read and write of the table is here.

/** A person who signs in to the app, as the pages and the CLI see them (never the hashes or the TOTP secret). */
export interface Person {
  /** `psn_` and a ULID. */
  id: string;
  /** Their sign-in address, unique ignoring case. */
  email: string;
  /** Their name as people see it. */
  name: string;
  /** Whether they have a password (an invited person has none until they accept). */
  has_password: boolean;
  /** When they turned on the authenticator-app second factor, or `null`. */
  totp_enabled_at: Date | null;
  /** The installation's owner: may create workspaces, and is owner of those the CLI and the first start make. */
  installation_owner: boolean;
  created_at: Date;
}

/** A person with what sign-in checks: the password hash and the TOTP secret. Never rendered or logged. */
export interface PersonSecrets extends Person {
  password_hash: string | null;
  totp_secret: string | null;
  totp_last_step: number | null;
}

const COLUMNS = `id, email, name, password_hash is not null as has_password, totp_enabled_at, installation_owner, created_at`;
const SECRET_COLUMNS = `${COLUMNS}, password_hash, totp_secret, totp_last_step::float8 as totp_last_step`;

/**
 * Finds a person by sign-in address (ignoring case), with their secrets, for sign-in.
 *
 * @example
 * const person = await findPersonByEmail(db, 'ana@example.com');
 */
export async function findPersonByEmail(db: Sql, email: string): Promise<PersonSecrets | undefined> {
  const [row] = await db.query<PersonSecrets & Record<string, unknown>>(
    `select ${SECRET_COLUMNS} from people where lower(email) = lower($1)`,
    [email.trim()],
  );
  return row;
}

/** A person by id, with their secrets; `undefined` when there is none. */
export async function getPersonSecrets(db: Sql, id: string): Promise<PersonSecrets | undefined> {
  const [row] = await db.query<PersonSecrets & Record<string, unknown>>(
    `select ${SECRET_COLUMNS} from people where id = $1`,
    [id],
  );
  return row;
}

/** A person by id; `undefined` when there is none. */
export async function getPerson(db: Sql, id: string): Promise<Person | undefined> {
  const [row] = await db.query<Person & Record<string, unknown>>(
    `select ${COLUMNS} from people where id = $1`,
    [id],
  );
  return row;
}

/**
 * The person with this address, created (without a password) when there is none; a concurrent create of the
 * same address finds the other's row.
 *
 * @param input.name used only when the person is new
 * @returns the person and whether this call created them
 */
export async function ensurePerson(
  db: Sql,
  input: { email: string; name: string; installationOwner?: boolean },
): Promise<{ person: Person; created: boolean }> {
  const inserted = await db.query<Person & Record<string, unknown>>(
    `insert into people (id, email, name, installation_owner) values ($1, $2, $3, $4)
     on conflict (lower(email)) do nothing returning ${COLUMNS}`,
    [newId('person'), input.email.trim(), input.name.trim(), input.installationOwner === true],
  );
  if (inserted[0]) return { person: inserted[0], created: true };
  const [row] = await db.query<Person & Record<string, unknown>>(
    `select ${COLUMNS} from people where lower(email) = lower($1)`,
    [input.email.trim()],
  );
  return { person: row as Person, created: false };
}

/** Stores a new password hash (argon2id, see `hashPassword`). */
export async function setPasswordHash(db: Sql, personId: string, hash: string): Promise<void> {
  await db.query('update people set password_hash = $2 where id = $1', [personId, hash]);
}

/**
 * Replaces a hash only while it is still `previous` (a rehash at sign-in), so that of several instances one
 * write wins.
 */
export async function replacePasswordHash(
  db: Sql,
  input: { personId: string; hash: string; previous: string },
): Promise<void> {
  await db.query('update people set password_hash = $2 where id = $1 and password_hash = $3', [
    input.personId,
    input.hash,
    input.previous,
  ]);
}

/** Renames a person, and their teammate rows with them (one name everywhere they work). */
export async function setPersonName(db: Sql, personId: string, name: string): Promise<void> {
  await db.query('update people set name = $2 where id = $1', [personId, name]);
  await db.query('update teammates set name = $2 where person_id = $1 and removed_at is null', [
    personId,
    name,
  ]);
}

/**
 * Turns the authenticator-app factor on (`secret` base32) or off (`null`); either way the last used time step
 * is forgotten.
 */
export async function setTotpSecret(
  db: Sql,
  personId: string,
  secret: string | null,
  now: Date,
): Promise<void> {
  await db.query(
    'update people set totp_secret = $2, totp_enabled_at = $3, totp_last_step = null where id = $1',
    [personId, secret, secret === null ? null : now],
  );
}

/**
 * Records the TOTP time step just used, only when it is later than the last one: a code is accepted once
 * (RFC 6238, section 5.2), even by two instances at once.
 *
 * @returns whether the step was taken (false: this or a later code was used already)
 */
export async function takeTotpStep(db: Sql, personId: string, step: number): Promise<boolean> {
  const rows = await db.query(
    `update people set totp_last_step = $2 where id = $1 and (totp_last_step is null or totp_last_step < $2)
     returning id`,
    [personId, step],
  );
  return rows.length > 0;
}

/** The installation's owners (normally one), oldest first. */
export async function listInstallationOwners(db: Sql): Promise<Person[]> {
  return db.query<Person & Record<string, unknown>>(
    `select ${COLUMNS} from people where installation_owner order by created_at, id`,
  );
}

/** Changes a person's sign-in address, and their teammate rows' with it; `false` when the address is taken. */
export async function setPersonEmail(db: Sql, personId: string, email: string): Promise<boolean> {
  const rows = await db.query(
    `update people set email = $2 where id = $1
     and not exists (select 1 from people where lower(email) = lower($2) and id <> $1) returning id`,
    [personId, email],
  );
  if (rows.length === 0) return false;
  await db.query('update teammates set email = $2 where person_id = $1 and removed_at is null', [
    personId,
    email,
  ]);
  return true;
}
