import { randomUUID } from 'node:crypto';
import type { MailSender, SendResult } from '../mail/mail-sender.js';

/**
 * Sends one of the app's own emails (an invitation, a password reset, an assignment) through the outbound relay,
 * from `ProspectKit <no-reply@INBOUND_DOMAIN>`. Never throws and never logs the body (it may hold a one-time
 * link): the caller gets the relay's verdict, and shows the link itself when the relay did not take it.
 *
 * @see packages/server/README.md, "People and sign-in"
 */
export async function sendSystemMail(
  sender: MailSender,
  input: { inboundDomain: string; to: string; subject: string; text: string },
): Promise<SendResult> {
  const from = `no-reply@${input.inboundDomain}`;
  return sender.send({
    from: { name: 'ProspectKit', address: from },
    to: input.to,
    replyTo: from,
    subject: input.subject,
    text: input.text,
    messageId: `${randomUUID()}@${input.inboundDomain}`,
    inReplyTo: null,
    referencesIds: [],
  });
}
