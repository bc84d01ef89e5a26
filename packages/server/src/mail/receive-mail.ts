import type { DNSResolver } from 'mailauth';
import type { Logger } from 'pino';
import type { Database } from '../db/database.js';
import { QuotaExceededError } from '../store/mail-quota.js';
import { keepPostmasterMessage } from '../store/postmaster-messages.js';
import { parseRecipient } from './inbound-address.js';
import type { InboundMailTask } from './inbound-mail-task.js';
import type { MailConfig } from './mail-config.js';
import { MailWorkerError, type MailWorkers } from './mail-workers.js';
import {
  type AcceptedTarget,
  type ReceiveOutcome,
  receiveMessage,
  resolveTarget,
} from './receive-message.js';
import { spoolMessage } from './spool-message.js';
import type { SmtpEnvelope } from './verify-sender.js';

/** An SMTP refusal, thrown: smtp-server sends `responseCode` and the message. */
const refuse = (responseCode: number, message: string) => Object.assign(new Error(message), { responseCode });

/** The mail workers' failures as SMTP answers: busy and slow are temporary, a message that kills a worker is not. */
function workerRefusal(error: MailWorkerError): Error {
  if (error.code === 'busy')
    return refuse(451, '4.3.2 Too many messages in progress; try again in a few minutes.');
  if (error.code === 'timeout')
    return refuse(451, '4.3.0 The message took too long to read; try again later.');
  return refuse(554, "5.6.0 The message could not be read within this server's limits.");
}

/**
 * One message after DATA: written to disk as it arrives, parsed and its sender checked in a mail worker, then
 * filed in each workspace its recipients name (`receiveMessage`) or kept for the postmaster. Quotas are applied
 * in the storing transactions, so a message past them is refused (452, or 552 when it can never fit), never kept
 * and then dropped. The spooled file is removed whatever happens.
 *
 * @returns the 250 reply's text
 * @throws an error with `responseCode` for the client: 552 too large, 451 busy, 452/552 over a quota, 554 unreadable
 * @see docs/architecture.md, "Mail"
 */
export async function receiveMail(options: {
  db: Database;
  logger: Logger;
  workers: MailWorkers;
  resolver: DNSResolver;
  stream: NodeJS.ReadableStream & { sizeExceeded?: boolean };
  sessionId: string;
  envelope: SmtpEnvelope;
  recipients: readonly string[];
  config: MailConfig;
  senderCheck: InboundMailTask['senderCheck'];
  now: Date;
}): Promise<string> {
  const { db, logger, config } = options;
  const spooled = await spoolMessage(options.stream, config.maxMessageBytes);
  if (!spooled) {
    logger.info(
      { smtp_session: options.sessionId, outcome: 'too-large' },
      'mail refused: over the size limit',
    );
    throw refuse(552, `5.3.4 Message too large: the limit is ${config.maxMessageBytes} bytes.`);
  }
  try {
    const { message, senderCheck } = await options.workers
      .receive(
        {
          path: spooled.path,
          envelope: options.envelope,
          htmlLimits: config.htmlLimits,
          senderCheck: options.senderCheck,
        },
        options.resolver,
      )
      .catch((error: unknown) => {
        throw error instanceof MailWorkerError ? workerRefusal(error) : error;
      });
    const targets: Array<{ workspaceId: string; conversation?: { id: string; prospectId: string } }> = [];
    let postmaster = false;
    for (const address of options.recipients) {
      const target = parseRecipient(address, config.inboundDomain);
      if (target.kind === 'postmaster') postmaster = true;
      if (target.kind !== 'workspace' && target.kind !== 'conversation') continue;
      const resolved = await resolveTarget(db, target as AcceptedTarget);
      if (resolved && !resolved.suspended) targets.push(resolved);
    }
    if (targets.length === 0 && !postmaster) {
      // Every recipient was taken at RCPT, but none takes mail now (a workspace suspended since): not kept, so
      // not accepted; the sender tries again.
      throw refuse(451, '4.2.1 This mailbox does not take mail now; try again later.');
    }
    const base = {
      smtp_session: options.sessionId,
      message_id: message.messageId,
      bytes: spooled.bytes,
      malformed: message.malformed,
      sender_verified: senderCheck.verified,
    };
    let outcomes: ReceiveOutcome[];
    try {
      outcomes = await receiveMessage(db, {
        message,
        senderCheck,
        targets,
        envelopeFrom: options.envelope.mailFrom,
        rawBytes: spooled.bytes,
        quota: config.quota,
        now: options.now,
      });
      if (postmaster) {
        const kept = await db.transaction((tx) =>
          keepPostmasterMessage(
            tx,
            {
              message_id: message.messageId,
              envelope_from: options.envelope.mailFrom,
              client_address: options.envelope.clientAddress,
              from_address: message.fromAddress,
              to_address: message.toAddress,
              subject: message.subject,
              text_body: message.textBody,
              html_body: message.htmlBody,
              html_note: message.htmlNote,
              sender_check: senderCheck,
              received_at: options.now,
            },
            config.quota,
          ),
        );
        logger.info({ ...base, outcome: 'postmaster', duplicate: !kept }, 'mail received');
      }
    } catch (error) {
      if (!(error instanceof QuotaExceededError)) throw error;
      logger.info({ ...base, outcome: 'over-quota' }, 'mail refused: over a quota');
      throw refuse(error.refusal.responseCode, error.refusal.message);
    }
    for (const outcome of outcomes) {
      logger.info(
        {
          ...base,
          workspace_id: outcome.workspaceId,
          outcome: outcome.kind,
          duplicate: outcome.duplicate,
          ...(outcome.kind === 'conversation'
            ? {
                conversation_id: outcome.conversationId,
                matched_by: outcome.by,
                announced: outcome.announced,
              }
            : { unmatched_id: outcome.unmatchedId }),
        },
        'mail received',
      );
    }
    if (outcomes.length > 0 && outcomes.every((o) => o.kind === 'unmatched'))
      return '2.0.0 Accepted: kept as unmatched (the sender is no known prospect) for a person to attach';
    return '2.0.0 Accepted';
  } finally {
    await spooled.remove();
  }
}
