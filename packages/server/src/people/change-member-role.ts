import type { Database } from '../db/database.js';
import { type AuditActor, withAudit } from '../store/audit-log.js';
import { getMember, lockOwnerCount, type Member, type MemberRole, setMemberRole } from '../store/members.js';
import { MemberError } from './member-error.js';

/**
 * Gives a member another role, in one transaction with its `member.role_changed` audit entry. Who may do it is
 * the caller's check (`roleChangeProblem` in app/shared/authorize.ts); this keeps the workspace's last owner.
 *
 * @returns the member as changed, and their role before
 * @throws {MemberError} `not_found`; `last_owner` when it would leave the workspace without an owner
 * @example
 * await changeMemberRole(db, { workspaceId, memberId: 'tm_01J...', role: 'admin', actor, now: new Date() });
 */
export async function changeMemberRole(
  db: Database,
  input: {
    workspaceId?: string | undefined;
    memberId: string;
    role: MemberRole;
    actor: AuditActor;
    now: Date;
  },
): Promise<{ member: Member; previous: MemberRole }> {
  return withAudit(
    db,
    async (tx) => {
      const before = await getMember(tx, { workspaceId: input.workspaceId, id: input.memberId });
      if (!before) throw new MemberError('not_found', `No member ${input.memberId}.`);
      if (
        before.role === 'owner' &&
        input.role !== 'owner' &&
        (await lockOwnerCount(tx, before.workspace_id)) <= 1
      ) {
        throw new MemberError(
          'last_owner',
          'A workspace keeps at least one owner: make someone else owner first.',
        );
      }
      const member = (await setMemberRole(tx, {
        workspaceId: before.workspace_id,
        id: before.id,
        role: input.role,
      })) as Member;
      return { member, previous: before.role };
    },
    ({ member, previous }) =>
      previous === member.role
        ? undefined
        : {
            workspaceId: member.workspace_id,
            actor: input.actor,
            action: 'member.role_changed',
            target: { type: 'member', id: member.id, label: `${member.name} <${member.email}>` },
            detail: `${previous} → ${member.role}`,
            now: input.now,
          },
  );
}
