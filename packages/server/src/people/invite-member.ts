import type { Database } from '../db/database.js';
import type { MailSender, SendResult } from '../mail/mail-sender.js';
import { type AuditActor, withAudit } from '../store/audit-log.js';
import { addMember, type Member, type MemberRole } from '../store/members.js';
import { storeOneTimeLink } from '../store/one-time-links.js';
import { ensurePerson } from '../store/people.js';
import { checkTeammateInput } from '../store/teammates.js';
import { MemberError } from './member-error.js';
import { INVITATION_TTL_MS, linkUrl, newLinkToken } from './one-time-link.js';
import { sendSystemMail } from './system-mail.js';

/** What {@link inviteMember} did. */
export interface Invitation {
  member: Member;
  /** The relay's verdict on the invitation email. */
  mail: SendResult;
  /** The one-time link, for the inviter to copy: only when the email was not sent (never stored, never logged). */
  link: string | undefined;
}

/**
 * Invites a person to a workspace with a role: they become a member at once (conversations can be assigned to
 * them), and get a one-time link, valid 7 days, to choose their password (or, when they have an account already,
 * to sign in). The member, the link's hash and the `member.invited` audit entry are stored in one transaction;
 * the email goes through the outbound relay afterwards, and without a relay the link is returned to be copied.
 *
 * @param input.origin the app's public origin, for the link (no trailing slash)
 * @throws {MemberError} `invalid` (with `issues`) for a bad name or address, `already_member`
 * @example
 * const { link } = await inviteMember(db, sender, { workspaceId, name: 'Ana', email: 'ana@example.com', role: 'member', actor, invitedBy: null, origin, inboundDomain: 'localhost', now: new Date() });
 * @see docs/architecture.md, "People, roles and the audit log"
 */
export async function inviteMember(
  db: Database,
  sender: MailSender,
  input: {
    workspaceId: string;
    workspaceName?: string;
    name: string;
    email: string;
    role: MemberRole;
    actor: AuditActor;
    /** The inviting member (`tm_...`), or `null` from the CLI. */
    invitedBy: string | null;
    origin: string;
    inboundDomain: string;
    now: Date;
  },
): Promise<Invitation> {
  const { value, issues } = checkTeammateInput(input);
  if (Object.keys(issues).length > 0)
    throw new MemberError('invalid', Object.values(issues).join(' '), issues);
  const { token, hash } = newLinkToken();
  const member = await withAudit(
    db,
    async (tx) => {
      const { person } = await ensurePerson(tx, value);
      const { member, added } = await addMember(tx, {
        workspaceId: input.workspaceId,
        personId: person.id,
        role: input.role,
        name: person.name || value.name,
        email: person.email,
      });
      if (!added)
        throw new MemberError('already_member', 'This person is a member of the workspace already.', {
          email: 'This person is a member of the workspace already.',
        });
      await storeOneTimeLink(tx, {
        tokenHash: hash,
        purpose: 'invitation',
        personId: person.id,
        workspaceId: input.workspaceId,
        createdBy: input.invitedBy,
        expiresAt: new Date(input.now.getTime() + INVITATION_TTL_MS),
        now: input.now,
      });
      return member;
    },
    (member) => ({
      workspaceId: input.workspaceId,
      actor: input.actor,
      action: 'member.invited',
      target: { type: 'member', id: member.id, label: `${member.name} <${member.email}>` },
      detail: `role ${member.role}`,
      now: input.now,
    }),
  );
  const link = linkUrl(input.origin, 'invitation', token);
  const mail = await sendSystemMail(sender, {
    inboundDomain: input.inboundDomain,
    to: member.email,
    subject: `You are invited to ${input.workspaceName ?? 'a workspace'} on ProspectKit`,
    text: `You were invited to ${input.workspaceName ?? 'a workspace'} on ProspectKit as ${member.role}.\n\nOpen this link within 7 days to choose your password and sign in (it works once):\n\n${link}\n\nIf you did not expect this, ignore this email.\n`,
  });
  return { member, mail, link: mail.status === 'sent' ? undefined : link };
}
