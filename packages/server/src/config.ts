import { isAbsolute, resolve } from 'node:path';
import { DEFAULT_IMPORT_SHAPE_LIMITS, type ImportShapeLimits } from './import/csv-shape-limits.js';
import { loadMailConfig, type MailConfig } from './mail/mail-config.js';
import { loadMetricsConfig, type MetricsConfig } from './metrics/metrics-config.js';

/** The reference server's settings, from the environment. */
export interface ServerConfig {
  /** `PORT`: the port to listen on, 0-65535. Default 3000. */
  port: number;
  /** `HOST`: the address to listen on. Default `127.0.0.1` (`0.0.0.0` in a container). */
  host: string;
  /** PostgreSQL connection string; when absent the embedded PGlite database in `dataDir` is used. */
  databaseUrl: string | undefined;
  /**
   * `PROSPECTKIT_DB_POOL_MAX`: connections of the process's own PostgreSQL pool (1-100). Default 10. A worker
   * adds 2 for the delivery queue, and every process 1 for LISTEN (docs/deployment.md).
   */
  dbPoolMax: number;
  /** `PROSPECTKIT_DATA_DIR`: the PGlite data directory, absolute. Default `.data` in the working directory. */
  dataDir: string;
  /** Public origin for `links` and `Location`, e.g. `https://api.example.com`. */
  publicUrl: string | undefined;
  /** Requests per minute per client address. */
  rateLimit: number;
  /**
   * `PROSPECTKIT_REDIS_URL`: a `redis://` or `rediss://` URL; when set, the rate limit counts in Redis, for
   * deployments of many instances. Default: unset (counters in PostgreSQL, or in memory on PGlite).
   */
  redisUrl: string | undefined;
  /** `PROSPECTKIT_TRUST_PROXY`: Express `trust proxy` (hops, CIDRs or `true`). Default `false`. */
  trustProxy: boolean | number | string;
  /** `LOG_LEVEL`: a pino level, `fatal` to `trace`, or `silent`. Default `info`. */
  logLevel: string;
  /** Development switch: allow http and loopback webhook addresses. */
  allowInsecureWebhooks: boolean;
  /**
   * `PROSPECTKIT_ADMIN_PASSWORD`: the installation owner's password, made theirs at each start when it is not
   * already (changing it rotates the password and ends the owner's sessions); unset, one is generated on the first
   * start outside production.
   */
  adminPassword: string | undefined;
  /** `PROSPECTKIT_OWNER_EMAIL`: the installation owner's sign-in address. Default `owner@localhost`. */
  ownerEmail: string | undefined;
  /** `PROSPECTKIT_AUDIT_RETENTION_DAYS`: days an audit log entry is kept, 1-3650. Default 365. */
  auditRetentionDays: number;
  /** Days a delivery attempt stays in the attempt log before it is pruned. */
  attemptRetentionDays: number;
  /** `PROSPECTKIT_IMPORT_MAX_BYTES`: the largest CSV file an import accepts, in bytes. Default 50 MiB. */
  importMaxBytes: number;
  /**
   * `PROSPECTKIT_IMPORT_MAX_COLUMNS` (default 500), `PROSPECTKIT_IMPORT_MAX_FIELD_BYTES` (64 KiB) and
   * `PROSPECTKIT_IMPORT_MAX_ROW_BYTES` (256 KiB): the largest shape of CSV file an import accepts.
   */
  importShape: ImportShapeLimits;
  /** The inbound SMTP listener, inbound addresses and the outgoing relay (`PROSPECTKIT_SMTP_*`). */
  mail: MailConfig;
  /** Where `/metrics` is served (`PROSPECTKIT_METRICS_PORT`, `_HOST`, `_TOKEN`); off unless a port or token is set. */
  metrics: MetricsConfig & {
    /** Whether a port or a token is set. */
    enabled: boolean;
  };
  /**
   * `PROSPECTKIT_START_WORKER`: whether `start` also delivers webhooks, runs imports and watches the webhooks'
   * health in its process (`on`), or only serves, leaving that to `prospectkit-server worker` processes (`off`).
   * Default `on`.
   */
  startWorker: boolean;
  /**
   * `PROSPECTKIT_DRAIN_SECONDS`: on SIGTERM, how long `start` keeps answering with `/readyz` at 503 before it
   * stops accepting connections, so a load balancer's health checks take it out first (docs/deployment.md).
   * Default 0.
   */
  drainSeconds: number;
  /**
   * `PROSPECTKIT_ADMIN_EMAIL`: the administrators' addresses (comma-separated), told by email when a webhook is
   * disabled after days of failures. Default: none (the webhook pages and the log still say so).
   */
  adminEmails: string[];
}

