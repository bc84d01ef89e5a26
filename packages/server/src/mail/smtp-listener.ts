import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import ipaddr from 'ipaddr.js';
import { LRUCache } from 'lru-cache';
import type { DNSResolver } from 'mailauth';
import type { Logger } from 'pino';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { Database } from '../db/database.js';
import { NO_METRICS, type ServerMetrics } from '../metrics/server-metrics.js';
import { clientKey } from '../rate-limit/client-key.js';
import { quotaRefusal } from '../store/mail-quota.js';
import { parseRecipient } from './inbound-address.js';
import type { MailConfig } from './mail-config.js';
import { createMailWorkers, type MailWorkers } from './mail-workers.js';
import { receiveMail } from './receive-mail.js';
import { type AcceptedTarget, resolveTarget } from './receive-message.js';
import { createSmtpGuard, type SmtpRefusal } from './smtp-guard.js';
import { systemResolver } from './system-resolver.js';

/** A running inbound SMTP listener. */
export interface SmtpListener {
  /** The port it listens on (the one picked when configured with 0). */
  port: number;
  /**
   * The mail workers it parses with (shared with the inbox pages when `startServer` made them).
   * @internal for tests and the hardening run, which count the tasks they finished
   */
  workers: MailWorkers;
  /** Stops accepting, ends open connections, and resolves when closed. */
  close(): Promise<void>;
}

/** An SMTP error reply: `responseCode` is what smtp-server sends. */
function smtpError(refusal: SmtpRefusal): Error {
  return Object.assign(new Error(refusal.message), { responseCode: refusal.responseCode });
}

/**
 * The `reason` label of a refusal in `prospectkit_smtp_messages_total`, from its enhanced status code
 * (RFC 3463): a bounded set, whatever the message says.
 */
function refusalReason(refusal: { message: string }): string {
  const code = refusal.message.split(' ', 1)[0] ?? '';
  if (code === '5.7.1') return refusal.message.includes('Relaying') ? 'relay_denied' : 'mailbox_suspended';
  if (code === '5.1.1') return 'no_mailbox';
  if (code === '4.5.3') return 'too_many_recipients';
  if (code === '5.3.4') return 'too_large';
  if (code === '4.2.2' || code === '5.2.2') return 'over_quota';
  if (code === '4.7.0') return 'too_many_connections';
  if (code === '4.7.1') return 'rate_limited';
  if (code.startsWith('4.3.')) return 'temporary_failure';
  return 'other';
}

/** The client's address as the checks want it: IPv4-mapped IPv6 folded to IPv4. */
function clientAddress(session: SMTPServerSession): string {
  const raw = session.remoteAddress;
  return ipaddr.isValid(raw) ? ipaddr.process(raw).toString() : raw;
}

const isLoopback = (address: string) =>
  ipaddr.isValid(address) && ipaddr.process(address).range() === 'loopback';

