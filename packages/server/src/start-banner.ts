import { ABILITIES } from '@prospectkit/core';
import type { Database } from './db/database.js';
import { bootstrapDemo } from './dev-bootstrap.js';
import { inboundAddress } from './mail/inbound-address.js';

/** What {@link startBanner} reports on. */
export interface StartBannerOptions {
  db: Database;
  /** `NODE_ENV=production`: create nothing, only say how. */
  production: boolean;
  /** e.g. `http://127.0.0.1:3000/api/v1` */
  baseUrl: string;
  /** The app in the browser, e.g. `http://127.0.0.1:3000/` */
  appUrl: string;
  /** e.g. `PostgreSQL` or `PGlite in /srv/data` */
  databaseLabel: string;
  /** The administrator password generated on this first start, if any (development only). */
  generatedAdminPassword: string | undefined;
  /** Whether `PROSPECTKIT_ADMIN_PASSWORD` is set. */
  adminPasswordConfigured: boolean;
  /** The installation owner's sign-in address, and whether they have a way to sign in. Default: not said. */
  owner?: { email: string; canSignIn: boolean };
  /** The inbound SMTP listener's address (`undefined` when off) and the inbound domain. */
  mail?: {
    listening: { host: string; port: number } | undefined;
    inboundDomain: string;
    relay: boolean;
    /** Whether the listener offers STARTTLS (`PROSPECTKIT_SMTP_TLS_CERT` and `_KEY`). */
    tls: boolean;
  };
  /** Whether this process does the background work (`PROSPECTKIT_START_WORKER`). Default `true`. */
  backgroundWork?: boolean;
  /** The metrics listener's address, when `PROSPECTKIT_METRICS_PORT` is set. */
  metrics?: { host: string; port: number } | undefined;
}

/** The mail lines: where the listener is and each workspace's inbound address (at most ten). */
async function mailLines(options: StartBannerOptions): Promise<string[]> {
  const mail = options.mail;
  if (!mail) return [];
  if (!mail.listening) return ['  Inbound mail: off (set PROSPECTKIT_SMTP_PORT to receive replies).'];
  const workspaces = await options.db.query<{ id: string; name: string }>(
    'select id, name from workspaces order by created_at, id limit 10',
  );
  return [
    `  Inbound mail (SMTP) on ${mail.listening.host}:${mail.listening.port}; inbound addresses:`,
    ...workspaces.map((w) => `    ${inboundAddress(w.id, mail.inboundDomain)}  (${w.name})`),
    mail.relay
      ? '  Outgoing mail goes through PROSPECTKIT_SMTP_RELAY_URL.'
      : '  Outgoing mail: no relay configured (PROSPECTKIT_SMTP_RELAY_URL); messages are kept, not sent.',
    // Senders' servers fall back to plain SMTP without STARTTLS, so every reply would cross the network readable.
    ...(options.production && !mail.tls
      ? [
          '  Warning: inbound mail is not encrypted (no STARTTLS): set PROSPECTKIT_SMTP_TLS_CERT and PROSPECTKIT_SMTP_TLS_KEY to the PEM files of a certificate for the inbound domain.',
        ]
      : []),
  ];
}

/**
 * The banner `prospectkit-server start` prints for people, on stderr (stdout carries pino's JSON log lines, which
 * log collectors keep). Outside production, a database without a workspace gets the demo workspace and a token
 * with every ability, shown once; in production nothing is created, and the banner says how to create the first
 * workspace and token with the CLI instead, so no full-access token is ever minted unasked.
 *
 * @returns the banner text, ending with a newline
 * @see packages/server/README.md, "Run it"
 */
export async function startBanner(options: StartBannerOptions): Promise<string> {
  const lines = [``, `  ProspectKit reference server on ${options.baseUrl} (${options.databaseLabel})`];
  if (options.production) {
    const [existing] = await options.db.query('select id from workspaces limit 1');
    if (!existing) {
      lines.push(
        '  No workspace yet. Create the first workspace and an API token with the CLI, in this environment:',
        '',
        '    prospectkit-server workspace create --name "My workspace"',
        `    prospectkit-server token create --name "First token" --abilities ${ABILITIES.join(',')} --expires-in 90d`,
        '',
        '  The token is shown once. Or sign in to the app below and create them in its settings.',
      );
    }
  } else {
    const demo = await bootstrapDemo(options.db);
    if (demo) {
      lines.push(
        `  Created the demo workspace ${demo.workspaceId} and a token with every ability (shown once):`,
        '',
        `  PROSPECTKIT_TOKEN=${demo.token}`,
        '',
        `  curl -H "Authorization: Bearer ${demo.token}" ${options.baseUrl}/prospects`,
        '',
      );
    }
  }
  lines.push(...(await mailLines(options)));
  if (options.backgroundWork === false)
    lines.push(
      '  Webhook deliveries and imports: off in this process (PROSPECTKIT_START_WORKER=off); run prospectkit-server worker.',
    );
  if (options.metrics)
    lines.push(`  Metrics: http://${options.metrics.host}:${options.metrics.port}/metrics`);
  lines.push(`  App (prospects, inbox, settings: tokens, webhooks): ${options.appUrl}`);
  if (options.owner) lines.push(`  Sign in as the owner, ${options.owner.email}.`);
  if (options.owner && !options.owner.canSignIn) {
    lines.push(
      `  The owner has no password yet: set PROSPECTKIT_ADMIN_PASSWORD, or run prospectkit-server members reset-password ${options.owner.email}`,
    );
  } else if (options.generatedAdminPassword) {
    lines.push(
      `  Administrator password (shown once, only its hash is kept): ${options.generatedAdminPassword}`,
    );
  } else if (options.adminPasswordConfigured) {
    lines.push(
      '  The owner signs in with PROSPECTKIT_ADMIN_PASSWORD; invite the others on the Members page.',
    );
  } else {
    lines.push(
      '  Sign in with the password printed on the first start (or set PROSPECTKIT_ADMIN_PASSWORD); invite the others on the Members page.',
    );
  }
  return `${lines.join('\n')}\n\n`;
}
