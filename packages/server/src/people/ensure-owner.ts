import { randomBytes } from 'node:crypto';
import type { Database } from '../db/database.js';
import { addMember } from '../store/members.js';
import {
  ensurePerson,
  getPersonSecrets,
  listInstallationOwners,
  setPasswordHash,
  setPersonEmail,
} from '../store/people.js';
import { endPersonSessions } from '../store/settings-sessions.js';
import { hashPassword, verifyPasswordHash } from './password-hash.js';

/** The owner's address when `PROSPECTKIT_OWNER_EMAIL` is unset. */
export const DEFAULT_OWNER_EMAIL = 'owner@localhost';

/** Advisory lock held while the owner is made, so instances starting at once make one. */
const OWNER_LOCK_KEY = 7_301_990_119;

/** What the start found or did about the installation's owner (`RunningServer.owner`). */
export interface OwnerBootstrap {
  /** The owner's sign-in address. */
  email: string;
  /** A password generated now (first start, development): print it once; only its hash is kept. */
  generatedPassword: string | undefined;
  /** Whether the owner has a password (or a passkey) to sign in with. */
  canSignIn: boolean;
}

/**
 * Start-up: makes sure the installation has its owner, the person who may create workspaces and who owns those
 * the first start and the CLI make. On the first start it is created with `email` (`PROSPECTKIT_OWNER_EMAIL`,
 * default `owner@localhost`), owner of every workspace there is, and `password` (`PROSPECTKIT_ADMIN_PASSWORD`),
 * else a generated one when `generate` (development), else none (production: set the variable, or use
 * `members reset-password`). Later starts: an owner still at the default address moves to `email` when one is
 * configured, and a configured `password` that is not the owner's current one becomes it and ends the owner's
 * sessions (so changing the variable rotates the password, as before people existed).
 *
 * @example
 * const { email, generatedPassword } = await ensureOwner(db, { email: undefined, password: undefined, generate: true });
 * @see packages/server/README.md, "People and sign-in"
 */
export async function ensureOwner(
  db: Database,
  options: { email: string | undefined; password: string | undefined; generate: boolean },
): Promise<OwnerBootstrap> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [OWNER_LOCK_KEY]);
    let [owner] = await listInstallationOwners(tx);
    if (!owner) {
      const { person } = await ensurePerson(tx, {
        email: options.email ?? DEFAULT_OWNER_EMAIL,
        name: 'Owner',
        installationOwner: true,
      });
      await tx.query('update people set installation_owner = true where id = $1', [person.id]);
      const workspaces = await tx.query<{ id: string }>('select id from workspaces order by created_at, id');
      for (const { id } of workspaces) {
        await addMember(tx, {
          workspaceId: id,
          personId: person.id,
          role: 'owner',
          name: person.name || 'Owner',
          email: person.email,
        });
        await tx.query(
          `update teammates set role = 'owner' where workspace_id = $1 and person_id = $2 and removed_at is null`,
          [id, person.id],
        );
      }
      owner = person;
    } else if (options.email && owner.email === DEFAULT_OWNER_EMAIL && options.email !== owner.email) {
      if (await setPersonEmail(tx, owner.id, options.email)) owner = { ...owner, email: options.email };
    }
    const secrets = await getPersonSecrets(tx, owner.id);
    let generatedPassword: string | undefined;
    if (options.password) {
      const current = secrets?.password_hash;
      if (!current || !(await verifyPasswordHash(options.password, current))) {
        await setPasswordHash(tx, owner.id, await hashPassword(options.password));
        await endPersonSessions(tx, { personId: owner.id });
      }
    } else if (!secrets?.password_hash && options.generate) {
      generatedPassword = randomBytes(18).toString('base64url');
      await setPasswordHash(tx, owner.id, await hashPassword(generatedPassword));
    }
    const [passkey] = await tx.query('select id from passkeys where person_id = $1 limit 1', [owner.id]);
    const canSignIn = Boolean(options.password || generatedPassword || secrets?.password_hash || passkey);
    return { email: owner.email, generatedPassword, canSignIn };
  });
}
