#!/usr/bin/env node
import { ABILITIES, type Ability, EVENT_TYPES, type EventType } from '@prospectkit/core';
import { Command, InvalidArgumentError } from 'commander';
import { ConfigError, loadConfig } from './config.js';
import type { Database } from './db/database.js';
import { migrate } from './db/migrations.js';
import { openDatabase } from './db/open-database.js';
import { DataDirectoryLockedError } from './db/pglite-database.js';
import { createDeliveryWorker } from './delivery/delivery-worker.js';
import { DELIVERY_WORKER_DEFAULTS } from './delivery/delivery-worker-options.js';
import { registerWebhook } from './delivery/register-webhook.js';
import { WebhookAddressError } from './delivery/webhook-address.js';
import { createLogger } from './logger.js';
import { createApiToken, listApiTokens, MAX_TOKEN_LIFETIME_MS, revokeApiToken } from './store/api-tokens.js';
import { recordConversationAssigned, recordReplyReceived } from './store/app-events.js';
import {
  DELIVERY_STATUSES,
  type DeliveryRecord,
  type DeliveryStatus,
  getDelivery,
  listDeliveries,
  resendDelivery,
} from './store/deliveries.js';
import { listEvents } from './store/events.js';
import { listWebhooks, revokeWebhook } from './store/webhooks.js';
import { createWorkspace, listWorkspaces, setWorkspaceSuspended } from './store/workspaces.js';

/** A failure the user can fix; printed without a stack trace. */
class CliError extends Error {}

const list = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');

function duration(value: string): number {
  const match = /^(\d+)(d|h|m)$/.exec(value);
  if (!match) throw new InvalidArgumentError('Use a number followed by d, h or m, e.g. 90d.');
  const unit = { d: 86_400_000, h: 3_600_000, m: 60_000 }[match[2] as 'd' | 'h' | 'm'];
  return Number(match[1]) * unit;
}

