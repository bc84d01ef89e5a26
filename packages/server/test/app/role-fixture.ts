import type { Database } from '../../src/db/database.js';
import { hashPassword } from '../../src/people/password-hash.js';
import { addMember, type MemberRole } from '../../src/store/members.js';
import { ensurePerson, setPasswordHash } from '../../src/store/people.js';

/** The password of every person a role test makes. */
export const MEMBER_PASSWORD = 'a member password for tests';

/**
 * Makes a person with a password and a role in a workspace, as accepting an invitation would.
 *
 * @returns the person's id and their teammate (member) id
 */
export async function addTestMember(
  db: Database,
  input: { workspaceId: string; email: string; name: string; role: MemberRole },
): Promise<{ personId: string; memberId: string }> {
  const { person } = await ensurePerson(db, { email: input.email, name: input.name });
  await setPasswordHash(db, person.id, await hashPassword(MEMBER_PASSWORD));
  const { member } = await addMember(db, {
    workspaceId: input.workspaceId,
    personId: person.id,
    role: input.role,
    name: input.name,
    email: input.email,
  });
  return { personId: person.id, memberId: member.id };
}