/** The default `PROSPECTKIT_IMPORT_MAX_BYTES`: 50 MiB. */
export const DEFAULT_IMPORT_MAX_BYTES = 50 * 1024 * 1024;

/** Thrown when a setting is invalid; the message names the variable. */
export class ConfigError extends Error {
  /** The class name, `'ConfigError'`. */
  override readonly name = 'ConfigError';
}

/**
 * The shortest accepted `PROSPECTKIT_ADMIN_PASSWORD`, in characters: NIST SP 800-63B's minimum for a password
 * that is the only factor. Length is what makes a password hard to guess; no other rule is imposed.
 */
export const MIN_ADMIN_PASSWORD_LENGTH = 15;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}; got "${raw}".`);
  }
  return value;
}

/** A group of settings read by its own module, its problems reported as every other setting's. */
function group<T>(load: (env: NodeJS.ProcessEnv) => T, env: NodeJS.ProcessEnv): T {
  try {
    return load(env);
  } catch (error) {
    if (error instanceof RangeError) throw new ConfigError(error.message);
    throw error;
  }
}

/** The import's shape limits; a row must be able to hold a whole field. */
function importShape(env: NodeJS.ProcessEnv): ImportShapeLimits {
  const defaults = DEFAULT_IMPORT_SHAPE_LIMITS;
  const shape = {
    maxColumns: integer(env, 'PROSPECTKIT_IMPORT_MAX_COLUMNS', defaults.maxColumns, 1, 2000),
    maxFieldBytes: integer(
      env,
      'PROSPECTKIT_IMPORT_MAX_FIELD_BYTES',
      defaults.maxFieldBytes,
      1024,
      16 * 1024 ** 2,
    ),
    maxRowBytes: integer(env, 'PROSPECTKIT_IMPORT_MAX_ROW_BYTES', defaults.maxRowBytes, 1024, 64 * 1024 ** 2),
  };
  if (shape.maxRowBytes < shape.maxFieldBytes) {
    throw new ConfigError(
      `PROSPECTKIT_IMPORT_MAX_ROW_BYTES (${shape.maxRowBytes}) must be at least PROSPECTKIT_IMPORT_MAX_FIELD_BYTES (${shape.maxFieldBytes}): a row holds its fields.`,
    );
  }
  return shape;
}

const EMAIL = /^[^\s@,;<>]+@[^\s@,;<>]+\.[^\s@,;<>]+$/;

function adminEmails(raw: string | undefined): string[] {
  const list = (raw ?? '')
    .split(',')
    .map((address) => address.trim())
    .filter((address) => address !== '');
  const bad = list.find((address) => !EMAIL.test(address));
  if (bad !== undefined)
    throw new ConfigError(
      `PROSPECTKIT_ADMIN_EMAIL must be email addresses separated by commas, such as ops@example.com; "${bad}" is not one.`,
    );
  return list;
}

function onOff(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = (env[name] ?? '').toLowerCase();
  if (raw === '') return fallback;
  if (['on', '1', 'true'].includes(raw)) return true;
  if (['off', '0', 'false'].includes(raw)) return false;
  throw new ConfigError(`${name} must be on or off; got "${env[name]}".`);
}

/** Options of {@link loadConfig}. */
export interface LoadConfigOptions {
  /**
   * Whether the settings are for serving HTTP (`start`): then production needs an https
   * `PROSPECTKIT_PUBLIC_URL`, and an https one needs `PROSPECTKIT_TRUST_PROXY`. Default `true`; commands that only
   * touch the database pass `false`.
   */
  serving?: boolean;
}

/**
 * The rules for a server that answers HTTP. Links and `Location` must not follow the request's `Host` header
 * in production (anyone can send `Host: evil.example`), so production names its origin; an https origin means a
 * TLS proxy in front (the server itself speaks http), which Express must trust to see https and client
 * addresses (the settings cookie's `Secure` flag, the rate limit's key).
 *
 * @see packages/server/README.md, "Configuration"
 */
function checkServing(env: NodeJS.ProcessEnv, publicUrl: string | undefined, trustProxy: unknown): void {
  const production = env.NODE_ENV === 'production';
  if (production && publicUrl === undefined) {
    throw new ConfigError(
      'PROSPECTKIT_PUBLIC_URL is required in production (NODE_ENV=production): set it to the https origin clients use, such as https://api.example.com, so links and Location never follow the Host header.',
    );
  }
  const https = publicUrl?.startsWith('https://') === true;
  if (production && !https) {
    throw new ConfigError(
      'PROSPECTKIT_PUBLIC_URL must be an https origin in production (NODE_ENV=production), such as https://api.example.com, served through a TLS proxy.',
    );
  }
  if (https && trustProxy === false) {
    throw new ConfigError(
      'PROSPECTKIT_TRUST_PROXY must be set when PROSPECTKIT_PUBLIC_URL is https: the server speaks http behind a TLS proxy, so trust that proxy (e.g. PROSPECTKIT_TRUST_PROXY=1 for one hop, or its address) to see https requests and client addresses.',
    );
  }
}

function redisUrl(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  const protocol = URL.canParse(raw) ? new URL(raw).protocol : '';
  if (protocol !== 'redis:' && protocol !== 'rediss:')
    throw new ConfigError(
      'PROSPECTKIT_REDIS_URL must be a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379; unset it to count the rate limit in the database.',
    );
  return raw;
}

/**
 * Reads `PORT` (default 3000), `HOST` (default 127.0.0.1), `DATABASE_URL`, `PROSPECTKIT_DB_POOL_MAX` (default 10),
 * `PROSPECTKIT_DATA_DIR` (default
 * `.data`), `PROSPECTKIT_PUBLIC_URL`, `PROSPECTKIT_RATE_LIMIT` (default 60), `PROSPECTKIT_REDIS_URL` (default
 * unset), `PROSPECTKIT_TRUST_PROXY`
 * (default false), `LOG_LEVEL` (default info), `PROSPECTKIT_ALLOW_INSECURE_WEBHOOKS` (default off),
 * `PROSPECTKIT_ADMIN_PASSWORD` (at least 15 characters), `PROSPECTKIT_OWNER_EMAIL` (default owner@localhost),
 * `PROSPECTKIT_AUDIT_RETENTION_DAYS` (default 365, 1-3650) and
 * `PROSPECTKIT_ATTEMPT_RETENTION_DAYS` (default 30, 1-3650), `PROSPECTKIT_IMPORT_MAX_BYTES` (default 50 MiB,
 * 1 byte to 1 GiB), `PROSPECTKIT_IMPORT_MAX_COLUMNS` (default 500, 1-2000), `PROSPECTKIT_IMPORT_MAX_FIELD_BYTES`
 * (default 64 KiB, 1 KiB to 16 MiB), `PROSPECTKIT_IMPORT_MAX_ROW_BYTES` (default 256 KiB, 1 KiB to 64 MiB, at
 * least the field limit), the mail settings (`loadMailConfig`: `PROSPECTKIT_SMTP_PORT`, `PROSPECTKIT_INBOUND_DOMAIN`,
 * `PROSPECTKIT_SMTP_RELAY_URL` ...), the metrics' (`loadMetricsConfig`: `PROSPECTKIT_METRICS_PORT`, `_HOST`,
 * `_TOKEN`), `PROSPECTKIT_START_WORKER` (default on), `PROSPECTKIT_DRAIN_SECONDS` (default 0, at most 300) and
 * `PROSPECTKIT_ADMIN_EMAIL` (default none).
 *
 * When serving in production (`NODE_ENV=production`), `PROSPECTKIT_PUBLIC_URL` is required and must be https;
 * an https `PROSPECTKIT_PUBLIC_URL` requires `PROSPECTKIT_TRUST_PROXY`.
 *
 * @param env - the environment to read. Default: `process.env`
 * @param options - `{ serving = true }`, see {@link LoadConfigOptions}
 * @returns the settings, defaults filled in
 * @throws {ConfigError} naming the variable that is invalid or missing
 * @example
 * const config = loadConfig(); // for `start`; or loadConfig({ PORT: '8080' }) in a test
 * const forMigrations = loadConfig(process.env, { serving: false });
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  options: LoadConfigOptions = {},
): ServerConfig {
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must be a postgres:// or postgresql:// connection string.');
  }
  const publicUrl = env.PROSPECTKIT_PUBLIC_URL || undefined;
  if (publicUrl !== undefined) {
    let url: URL | undefined;
    try {
      url = new URL(publicUrl);
    } catch {}
    if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash) {
      throw new ConfigError(
        'PROSPECTKIT_PUBLIC_URL must be an http(s) origin such as https://api.example.com.',
      );
    }
  }
  const logLevel = env.LOG_LEVEL || 'info';
  if (!LOG_LEVELS.includes(logLevel))
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}.`);
  const insecure = env.PROSPECTKIT_ALLOW_INSECURE_WEBHOOKS ?? '';
  if (!['', '0', '1', 'true', 'false'].includes(insecure)) {
    throw new ConfigError('PROSPECTKIT_ALLOW_INSECURE_WEBHOOKS must be 1 or 0.');
  }
  const adminPassword = env.PROSPECTKIT_ADMIN_PASSWORD || undefined;
  if (adminPassword !== undefined && [...adminPassword.trim()].length < MIN_ADMIN_PASSWORD_LENGTH) {
    // Never the value itself: error messages end up in logs.
    throw new ConfigError(
      `PROSPECTKIT_ADMIN_PASSWORD must be at least ${MIN_ADMIN_PASSWORD_LENGTH} characters (not counting spaces at either end); a passphrase of four or more random words is easy to type. Or leave it unset outside production to have one generated.`,
    );
  }
  const ownerEmail = env.PROSPECTKIT_OWNER_EMAIL?.trim() || undefined;
  if (ownerEmail !== undefined && (ownerEmail.length > 254 || !/^[^\s@]+@[^\s@]+$/.test(ownerEmail))) {
    throw new ConfigError('PROSPECTKIT_OWNER_EMAIL must be an email address, such as owner@example.com.');
  }
  const trust = env.PROSPECTKIT_TRUST_PROXY ?? '';
  const trustProxy =
    trust === '' || trust === 'false'
      ? false
      : trust === 'true'
        ? true
        : /^\d+$/.test(trust)
          ? Number(trust)
          : trust;
  if (options.serving !== false) checkServing(env, publicUrl, trustProxy);
  const dataDir = env.PROSPECTKIT_DATA_DIR || '.data';
  return {
    port: integer(env, 'PORT', 3000, 0, 65535),
    host: env.HOST || '127.0.0.1',
    databaseUrl,
    dbPoolMax: integer(env, 'PROSPECTKIT_DB_POOL_MAX', 10, 1, 100),
    dataDir: isAbsolute(dataDir) ? dataDir : resolve(dataDir),
    publicUrl: publicUrl?.replace(/\/+$/, ''),
    rateLimit: integer(env, 'PROSPECTKIT_RATE_LIMIT', 60, 1, 1_000_000),
    redisUrl: redisUrl(env.PROSPECTKIT_REDIS_URL),
    trustProxy,
    logLevel,
    allowInsecureWebhooks: insecure === '1' || insecure === 'true',
    adminPassword,
    ownerEmail,
    auditRetentionDays: integer(env, 'PROSPECTKIT_AUDIT_RETENTION_DAYS', 365, 1, 3650),
    attemptRetentionDays: integer(env, 'PROSPECTKIT_ATTEMPT_RETENTION_DAYS', 30, 1, 3650),
    importMaxBytes: integer(env, 'PROSPECTKIT_IMPORT_MAX_BYTES', DEFAULT_IMPORT_MAX_BYTES, 1, 1024 ** 3),
    importShape: importShape(env),
    mail: group(loadMailConfig, env),
    metrics: group(loadMetricsConfig, env),
    startWorker: onOff(env, 'PROSPECTKIT_START_WORKER', true),
    drainSeconds: integer(env, 'PROSPECTKIT_DRAIN_SECONDS', 0, 0, 300),
    adminEmails: adminEmails(env.PROSPECTKIT_ADMIN_EMAIL),
  };
}