/**
 * Starts the inbound SMTP listener (smtp-server). It relays nothing: a recipient outside the inbound domain gets
 * 550 at RCPT, as does an address there that names no workspace or conversation, or a suspended workspace's.
 * `postmaster@` the domain is always taken (RFC 5321 section 4.5.1). Every limit is stated (`MailConfig.limits`,
 * `smtp-guard.ts`): connections in all (smtp-server's `maxClients`) and per client, connection and message rates,
 * recipients per message, messages in progress, size, and each mailbox's quota, each refused with a temporary
 * code so the sender tries again later. A message is written to disk as it arrives (`spool-message.ts`), parsed
 * and its sender checked by the mail workers off the event loop (`mail-workers.ts`), then filed
 * (`receive-mail.ts`). No AUTH; STARTTLS only when a certificate is configured. One log line per message,
 * without bodies.
 *
 * @param options.config the mail settings (`smtpPort` must be set)
 * @param options.workers the mail workers to use. Default: its own, closed with the listener
 * @param options.resolver answers the sender checks' DNS questions. Default: the system's, with timeouts
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
  workers?: MailWorkers;
  resolver?: DNSResolver;
  now?: () => Date;
  /** Where messages accepted and refused are counted (`prospectkit_smtp_messages_total`). Default: nowhere. */
  metrics?: ServerMetrics;
}): Promise<SmtpListener> {
  const { db, logger, config } = options;
  const metrics = options.metrics ?? NO_METRICS;
  const now = options.now ?? (() => new Date());
  const limits = config.limits;
  const workers =
    options.workers ??
    (await createMailWorkers({ threads: config.workerThreads, maxQueue: limits.maxMessagesInProgress }));
  const resolver = options.resolver ?? systemResolver();
  const guard = createSmtpGuard(limits);
  const counted = new Set<string>();
  const warned = new LRUCache<string, true>({ max: 10_000, ttl: 60_000 });
  const tls = config.tls
    ? { key: readFileSync(config.tls.keyPath), cert: readFileSync(config.tls.certPath) }
    : undefined;

  /** Counts a refusal (`prospectkit_smtp_messages_total`) and builds its SMTP error. */
  const refuse = (refusal: SmtpRefusal) => {
    metrics.smtpMessage('refused', refusalReason(refusal));
    return smtpError(refusal);
  };

  /** RCPT TO commands of each session's message, the repeated ones included (smtp-server keeps those once). */
  const recipientCommands = new Map<string, number>();

  async function onRcptTo(address: string, session: SMTPServerSession): Promise<SmtpRefusal | undefined> {
    const commands = (recipientCommands.get(session.id) ?? 0) + 1;
    recipientCommands.set(session.id, commands);
    if (commands > limits.maxRecipients) {
      // RFC 5321 section 4.5.3.1.10: 452 for too many recipients, so the client sends the rest later.
      return {
        responseCode: 452,
        message: `4.5.3 Too many recipients: at most ${limits.maxRecipients} a message.`,
      };
    }
    const target = parseRecipient(address, config.inboundDomain);
    const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
    if (target.kind === 'other-domain') {
      return {
        responseCode: 550,
        message: `5.7.1 Relaying denied: this server takes mail for @${config.inboundDomain} only.`,
      };
    }
    if (target.kind === 'unknown-mailbox')
      return { responseCode: 550, message: '5.1.1 No such mailbox here.' };
    if (target.kind === 'postmaster') {
      return quotaRefusal(db, { postmaster: true }, { envelopeFrom, quota: config.quota, now: now() });
    }
    const found = await resolveTarget(db, target as AcceptedTarget);
    if (!found) return { responseCode: 550, message: '5.1.1 No such mailbox here.' };
    if (found.suspended) return { responseCode: 550, message: '5.7.1 This mailbox does not take mail now.' };
    return quotaRefusal(
      db,
      { workspaceId: found.workspaceId },
      { envelopeFrom, quota: config.quota, now: now() },
    );
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
    // Past it smtp-server answers 421 itself, before any of the hooks below.
    maxClients: limits.maxConnections,
    logger: false,
    // Mail is matched by addresses, never by the client's host name: no reverse DNS lookup per connection.
    disableReverseLookup: true,
    onConnect(session, callback) {
      guard.connect(session.remoteAddress).then((refusal) => {
        if (refusal) {
          // Once a minute per client: a flood must not become a flood of log lines.
          const key = clientKey(session.remoteAddress);
          if (!warned.has(key)) {
            warned.set(key, true);
            logger.warn({ smtp_session: session.id }, 'mail connections refused: too many from one client');
          }
          return callback(refuse(refusal));
        }
        counted.add(session.id);
        callback();
      }, callback);
    },
    onClose(session) {
      if (counted.delete(session.id)) guard.disconnect(session.remoteAddress);
    },
    onMailFrom(_address, session, callback) {
      guard
        .mailFrom(session.remoteAddress)
        .then((refusal) => callback(refusal ? refuse(refusal) : null), callback);
    },
    onRcptTo(address, session, callback) {
      onRcptTo(address.address, session).then(
        (refusal) => callback(refusal ? refuse(refusal) : null),
        (error: Error) => {
          logger.error({ err_name: error.name }, 'mail: recipient lookup failed');
          callback(refuse({ responseCode: 451, message: '4.3.0 Temporary failure; try again later.' }));
        },
      );
    },
    onData(stream, session, callback) {
      const busy = guard.startMessage(session.remoteAddress);
      if (busy) {
        // Read and dropped: the client gets its 451 at the end of DATA and sends the message again later.
        stream.on('end', () => callback(refuse(busy)));
        stream.resume();
        return;
      }
      onData(stream, session)
        .then(
          (reply) => {
            metrics.smtpMessage('accepted');
            callback(null, reply);
          },
          (error: Error & { responseCode?: number }) => {
            if (error.responseCode) {
              metrics.smtpMessage('refused', refusalReason(error));
              return callback(error);
            }
            logger.error(
              { smtp_session: session.id, err_name: error.name },
              'mail: storing a message failed',
            );
            callback(
              refuse({
                responseCode: 451,
                message: '4.3.0 Temporary failure storing the message; try again later.',
              }),
            );
          },
        )
        .finally(() => guard.endMessage(session.remoteAddress));
    },
  });

  function onData(stream: SMTPServerDataStream, session: SMTPServerSession): Promise<string> {
    const address = clientAddress(session);
    return receiveMail({
      db,
      logger,
      workers,
      resolver,
      stream,
      sessionId: session.id,
      envelope: {
        mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        clientAddress: address,
        helo: session.hostNameAppearsAs ?? '',
      },
      recipients: session.envelope.rcptTo.map((r) => r.address),
      config,
      senderCheck:
        config.skipLoopbackSenderChecks && isLoopback(address)
          ? { run: false, reason: 'loopback in development' }
          : { run: true, mta: config.inboundDomain },
      now: now(),
    });
  }

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
    workers,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (!options.workers) await workers.close();
    },
  };
}
