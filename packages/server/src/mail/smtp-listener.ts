import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { Database } from '../db/database.js';
import { NO_METRICS, type ServerMetrics } from '../metrics/server-metrics.js';
import { ConnectionLimit } from './connection-limit.js';
import { parseRecipient } from './inbound-address.js';
import type { MailConfig } from './mail-config.js';
import { parseInboundMessage } from './parse-inbound-message.js';
import { type AcceptedTarget, receiveMessage, resolveTarget } from './receive-message.js';

/** A running inbound SMTP listener. */
export interface SmtpListener {
  /** The port it listens on (the one picked when configured with 0). */
  port: number;
  /** Stops accepting, ends open connections, and resolves when closed. */
  close(): Promise<void>;
}

/** An SMTP error reply: `responseCode` is what smtp-server sends. */
function smtpError(responseCode: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode });
}

/** Reads DATA up to the limit; past it, keeps reading (to answer 552 at the end) but stores nothing more. */
function readMessage(stream: SMTPServerDataStream, maxBytes: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    stream.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes <= maxBytes) chunks.push(chunk);
    });
    stream.once('error', reject);
    stream.once('end', () =>
      resolve(stream.sizeExceeded || bytes > maxBytes ? undefined : Buffer.concat(chunks)),
    );
  });
}

/**
 * Starts the inbound SMTP listener (smtp-server): mail to a workspace's inbound address or a conversation's
 * reply address is parsed (mailparser) and filed by `receiveMessage`. It relays nothing: a recipient outside
 * the inbound domain gets 550 at RCPT, as does an address there that names no workspace or conversation. No
 * AUTH; STARTTLS only when a certificate is configured; a message over `maxMessageBytes` gets 552; a client
 * address over `maxConnectionsPerAddress` open connections gets 421. One log line per message, without bodies.
 *
 * @param options.config the mail settings (`smtpPort` must be set)
 * @returns the running listener; `close()` stops it
 * @throws Error when the port cannot be bound or the certificate files cannot be read
 * @example
 * const listener = await startSmtpListener({ db, logger, config: loadMailConfig() });
 * console.log(listener.port); // 2525
 * @see docs/architecture.md, "Mail"; packages/server/README.md, "Mail"
 */
export async function startSmtpListener(options: {
  db: Database;
  logger: Logger;
  config: MailConfig;
  now?: () => Date;
  /** Where messages accepted and refused are counted (`prospectkit_smtp_messages_total`). Default: nowhere. */
  metrics?: ServerMetrics;
}): Promise<SmtpListener> {
  const { db, logger, config } = options;
  const metrics = options.metrics ?? NO_METRICS;
  const now = options.now ?? (() => new Date());
  const limit = new ConnectionLimit(config.maxConnectionsPerAddress);
  const counted = new Set<string>();
  const tls = config.tls
    ? { key: readFileSync(config.tls.keyPath), cert: readFileSync(config.tls.certPath) }
    : undefined;

  async function acceptedTargets(session: SMTPServerSession) {
    const targets = [];
    for (const rcpt of session.envelope.rcptTo) {
      const target = parseRecipient(rcpt.address, config.inboundDomain);
      if (target.kind !== 'workspace' && target.kind !== 'conversation') continue;
      const resolved = await resolveTarget(db, target);
      if (resolved) targets.push(resolved);
    }
    return targets;
  }

  async function onData(stream: SMTPServerDataStream, session: SMTPServerSession): Promise<string> {
    const raw = await readMessage(stream, config.maxMessageBytes);
    if (!raw) {
      metrics.smtpMessage('refused', 'too_large');
      logger.info({ smtp_session: session.id, outcome: 'too-large' }, 'mail refused: over the size limit');
      throw smtpError(552, `5.3.4 Message too large: the limit is ${config.maxMessageBytes} bytes.`);
    }
    const message = await parseInboundMessage(raw);
    const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
    const outcomes = await receiveMessage(db, {
      message,
      targets: await acceptedTargets(session),
      envelopeFrom,
      rawBytes: raw.length,
      now: now(),
    });
    for (const outcome of outcomes) {
      logger.info(
        {
          smtp_session: session.id,
          message_id: message.messageId,
          bytes: raw.length,
          malformed: message.malformed,
          workspace_id: outcome.workspaceId,
          outcome: outcome.kind,
          duplicate: outcome.duplicate,
          ...(outcome.kind === 'conversation'
            ? { conversation_id: outcome.conversationId, matched_by: outcome.by }
            : { unmatched_id: outcome.unmatchedId }),
        },
        'mail received',
      );
    }
    metrics.smtpMessage('accepted');
    const unmatched = outcomes.every((o) => o.kind === 'unmatched');
    return unmatched
      ? '2.0.0 Accepted: kept as unmatched (the sender is no known prospect) for a person to attach'
      : '2.0.0 Accepted';
  }

  const server = new SMTPServer({
    banner: 'ProspectKit inbound mail',
    authOptional: true,
    disabledCommands: tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
    hideSTARTTLS: !tls,
    ...(tls ?? {}),
    size: config.maxMessageBytes,
    // Refused whatever onData decides, once DATA is past the limit (smtp-server's own 552).
    ...({ rejectOversized: true } as object),
    logger: false,
    // Mail is matched by addresses, never by the client's host name: no reverse DNS lookup per connection.
    disableReverseLookup: true,
    onConnect(session, callback) {
      if (!limit.acquire(session.remoteAddress)) {
        metrics.smtpMessage('refused', 'too_many_connections');
        logger.warn({ smtp_session: session.id }, 'mail connection refused: too many from one address');
        return callback(smtpError(421, '4.7.0 Too many connections from your address; try again later.'));
      }
      counted.add(session.id);
      callback();
    },
    onClose(session) {
      if (counted.delete(session.id)) limit.release(session.remoteAddress);
    },
    onRcptTo(address, _session, callback) {
      const target = parseRecipient(address.address, config.inboundDomain);
      if (target.kind === 'other-domain') {
        metrics.smtpMessage('refused', 'relay_denied');
        return callback(
          smtpError(550, `5.7.1 Relaying denied: this server takes mail for @${config.inboundDomain} only.`),
        );
      }
      if (target.kind === 'unknown-mailbox') {
        metrics.smtpMessage('refused', 'no_mailbox');
        return callback(smtpError(550, '5.1.1 No such mailbox here.'));
      }
      resolveTarget(db, target as AcceptedTarget).then(
        (found) => {
          if (!found) metrics.smtpMessage('refused', 'no_mailbox');
          callback(found ? null : smtpError(550, '5.1.1 No such mailbox here.'));
        },
        (error: Error) => {
          metrics.smtpMessage('refused', 'temporary_failure');
          logger.error({ err_name: error.name }, 'mail: recipient lookup failed');
          callback(smtpError(451, '4.3.0 Temporary failure; try again later.'));
        },
      );
    },
    onData(stream, session, callback) {
      onData(stream, session).then(
        (reply) => callback(null, reply),
        (error: Error & { responseCode?: number }) => {
          if (error.responseCode) return callback(error);
          metrics.smtpMessage('refused', 'temporary_failure');
          logger.error({ smtp_session: session.id, err_name: error.name }, 'mail: storing a message failed');
          callback(smtpError(451, '4.3.0 Temporary failure storing the message; try again later.'));
        },
      );
    },
  });
  server.on('error', (error) => logger.warn({ err_name: error.name }, 'mail: SMTP connection error'));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(config.smtpPort ?? 2525, config.smtpHost, () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
