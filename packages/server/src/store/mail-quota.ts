import type { Sql } from '../db/database.js';

/** How much mail a workspace keeps, and how much one sender may send it (`PROSPECTKIT_MAIL_*`). */
export interface MailQuota {
  /** `PROSPECTKIT_MAIL_QUOTA_BYTES`: bytes of stored mail (subjects, text and HTML) per workspace. Default 1 GiB. */
  maxStoredBytes: number;
  /** `PROSPECTKIT_MAIL_MESSAGES_PER_SENDER_PER_DAY`: messages one envelope sender may leave in a workspace in 24 h. Default 200. */
  maxPerSenderPerDay: number;
}

/** The defaults of {@link MailQuota}. */
export const DEFAULT_MAIL_QUOTA: Readonly<MailQuota> = { maxStoredBytes: 1024 ** 3, maxPerSenderPerDay: 200 };

/** Where mail is kept: a workspace, or the operator's postmaster list. */
export type MailBox = { workspaceId: string } | { postmaster: true };

/** A refusal for the SMTP answer: the code, the enhanced status and the text. */
export interface QuotaRefusal {
  responseCode: 452 | 552;
  message: string;
}

/** Bytes a stored message counts for: its subject, text and HTML as UTF-8. */
export function storedBytes(message: { subject: string; textBody: string; htmlBody: string | null }): number {
  return (
    Buffer.byteLength(message.subject) +
    Buffer.byteLength(message.textBody) +
    (message.htmlBody === null ? 0 : Buffer.byteLength(message.htmlBody))
  );
}

/**
 * Whether the mailbox may take another message from `envelopeFrom`, asked at RCPT TO, before any data: a full
 * mailbox, or a sender past its daily count, gets a temporary refusal (452: the sending server tries again
 * later, so nothing is accepted and then dropped; RFC 5321 section 4.2.2, RFC 3463 4.2.2 and 4.7.1).
 *
 * @returns `undefined` when it may, else the refusal to answer
 */
export async function quotaRefusal(
  db: Sql,
  box: MailBox,
  options: { envelopeFrom: string; quota: MailQuota; now: Date },
): Promise<QuotaRefusal | undefined> {
  const since = new Date(options.now.getTime() - 86_400_000);
  const sender = options.envelopeFrom.toLowerCase();
  const [row] =
    'postmaster' in box
      ? await db.query<{ bytes: string; sent: number }>(
          `select (select coalesce(sum(stored_bytes), 0) from postmaster_messages)::text as bytes,
             (select count(*)::int from postmaster_messages where lower(envelope_from) = $1 and received_at > $2) as sent`,
          [sender, since],
        )
      : await db.query<{ bytes: string; sent: number }>(
          `select coalesce((select bytes from mail_storage where workspace_id = $1), 0)::text as bytes,
             (select count(*)::int from messages where workspace_id = $1 and direction = 'incoming'
                and lower(envelope_from) = $2 and created_at > $3)
             + (select count(*)::int from unmatched_messages where workspace_id = $1 and attached_at is null
                and lower(envelope_from) = $2 and received_at > $3) as sent`,
          [box.workspaceId, sender, since],
        );
  if (Number(row?.bytes ?? 0) >= options.quota.maxStoredBytes) {
    return {
      responseCode: 452,
      message: '4.2.2 Mailbox full: this mailbox has reached its storage quota; try again later.',
    };
  }
  if ((row?.sent ?? 0) >= options.quota.maxPerSenderPerDay) {
    return {
      responseCode: 452,
      message: `4.7.1 This sender has sent this mailbox ${options.quota.maxPerSenderPerDay} messages in the last day, the most it takes; try again later.`,
    };
  }
  return undefined;
}

/** Thrown by {@link addStoredBytes} when a message does not fit the workspace's quota; the transaction rolls back. */
export class QuotaExceededError extends Error {
  /** The class name, `'QuotaExceededError'`. */
  override readonly name = 'QuotaExceededError';
  constructor(readonly refusal: QuotaRefusal) {
    super(refusal.message);
  }
}

/**
 * Counts a stored message against its workspace's quota, in the transaction that stores it: one atomic update of
 * the workspace's `mail_storage` row, so messages stored at once can never pass the quota together.
 *
 * @throws {QuotaExceededError} 452 when the workspace is too full for this message now, 552 when the message
 *   alone is larger than the quota (it can never fit: the sender should not retry)
 */
export async function addStoredBytes(
  tx: Sql,
  workspaceId: string,
  bytes: number,
  quota: MailQuota,
): Promise<void> {
  if (bytes > quota.maxStoredBytes) {
    throw new QuotaExceededError({
      responseCode: 552,
      message: `5.2.2 The message is larger than this mailbox's whole storage quota (${quota.maxStoredBytes} bytes).`,
    });
  }
  const [row] = await tx.query<{ bytes: string }>(
    `insert into mail_storage as s (workspace_id, bytes) values ($1, $2)
     on conflict (workspace_id) do update set bytes = s.bytes + excluded.bytes
       where s.bytes + excluded.bytes <= $3
     returning bytes::text`,
    [workspaceId, bytes, quota.maxStoredBytes],
  );
  if (!row) {
    throw new QuotaExceededError({
      responseCode: 452,
      message: '4.2.2 Mailbox full: this mailbox has reached its storage quota; try again later.',
    });
  }
}