async function withDatabase<T>(fn: (db: Database) => Promise<T>): Promise<T> {
  const config = loadConfig(process.env, { serving: false });
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

/** Picks `--workspace`, or the only workspace when there is exactly one. */
async function workspaceId(db: Database, given: string | undefined): Promise<string> {
  const workspaces = await listWorkspaces(db);
  if (given) {
    if (!workspaces.some((w) => w.id === given))
      throw new CliError(`No workspace ${given}. See: prospectkit-server workspace list`);
    return given;
  }
  if (workspaces.length === 1) return (workspaces[0] as { id: string }).id;
  throw new CliError('Name the workspace with --workspace ID (see: prospectkit-server workspace list).');
}

function output(json: boolean, value: unknown, text: string): void {
  console.log(json ? JSON.stringify(value, null, 2) : text);
}

const program = new Command('prospectkit-server')
  .description('Reference server of the Prospect Management and Webhook Service')
  .showHelpAfterError();

program
  .command('start')
  .description('Start the API and a delivery worker (embedded PGlite unless DATABASE_URL is set)')
  .option('--port <port>', 'port to listen on (overrides PORT)')
  .option('--host <host>', 'address to listen on (overrides HOST)')
  .action(async (flags: { port?: string; host?: string }) => {
    const config = loadConfig({
      ...process.env,
      ...(flags.port ? { PORT: flags.port } : {}),
      ...(flags.host ? { HOST: flags.host } : {}),
    });
    // Loaded here, not at the top: the HTTP stack is only for `start`, and every other command starts faster.
    const { startServer } = await import('./start-server.js');
    const running = await startServer(config);
    const { logger } = running;
    if (config.allowInsecureWebhooks) {
      logger.warn(
        'PROSPECTKIT_ALLOW_INSECURE_WEBHOOKS is on: webhooks may use http and loopback addresses. Never use this in production.',
      );
      console.error(
        '\n  WARNING: PROSPECTKIT_ALLOW_INSECURE_WEBHOOKS=1 allows http and loopback webhook addresses. Development only.\n',
      );
    }
    const { startBanner } = await import('./start-banner.js');
    process.stderr.write(
      await startBanner({
        db: running.db,
        production: process.env.NODE_ENV === 'production',
        baseUrl: running.baseUrl,
        settingsUrl: running.settingsUrl,
        databaseLabel: config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`,
        generatedAdminPassword: running.generatedAdminPassword,
        adminPasswordConfigured: config.adminPassword !== undefined,
      }),
    );
    const stop = async (signal: string) => {
      logger.info({ signal }, 'shutting down');
      await running.close();
      process.exit(0);
    };
    process.once('SIGTERM', () => void stop('SIGTERM'));
    process.once('SIGINT', () => void stop('SIGINT'));
  });

program
  .command('migrate')
  .description('Apply pending database migrations')
  .option('--json', 'print JSON')
  .action(async (options: { json?: boolean }) => {
    const config = loadConfig(process.env, { serving: false });
    const { createPgliteDatabase } = await import('./db/pglite-database.js');
    const { createPostgresDatabase } = await import('./db/postgres-database.js');
    const db = config.databaseUrl
      ? await createPostgresDatabase(config.databaseUrl)
      : await createPgliteDatabase(config.dataDir);
    try {
      const applied = await migrate(db);
      output(
        !!options.json,
        { applied },
        applied.length ? `Applied migrations ${applied.join(', ')}.` : 'The schema is up to date.',
      );
    } finally {
      await db.close();
    }
  });

const workspace = program.command('workspace').description('Manage workspaces');
workspace
  .command('create')
  .requiredOption('--name <name>', 'workspace name')
  .option('--json', 'print JSON')
  .action((o: { name: string; json?: boolean }) =>
    withDatabase(async (db) => {
      const w = await createWorkspace(db, o.name);
      output(!!o.json, w, `Created workspace ${w.id} (${w.name}).`);
    }),
  );
workspace
  .command('list')
  .option('--json', 'print JSON')
  .action((o: { json?: boolean }) =>
    withDatabase(async (db) => {
      const all = await listWorkspaces(db);
      output(
        !!o.json,
        all,
        all.map((w) => `${w.id}  ${w.suspended_at ? 'suspended' : 'active   '}  ${w.name}`).join('\n') ||
          'No workspaces.',
      );
    }),
  );
for (const [name, suspended] of [
  ['suspend', true],
  ['resume', false],
] as const) {
  workspace
    .command(`${name} <id>`)
    .option('--json', 'print JSON')
    .action((id: string, o: { json?: boolean }) =>
      withDatabase(async (db) => {
        const w = await setWorkspaceSuspended(db, id, suspended);
        if (!w) throw new CliError(`No workspace ${id}.`);
        output(!!o.json, w, `Workspace ${id} is ${suspended ? 'suspended: its tokens get 401' : 'active'}.`);
      }),
    );
}

const token = program.command('token').description('Manage API tokens');
token
  .command('create')
  .option('--workspace <id>', 'workspace id (default: the only workspace)')
  .requiredOption('--abilities <list>', `comma-separated: ${ABILITIES.join(',')}`, list)
  .option('--expires-in <duration>', 'lifetime, at most 365d', duration, 90 * 86_400_000)
  .option('--name <name>', 'token name', 'API token')
  .option('--json', 'print JSON')
  .action((o: { workspace?: string; abilities: string[]; expiresIn: number; name: string; json?: boolean }) =>
    withDatabase(async (db) => {
      const unknown = o.abilities.filter((a) => !ABILITIES.includes(a as Ability));
      if (unknown.length || o.abilities.length === 0) {
        throw new CliError(
          `--abilities takes a non-empty list of ${ABILITIES.join(', ')}; unknown: ${unknown.join(', ') || 'none given'}.`,
        );
      }
      if (o.expiresIn > MAX_TOKEN_LIFETIME_MS)
        throw new CliError('--expires-in is at most 365d (a token lives at most one year).');
      const now = new Date();
      const created = await createApiToken(db, {
        workspaceId: await workspaceId(db, o.workspace),
        name: o.name,
        abilities: o.abilities as Ability[],
        expiresAt: new Date(now.getTime() + o.expiresIn),
        now,
      });
      output(
        !!o.json,
        { ...created.record, token: created.token },
        `Created token ${created.record.id}. Copy it now, it is not shown again:\n${created.token}`,
      );
    }),
  );
token
  .command('list')
  .option('--workspace <id>', 'only this workspace')
  .option('--json', 'print JSON')
  .action((o: { workspace?: string; json?: boolean }) =>
    withDatabase(async (db) => {
      const all = await listApiTokens(db, o.workspace);
      const status = (t: (typeof all)[number]) =>
        t.revoked_at ? 'revoked' : t.expires_at < new Date() ? 'expired' : 'active';
      output(
        !!o.json,
        all,
        all
          .map(
            (t) =>
              `${t.id}  ${status(t)}  ${t.abilities.join(',')}  expires ${t.expires_at.toISOString()}  ${t.name}`,
          )
          .join('\n') || 'No tokens.',
      );
    }),
  );
token
  .command('revoke <id>')
  .option('--json', 'print JSON')
  .action((id: string, o: { json?: boolean }) =>
    withDatabase(async (db) => {
      if (!(await revokeApiToken(db, id))) throw new CliError(`No token ${id}.`);
      output(!!o.json, { id, revoked: true }, `Revoked token ${id}.`);
    }),
  );

const webhook = program.command('webhook').description('Manage webhooks');
webhook
  .command('create')
  .option('--workspace <id>', 'workspace id (default: the only workspace)')
  .requiredOption('--url <url>', 'https address on port 443, no query')
  .requiredOption('--events <list>', 'comma-separated event kinds', list)
  .option('--json', 'print JSON')
  .action((o: { workspace?: string; url: string; events: string[]; json?: boolean }) =>
    withDatabase(async (db) => {
      const config = loadConfig(process.env, { serving: false });
      // The address rule and the SSRF guard; the worker checks both again before every attempt.
      const { record, secret, resolved } = await registerWebhook(
        db,
        { workspaceId: await workspaceId(db, o.workspace), url: o.url, events: o.events },
        { allowInsecure: config.allowInsecureWebhooks },
      );
      if (!resolved)
        console.error(
          `Note: ${new URL(record.url).hostname} does not resolve now. It is checked again before every attempt.`,
        );
      output(
        !!o.json,
        { ...record, secret },
        `Created webhook ${record.id} for ${record.events.join(', ')}.\nSigning secret (shown once): ${secret}`,
      );
    }),
  );
webhook
  .command('list')
  .option('--workspace <id>', 'only this workspace')
  .option('--json', 'print JSON')
  .action((o: { workspace?: string; json?: boolean }) =>
    withDatabase(async (db) => {
      const all = await listWebhooks(db, o.workspace);
      output(
        !!o.json,
        all,
        all
          .map((w) => `${w.id}  ${w.revoked_at ? 'revoked' : 'active '}  ${w.url}  ${w.events.join(',')}`)
          .join('\n') || 'No webhooks.',
      );
    }),
  );
webhook
  .command('revoke <id>')
  .option('--json', 'print JSON')
  .action((id: string, o: { json?: boolean }) =>
    withDatabase(async (db) => {
      if (!(await revokeWebhook(db, id))) throw new CliError(`No webhook ${id}.`);
      output(!!o.json, { id, revoked: true }, `Revoked webhook ${id}; its pending deliveries are stopped.`);
    }),
  );

function positiveInteger(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < 1)
    throw new InvalidArgumentError('Use a whole number of at least 1.');
  return n;
}

const iso = (value: Date | null) => (value ? value.toISOString() : '-');

program
  .command('worker')
  .description('Run a delivery worker alone, without the API; any number may share one PostgreSQL database')
  .option(
    '--concurrency <n>',
    'attempts in flight at once',
    positiveInteger,
    DELIVERY_WORKER_DEFAULTS.concurrency,
  )
  .option(
    '--lease-seconds <n>',
    'how long a claimed delivery is held before another worker may take it (at least 15)',
    positiveInteger,
    DELIVERY_WORKER_DEFAULTS.leaseMs / 1000,
  )
  .action(async (o: { concurrency: number; leaseSeconds: number }) => {
    const config = loadConfig(process.env, { serving: false });
    if (o.leaseSeconds < 15)
      throw new CliError('--lease-seconds is at least 15: the 10-second attempt timeout plus a margin.');
    const logger = createLogger(config.logLevel);
    const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    const worker = createDeliveryWorker({
      db,
      logger,
      allowInsecureWebhooks: config.allowInsecureWebhooks,
      attemptRetentionMs: config.attemptRetentionDays * 86_400_000,
      concurrency: o.concurrency,
      leaseMs: o.leaseSeconds * 1000,
    });
    await worker.start();
    if (config.allowInsecureWebhooks) {
      console.error(
        '\n  WARNING: PROSPECTKIT_ALLOW_INSECURE_WEBHOOKS=1 allows http and loopback webhook addresses. Development only.\n',
      );
    }
    console.log(
      `ProspectKit delivery worker running on ${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`} (concurrency ${o.concurrency}).`,
    );
    const stop = async (signal: string) => {
      logger.info({ signal }, 'delivery worker shutting down');
      await worker.stop();
      await db.close();
      process.exit(0);
    };
    process.once('SIGTERM', () => void stop('SIGTERM'));
    process.once('SIGINT', () => void stop('SIGINT'));
  });

const simulate = program
  .command('simulate')
  .description('Emit the events that come from the app (replies, assignments), for testing receivers');
async function emitted(db: Database, eventId: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    'select count(*)::int as n from deliveries where event_id = $1',
    [eventId],
  );
  return row?.n ?? 0;
}
simulate
  .command('reply')
  .description('A prospect replied to an email: emits inbox.reply.received')
  .requiredOption('--prospect <id>', 'prospect id (prs_...)')
  .option('--json', 'print JSON')
  .action((o: { prospect: string; json?: boolean }) =>
    withDatabase(async (db) => {
      const event = await db.transaction((tx) => recordReplyReceived(tx, o.prospect, new Date()));
      if (!event) throw new CliError(`No prospect ${o.prospect}.`);
      const deliveries = await emitted(db, event.id);
      output(
        !!o.json,
        { event, deliveries },
        `Emitted ${event.event} ${event.id}; ${deliveries} deliveries queued.`,
      );
    }),
  );
simulate
  .command('assign')
  .description('A conversation was assigned or unassigned: emits conversation.assigned')
  .requiredOption('--prospect <id>', 'prospect id (prs_...)')
  .requiredOption('--assignee <id>', 'teammate id, or none to unassign')
  .option('--json', 'print JSON')
  .action((o: { prospect: string; assignee: string; json?: boolean }) =>
    withDatabase(async (db) => {
      const assignee = o.assignee === 'none' ? null : o.assignee;
      const event = await db.transaction((tx) =>
        recordConversationAssigned(tx, o.prospect, assignee, new Date()),
      );
      if (!event) throw new CliError(`No prospect ${o.prospect}.`);
      const deliveries = await emitted(db, event.id);
      output(
        !!o.json,
        { event, deliveries },
        `Emitted ${event.event} ${event.id}; ${deliveries} deliveries queued.`,
      );
    }),
  );

const events = program.command('events').description('Inspect emitted events');
events
  .command('list')
  .description('Events, newest first, with how their deliveries stand')
  .option('--workspace <id>', 'only this workspace')
  .option('--type <event>', 'only this event kind')
  .option('--limit <n>', 'at most this many', positiveInteger, 50)
  .option('--json', 'print JSON')
  .action((o: { workspace?: string; type?: string; limit: number; json?: boolean }) =>
    withDatabase(async (db) => {
      if (o.type !== undefined && !EVENT_TYPES.includes(o.type as EventType))
        throw new CliError(`--type is one of ${EVENT_TYPES.join(', ')}.`);
      const all = await listEvents(db, {
        ...(o.workspace ? { workspaceId: o.workspace } : {}),
        ...(o.type ? { type: o.type } : {}),
        limit: o.limit,
      });
      output(
        !!o.json,
        all.map(({ body, ...event }) => ({ ...event, envelope: JSON.parse(body) })),
        all
          .map(
            (e) =>
              `${e.id}  ${e.occurred_at.toISOString()}  ${e.type.padEnd(24)}  ${e.deliveries.pending} pending, ${e.deliveries.succeeded} succeeded, ${e.deliveries.failed} failed`,
          )
          .join('\n') || 'No events.',
      );
    }),
  );

const deliveries = program.command('deliveries').description('Inspect and resend webhook deliveries');
const deliveryLine = (d: DeliveryRecord) =>
  `${d.id}  ${d.status.padEnd(9)}  ${d.attempts} attempt${d.attempts === 1 ? ' ' : 's'}  ${d.event_type.padEnd(24)}  ${d.event_id}  ${d.webhook_id}  next ${iso(d.next_attempt_at)}  last ${d.last_status_code ?? d.last_error ?? '-'}`;
deliveries
  .command('list')
  .description('Deliveries, newest first')
  .option('--webhook <id>', 'only this webhook')
  .option('--status <status>', `only this status: ${DELIVERY_STATUSES.join(', ')}`)
  .option('--limit <n>', 'at most this many', positiveInteger, 50)
  .option('--json', 'print JSON')
  .action((o: { webhook?: string; status?: string; limit: number; json?: boolean }) =>
    withDatabase(async (db) => {
      if (o.status !== undefined && !DELIVERY_STATUSES.includes(o.status as DeliveryStatus))
        throw new CliError(`--status is one of ${DELIVERY_STATUSES.join(', ')}; got "${o.status}".`);
      if (o.webhook !== undefined && !(await listWebhooks(db)).some((w) => w.id === o.webhook))
        throw new CliError(`No webhook ${o.webhook}. See: prospectkit-server webhook list`);
      const all = await listDeliveries(db, {
        ...(o.webhook ? { webhookId: o.webhook } : {}),
        ...(o.status ? { status: o.status as DeliveryStatus } : {}),
        limit: o.limit,
      });
      output(!!o.json, all, all.map(deliveryLine).join('\n') || 'No deliveries.');
    }),
  );
deliveries
  .command('show <id>')
  .description('One delivery and its attempt log')
  .option('--json', 'print JSON')
  .action((id: string, o: { json?: boolean }) =>
    withDatabase(async (db) => {
      const delivery = await getDelivery(db, id);
      if (!delivery) throw new CliError(`No delivery ${id}. See: prospectkit-server deliveries list`);
      const attempts = delivery.attempt_log.map(
        (a) =>
          `  #${a.number}  ${a.attempted_at.toISOString()}  ${String(a.status_code ?? '-').padEnd(3)}  ${`${a.duration_ms} ms`.padStart(8)}  next ${iso(a.next_attempt_at)}${a.error ? `  ${a.error}` : ''}${a.response_excerpt ? `\n      ${JSON.stringify(a.response_excerpt.slice(0, 200))}` : ''}`,
      );
      output(
        !!o.json,
        delivery,
        [
          `${delivery.id}  ${delivery.status}`,
          `  event    ${delivery.event_id} (${delivery.event_type})`,
          `  webhook  ${delivery.webhook_id} ${delivery.url}`,
          `  next     ${iso(delivery.next_attempt_at)}`,
          attempts.length ? 'Attempts:' : 'No attempts yet.',
          ...attempts,
        ].join('\n'),
      );
    }),
  );
deliveries
  .command('redeliver <id>')
  .description('Send the same event (same id and body) to the same webhook again, as a new delivery')
  .option('--json', 'print JSON')
  .action((id: string, o: { json?: boolean }) =>
    withDatabase(async (db) => {
      const delivery = await resendDelivery(db, { deliveryId: id, now: new Date() });
      if (!delivery) throw new CliError(`No delivery ${id}. See: prospectkit-server deliveries list`);
      output(
        !!o.json,
        delivery,
        `Queued ${delivery.id}: ${delivery.event_type} ${delivery.event_id} again to ${delivery.webhook_id}.`,
      );
    }),
  );

program.parseAsync().catch((error: unknown) => {
  const known =
    error instanceof CliError ||
    error instanceof ConfigError ||
    error instanceof DataDirectoryLockedError ||
    error instanceof WebhookAddressError ||
    error instanceof RangeError;
  console.error(
    `prospectkit-server: ${known ? (error as Error).message : `unexpected error: ${(error as Error).message}`}`,
  );
  process.exit(known ? 2 : 1);
});
