import { isIP } from 'node:net';
import { DEFAULT_MAIL_QUOTA, type MailQuota } from '../store/mail-quota.js';
import { DEFAULT_EMAIL_HTML_LIMITS, type EmailHtmlLimits } from './cut-email-html.js';
import { DEFAULT_MAIL_THREADS } from './mail-workers.js';
import { DEFAULT_SMTP_LIMITS, type SmtpLimits } from './smtp-limits.js';

/** The mail settings of the reference server (`PROSPECTKIT_SMTP_*`, `PROSPECTKIT_INBOUND_DOMAIN`). */
export interface MailConfig {
  /**
   * `PROSPECTKIT_SMTP_PORT`: the inbound SMTP listener's port (0 picks a free one), or `undefined` when the
   * listener is off. Default 2525 in development (`NODE_ENV` unset or `development`), off in production and
   * test unless set; `off` turns it off.
   */
  smtpPort: number | undefined;
  /** The port is the development default rather than set: when 2525 is taken, start without the listener. */
  smtpPortIsDefault: boolean;
  /** `PROSPECTKIT_SMTP_HOST`: the address the listener binds. Default `127.0.0.1`. */
  smtpHost: string;
  /** `PROSPECTKIT_SMTP_TLS_CERT` and `_KEY`: PEM files; when both are set the listener offers STARTTLS. */
  tls:
    | {
        /** `PROSPECTKIT_SMTP_TLS_CERT`: the path of the PEM certificate (chain) file. */
        certPath: string;
        /** `PROSPECTKIT_SMTP_TLS_KEY`: the path of the PEM private key file. */
        keyPath: string;
      }
    | undefined;
  /** `PROSPECTKIT_SMTP_MAX_BYTES`: the largest message accepted, in bytes. Default 25 MiB. */
  maxMessageBytes: number;
  /** Connections, rates, recipients and messages in progress (`PROSPECTKIT_SMTP_MAX_CONNECTIONS`, ...). */
  limits: SmtpLimits;
  /** `PROSPECTKIT_MAIL_HTML_MAX_CHARS` and `_MAX_DEPTH`: how much of a message's HTML part is kept. */
  htmlLimits: EmailHtmlLimits;
  /** `PROSPECTKIT_MAIL_QUOTA_BYTES` and `PROSPECTKIT_MAIL_MESSAGES_PER_SENDER_PER_DAY`. */
  quota: MailQuota;
  /** `PROSPECTKIT_MAIL_THREADS`: threads that parse and check mail. Default half the cores, at least 1. */
  workerThreads: number;
  /**
   * Whether mail from a loopback client skips the sender checks (no DNS lookups): in development only, so a test
   * mail from the same machine needs no network. Such mail is never verified (README, "Mail").
   */
  skipLoopbackSenderChecks: boolean;
  /** `PROSPECTKIT_INBOUND_DOMAIN`: the domain of inbound and reply addresses, lower case. Default `localhost`. */
  inboundDomain: string;
  /** `PROSPECTKIT_SMTP_RELAY_URL`: where outgoing mail goes (`smtp://` or `smtps://`); unset, nothing is sent. */
  relayUrl: string | undefined;
}

/** 25 MiB: the size most providers accept for one message. */
export const DEFAULT_MAX_MESSAGE_BYTES = 25 * 1024 * 1024;

const HOSTNAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

function whole(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} must be a whole number from ${min} to ${max}; got "${raw}".`);
  }
  return value;
}

/** The listener's limits; every one a whole number in a stated range, named when it is not. */
function smtpLimits(env: NodeJS.ProcessEnv): SmtpLimits {
  const d = DEFAULT_SMTP_LIMITS;
  const limits: SmtpLimits = {
    maxConnections: whole(env, 'PROSPECTKIT_SMTP_MAX_CONNECTIONS', d.maxConnections, 1, 100_000),
    maxConnectionsPerAddress: whole(
      env,
      'PROSPECTKIT_SMTP_MAX_CONNECTIONS_PER_ADDRESS',
      d.maxConnectionsPerAddress,
      1,
      10_000,
    ),
    connectionsPerMinute: whole(
      env,
      'PROSPECTKIT_SMTP_CONNECTIONS_PER_MINUTE',
      d.connectionsPerMinute,
      1,
      1_000_000,
    ),
    messagesPerMinute: whole(env, 'PROSPECTKIT_SMTP_MESSAGES_PER_MINUTE', d.messagesPerMinute, 1, 1_000_000),
    maxRecipients: whole(env, 'PROSPECTKIT_SMTP_MAX_RECIPIENTS', d.maxRecipients, 1, 1000),
    maxMessagesInProgress: whole(
      env,
      'PROSPECTKIT_SMTP_MAX_MESSAGES_IN_PROGRESS',
      d.maxMessagesInProgress,
      1,
      1000,
    ),
    maxMessagesInProgressPerAddress: whole(
      env,
      'PROSPECTKIT_SMTP_MAX_MESSAGES_IN_PROGRESS_PER_ADDRESS',
      d.maxMessagesInProgressPerAddress,
      1,
      1000,
    ),
  };
  return limits;
}

/**
 * Whether a relay URL carries credentials: then they must only ever travel over TLS (`smtps://`, or STARTTLS
 * required on `smtp://`; see `relayTransportOptions`).
 */
export function relayHasCredentials(url: URL): boolean {
  return url.username !== '' || url.password !== '';
}

