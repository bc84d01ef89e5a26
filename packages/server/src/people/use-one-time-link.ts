import type { Database } from '../db/database.js';
import { findOneTimeLink, type OneTimeLink, useOneTimeLink } from '../store/one-time-links.js';
import { getPerson, type Person, setPasswordHash, setPersonName } from '../store/people.js';
import { endPersonSessions } from '../store/settings-sessions.js';
import { hashLinkToken, isLinkToken } from './one-time-link.js';
import { hashPassword } from './password-hash.js';

/**
 * The person and purpose of a usable link (unused, unexpired), or `undefined` for any other token: unknown, used,
 * expired and malformed tokens all look the same.
 */
export async function readOneTimeLink(
  db: Database,
  token: string,
  now: Date,
): Promise<{ link: OneTimeLink; person: Person } | undefined> {
  if (!isLinkToken(token)) return undefined;
  const link = await findOneTimeLink(db, hashLinkToken(token), now);
  const person = link && (await getPerson(db, link.person_id));
  return link && person ? { link, person } : undefined;
}

/**
 * Uses a link: sets the person's password (and, for an invitation, their name), and ends every session they
 * have (a reset must lock out whoever knew the old password). The link is used up in the same transaction, so
 * of two uses at once exactly one sets a password.
 *
 * @param input.password checked by the caller (`passwordProblem`)
 * @returns the person, or `undefined` when the link was not usable (used, expired, unknown)
 */
export async function completeOneTimeLink(
  db: Database,
  input: { token: string; password: string; name?: string | undefined; now: Date },
): Promise<{ person: Person; link: OneTimeLink } | undefined> {
  const found = await readOneTimeLink(db, input.token, input.now);
  // An invitation of someone who has a password already only adds a workspace: it never sets their password
  // (the inviter, an admin of one workspace, would otherwise hold the keys to every workspace of theirs).
  if (!found || (found.link.purpose === 'invitation' && found.person.has_password)) return undefined;
  const hash = await hashPassword(input.password);
  const used = await db.transaction(async (tx) => {
    if (!(await useOneTimeLink(tx, found.link.token_hash, input.now))) return false;
    await setPasswordHash(tx, found.person.id, hash);
    if (input.name) await setPersonName(tx, found.person.id, input.name);
    await endPersonSessions(tx, { personId: found.person.id });
    return true;
  });
  return used ? found : undefined;
}
