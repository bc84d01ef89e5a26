import { notifyAuthChanged } from '../auth/grant-cache.js';
import type { Database } from '../db/database.js';
import { type AuditActor, withAudit } from '../store/audit-log.js';
import { getMember, lockOwnerCount, type Member } from '../store/members.js';
import { endPersonSessions } from '../store/settings-sessions.js';
import { removeTeammate } from '../store/teammates.js';
import { MemberError } from './member-error.js';

/**
 * Removes a member from a workspace, in one transaction with its audit entry: their conversations are
 * unassigned (one `conversation.assigned` each, see `removeTeammate`) and every session of theirs ends at once.
 * The API tokens and webhooks they created keep working and show "created by a former member" (removing a person
 * must not silently break an integration); `revokeTokens` revokes their tokens in the same transaction instead.
 * docs/architecture.md, "People, roles and the audit log".
 *
 * @throws {MemberError} `not_found`; `last_owner` when they are the workspace's only owner
 * @example
 * await removeMember(db, { workspaceId, memberId: 'tm_01J...', actor, now: new Date() });
 */
export async function removeMember(
  db: Database,
  input: {
    workspaceId?: string | undefined;
    memberId: string;
    actor: AuditActor;
    revokeTokens?: boolean;
    now: Date;
  },
): Promise<{
  member: Member;
  unassignedProspectIds: string[];
  endedSessions: number;
  revokedTokens: number;
}> {
  return withAudit(
    db,
    async (tx, joined) => {
      const member = await getMember(tx, { workspaceId: input.workspaceId, id: input.memberId });
      if (!member) throw new MemberError('not_found', `No member ${input.memberId}.`);
      if (member.role === 'owner' && (await lockOwnerCount(tx, member.workspace_id)) <= 1) {
        throw new MemberError(
          'last_owner',
          'A workspace keeps at least one owner: make someone else owner first.',
        );
      }
      const { unassignedProspectIds } = await removeTeammate(joined, {
        workspaceId: member.workspace_id,
        id: member.id,
        now: input.now,
      });
      const endedSessions = await endPersonSessions(tx, { personId: member.person_id });
      let revokedTokens = 0;
      if (input.revokeTokens) {
        revokedTokens = (
          await tx.query(
            'update api_tokens set revoked_at = $2 where created_by = $1 and revoked_at is null returning id',
            [member.id, input.now],
          )
        ).length;
        if (revokedTokens > 0) await notifyAuthChanged(tx);
      }
      return { member, unassignedProspectIds, endedSessions, revokedTokens };
    },
    ({ member, revokedTokens }) => ({
      workspaceId: member.workspace_id,
      actor: input.actor,
      action: 'member.removed',
      target: { type: 'member', id: member.id, label: `${member.name} <${member.email}>` },
      detail: revokedTokens > 0 ? `${revokedTokens} of their tokens revoked` : undefined,
      now: input.now,
    }),
  );
}