/**
 * Refuses a relay URL whose credentials could go out in clear: nodemailer reads options from the URL's query
 * (`?ignoreTLS=true`, `?requireTLS=false`, `?secure=false`), and they win over the options the sender sets.
 * The message names the variable and never the password.
 */
function checkRelayTls(url: URL): void {
  if (!relayHasCredentials(url)) return;
  const query = url.searchParams;
  const weakened =
    query.get('ignoreTLS') === 'true' ||
    query.get('requireTLS') === 'false' ||
    query.get('secure') === 'false';
  if (weakened) {
    throw new RangeError(
      'PROSPECTKIT_SMTP_RELAY_URL has a user name or password, so it must use TLS: remove ignoreTLS, requireTLS=false and secure=false from it (smtp:// then requires STARTTLS; smtps:// is TLS from the start).',
    );
  }
}

/**
 * Reads the mail settings from the environment. The listener is on by default in development (so `npm start`
 * can be sent a test mail) and off in production and test unless `PROSPECTKIT_SMTP_PORT` is set.
 *
 * @param env - the environment. Default `process.env`
 * @returns the settings, defaults filled in
 * @throws {RangeError} naming the variable that is invalid (its message never carries the relay's password), or
 *   when the relay URL has credentials and turns TLS off
 * @example
 * loadMailConfig({ PROSPECTKIT_SMTP_PORT: '0', PROSPECTKIT_INBOUND_DOMAIN: 'in.example.com' });
 * @see packages/server/README.md, "Mail"
 */
export function loadMailConfig(env: NodeJS.ProcessEnv = process.env): MailConfig {
  const development = (env.NODE_ENV ?? 'development') === 'development';
  const rawPort = env.PROSPECTKIT_SMTP_PORT ?? '';
  const smtpPort =
    rawPort === 'off'
      ? undefined
      : rawPort === ''
        ? development
          ? 2525
          : undefined
        : whole(env, 'PROSPECTKIT_SMTP_PORT', 2525, 0, 65535);
  const certPath = env.PROSPECTKIT_SMTP_TLS_CERT || undefined;
  const keyPath = env.PROSPECTKIT_SMTP_TLS_KEY || undefined;
  if ((certPath === undefined) !== (keyPath === undefined)) {
    throw new RangeError(
      'PROSPECTKIT_SMTP_TLS_CERT and PROSPECTKIT_SMTP_TLS_KEY go together: set both PEM file paths to offer STARTTLS, or neither.',
    );
  }
  const inboundDomain = (env.PROSPECTKIT_INBOUND_DOMAIN || 'localhost').toLowerCase();
  if (!HOSTNAME.test(inboundDomain)) {
    throw new RangeError(
      `PROSPECTKIT_INBOUND_DOMAIN must be a domain name such as in.example.com; got "${inboundDomain}".`,
    );
  }
  const relayUrl = env.PROSPECTKIT_SMTP_RELAY_URL || undefined;
  if (relayUrl !== undefined) {
    let url: URL | undefined;
    try {
      url = new URL(relayUrl);
    } catch {}
    if (!url || !/^smtps?:$/.test(url.protocol) || !url.hostname) {
      throw new RangeError(
        'PROSPECTKIT_SMTP_RELAY_URL must be an smtp:// or smtps:// address such as smtp://user:password@relay.example.com:587.',
      );
    }
    checkRelayTls(url);
  }
  const smtpHost = env.PROSPECTKIT_SMTP_HOST || '127.0.0.1';
  if (isIP(smtpHost) === 0 && smtpHost !== 'localhost') {
    throw new RangeError(`PROSPECTKIT_SMTP_HOST must be an IP address such as 127.0.0.1; got "${smtpHost}".`);
  }
  return {
    smtpPort,
    smtpPortIsDefault: rawPort === '',
    smtpHost,
    tls: certPath && keyPath ? { certPath, keyPath } : undefined,
    maxMessageBytes: whole(env, 'PROSPECTKIT_SMTP_MAX_BYTES', DEFAULT_MAX_MESSAGE_BYTES, 1024, 2 ** 31 - 1),
    limits: smtpLimits(env),
    htmlLimits: {
      maxChars: whole(
        env,
        'PROSPECTKIT_MAIL_HTML_MAX_CHARS',
        DEFAULT_EMAIL_HTML_LIMITS.maxChars,
        1000,
        10_000_000,
      ),
      maxDepth: whole(env, 'PROSPECTKIT_MAIL_HTML_MAX_DEPTH', DEFAULT_EMAIL_HTML_LIMITS.maxDepth, 8, 1000),
    },
    quota: {
      maxStoredBytes: whole(
        env,
        'PROSPECTKIT_MAIL_QUOTA_BYTES',
        DEFAULT_MAIL_QUOTA.maxStoredBytes,
        1024,
        2 ** 50,
      ),
      maxPerSenderPerDay: whole(
        env,
        'PROSPECTKIT_MAIL_MESSAGES_PER_SENDER_PER_DAY',
        DEFAULT_MAIL_QUOTA.maxPerSenderPerDay,
        1,
        1_000_000,
      ),
    },
    workerThreads: whole(env, 'PROSPECTKIT_MAIL_THREADS', DEFAULT_MAIL_THREADS, 1, 64),
    skipLoopbackSenderChecks: development,
    inboundDomain,
    relayUrl,
  };
}
