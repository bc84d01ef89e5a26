import { isIP } from 'node:net';

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
  /** `PROSPECTKIT_SMTP_MAX_CONNECTIONS_PER_ADDRESS`: open SMTP connections per client address. Default 10. */
  maxConnectionsPerAddress: number;
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
    query.get('ignoreTLS') === 'true' || query.get('requireTLS') === 'false' || query.get('secure') === 'false';
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
    maxConnectionsPerAddress: whole(env, 'PROSPECTKIT_SMTP_MAX_CONNECTIONS_PER_ADDRESS', 10, 1, 10_000),
    inboundDomain,
    relayUrl,
  };
}
