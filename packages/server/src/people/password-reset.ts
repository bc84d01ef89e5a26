import type { Database } from '../db/database.js';
import type { MailSender, SendResult } from '../mail/mail-sender.js';
import { storeOneTimeLink } from '../store/one-time-links.js';
import { findPersonByEmail, type Person } from '../store/people.js';
import { linkUrl, newLinkToken, PASSWORD_RESET_TTL_MS } from './one-time-link.js';
import { sendSystemMail } from './system-mail.js';

/**
 * Makes a one-time password-reset link, valid one hour, for the person with this address (earlier unused ones
 * stop working), and emails it through the relay when `sender` is given. Answers the same shape whether or not
 * the address is known, so a caller facing strangers can answer them the same (enumeration-safe).
 *
 * @returns the person (when known), the relay's verdict, and the link, which only trusted callers show (the CLI,
 *   an admin on the Members page); never logged
 * @example
 * const { link } = await createPasswordReset(db, { email: 'ana@example.com', origin, now: new Date() });
 */
export async function createPasswordReset(
  db: Database,
  input: {
    email: string;
    origin: string;
    now: Date;
    createdBy?: string | null;
    mail?: { sender: MailSender; inboundDomain: string };
  },
): Promise<{ person: Person | undefined; link: string | undefined; mail: SendResult | undefined }> {
  const person = await findPersonByEmail(db, input.email);
  if (!person) return { person: undefined, link: undefined, mail: undefined };
  const { token, hash } = newLinkToken();
  await db.transaction((tx) =>
    storeOneTimeLink(tx, {
      tokenHash: hash,
      purpose: 'password_reset',
      personId: person.id,
      workspaceId: null,
      createdBy: input.createdBy ?? null,
      expiresAt: new Date(input.now.getTime() + PASSWORD_RESET_TTL_MS),
      now: input.now,
    }),
  );
  const link = linkUrl(input.origin, 'password_reset', token);
  const mail =
    input.mail &&
    (await sendSystemMail(input.mail.sender, {
      inboundDomain: input.mail.inboundDomain,
      to: person.email,
      subject: 'Reset your ProspectKit password',
      text: `Someone asked to reset the password of ${person.email} on ProspectKit.\n\nOpen this link within an hour to choose a new password (it works once):\n\n${link}\n\nIf it was not you, ignore this email: your password stays as it is.\n`,
    }));
  const { password_hash: _h, totp_secret: _t, totp_last_step: _s, ...visible } = person;
  return { person: visible, link, mail };
}
