import type { Sql } from '../db/database.js';
import type { MailSender, SendResult } from '../mail/mail-sender.js';
import { sendSystemMail } from './system-mail.js';

/**
 * Emails a member that a conversation was assigned to them, when they asked for it (`notify_assigned`, their
 * account page) and someone else assigned it. The one place this rule lives: the inbox calls it after
 * `assignConversation` emitted. Never throws (the relay's verdict is returned); never logs the body.
 *
 * @returns the relay's verdict, or `undefined` when no email was due
 * @example
 * await notifyAssignee(db, sender, { workspaceId, conversationId, assigneeId: 'tm_...', actorId: 'tm_...', origin, inboundDomain });
 */
export async function notifyAssignee(
  db: Sql,
  sender: MailSender,
  input: {
    workspaceId: string;
    conversationId: string;
    assigneeId: string;
    /** Who assigned it; nobody is emailed about their own assignment. */
    actorId: string | null;
    origin: string;
    inboundDomain: string;
  },
): Promise<SendResult | undefined> {
  if (input.assigneeId === input.actorId) return undefined;
  const [row] = await db.query<{
    email: string;
    notify_assigned: boolean;
    company: string;
    workspace: string;
  }>(
    `select t.email, t.notify_assigned, p.company, w.name as workspace
     from teammates t, conversations c join prospects p on p.id = c.prospect_id join workspaces w on w.id = c.workspace_id
     where t.id = $1 and t.workspace_id = $2 and t.removed_at is null and c.id = $3 and c.workspace_id = $2`,
    [input.assigneeId, input.workspaceId, input.conversationId],
  );
  if (!row?.notify_assigned) return undefined;
  const link = `${input.origin}/workspaces/${encodeURIComponent(input.workspaceId)}/inbox/${encodeURIComponent(input.conversationId)}`;
  return sendSystemMail(sender, {
    inboundDomain: input.inboundDomain,
    to: row.email,
    subject: `Assigned to you: ${row.company}`,
    text: `The conversation with ${row.company} in ${row.workspace} was assigned to you.\n\n${link}\n\nYou get these emails because you asked for them on your account page; turn them off there.\n`,
  });
}
