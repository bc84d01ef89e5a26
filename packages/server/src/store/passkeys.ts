import type { Sql } from '../db/database.js';

// `passkeys` (migration 17): WebAuthn credentials, one row per credential, its public key (COSE, base64url) and
// signature counter. Private keys never leave the person's authenticator.

/** A stored passkey. */
export interface PasskeyRecord {
  /** The credential id, base64url (WebAuthn's `credential.id`). */
  id: string;
  person_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  /** The authenticator's signature counter at its last use (0 for authenticators that keep none). */
  counter: number;
  transports: string[];
  /** A label for people, e.g. `Passkey added 2026-11-25`. */
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

const COLUMNS =
  'id, person_id, public_key, counter::float8 as counter, transports, name, created_at, last_used_at';

/** A person's passkeys, oldest first. */
export async function listPasskeys(db: Sql, personId: string): Promise<PasskeyRecord[]> {
  return db.query<PasskeyRecord & Record<string, unknown>>(
    `select ${COLUMNS} from passkeys where person_id = $1 order by created_at, id`,
    [personId],
  );
}

/** A passkey by credential id, whoever it belongs to. */
export async function getPasskey(db: Sql, id: string): Promise<PasskeyRecord | undefined> {
  const [row] = await db.query<PasskeyRecord & Record<string, unknown>>(
    `select ${COLUMNS} from passkeys where id = $1`,
    [id],
  );
  return row;
}

/** Stores a newly registered passkey; `false` when the credential id is registered already. */
export async function addPasskey(
  db: Sql,
  input: {
    id: string;
    personId: string;
    publicKey: string;
    counter: number;
    transports: string[];
    name: string;
    now: Date;
  },
): Promise<boolean> {
  const rows = await db.query(
    `insert into passkeys (id, person_id, public_key, counter, transports, name, created_at)
     values ($1, $2, $3, $4, $5, $6, $7) on conflict (id) do nothing returning id`,
    [input.id, input.personId, input.publicKey, input.counter, input.transports, input.name, input.now],
  );
  return rows.length > 0;
}

/**
 * Records a use: the new counter, only while the stored one is still `previous` (two uses of one signature at
 * once cannot both pass).
 *
 * @returns whether this use was recorded
 */
export async function recordPasskeyUse(
  db: Sql,
  input: { id: string; previous: number; counter: number; now: Date },
): Promise<boolean> {
  const rows = await db.query(
    'update passkeys set counter = $3, last_used_at = $4 where id = $1 and counter = $2 returning id',
    [input.id, input.previous, input.counter, input.now],
  );
  return rows.length > 0;
}

/** Deletes one of a person's passkeys; `false` when they have none with that id. */
export async function deletePasskey(db: Sql, input: { personId: string; id: string }): Promise<boolean> {
  const rows = await db.query('delete from passkeys where id = $1 and person_id = $2 returning id', [
    input.id,
    input.personId,
  ]);
  return rows.length > 0;
}
