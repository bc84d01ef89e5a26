import type { Command } from 'commander';
import { loadConfig } from '../config.js';
import { registerWebhook as createWebhook } from '../delivery/register-webhook.js';
import { recordAudit, withAudit } from '../store/audit-log.js';
import { listWebhooks, revokeWebhook } from '../store/webhooks.js';
import { CLI_ACTOR } from './cli-actor.js';
import { CliError } from './cli-error.js';
import { formatTable } from './format-table.js';
import { commaList } from './option-parsers.js';
import { note, output } from './output.js';
import { pickWorkspace } from './pick-workspace.js';
import { withDatabase } from './with-database.js';

/**
 * `webhook create --url URL --events a,b [--workspace ID]` / `list` / `revoke ID`. The signing secret is printed
 * once, at creation.
 *
 * @see openapi/openapi.yaml, `webhooks` (the events and how they are delivered)
 */
export function registerWebhook(program: Command): void {
  const webhook = program.command('webhook').description('Manage webhooks');
  webhook
    .command('create')
    .option('--workspace <id>', 'workspace id (default: the only workspace)')
    .requiredOption('--url <url>', 'https address on port 443, no query')
    .requiredOption('--events <list>', 'comma-separated event kinds', commaList)
    .option('--json', 'print JSON')
    .action((o: { workspace?: string; url: string; events: string[]; json?: boolean }) =>
      withDatabase(async (db) => {
        const config = loadConfig(process.env, { serving: false });
        // The address rule and the SSRF guard; the worker checks both again before every attempt.
        const workspaceId = await pickWorkspace(db, o.workspace);
        const { record, secret, resolved } = await withAudit(
          db,
          (tx) =>
            createWebhook(
              tx,
              { workspaceId, url: o.url, events: o.events },
              { allowInsecure: config.allowInsecureWebhooks },
            ),
          ({ record }) => ({
            workspaceId,
            actor: CLI_ACTOR,
            action: 'webhook.added',
            target: { type: 'webhook', id: record.id, label: record.url },
            detail: record.events.join(', '),
            now: new Date(),
          }),
        );
        if (!resolved)
          note(
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
          all.length
            ? formatTable({
                head: ['id', 'status', 'url', 'events'],
                rows: all.map((w) => [w.id, w.revoked_at ? 'revoked' : 'active', w.url, w.events.join(',')]),
              })
            : 'No webhooks.',
        );
      }),
    );
  webhook
    .command('revoke <id>')
    .option('--json', 'print JSON')
    .action((id: string, o: { json?: boolean }) =>
      withDatabase(async (db) => {
        const revoked = await db.transaction(async (tx) => {
          const [row] = await tx.query<{ workspace_id: string; url: string }>(
            'select workspace_id, url from webhooks where id = $1',
            [id],
          );
          if (!row || !(await revokeWebhook(tx, id))) return false;
          await recordAudit(tx, {
            workspaceId: row.workspace_id,
            actor: CLI_ACTOR,
            action: 'webhook.removed',
            target: { type: 'webhook', id, label: row.url },
            now: new Date(),
          });
          return true;
        });
        if (!revoked) throw new CliError(`No webhook ${id}.`);
        output(!!o.json, { id, revoked: true }, `Revoked webhook ${id}; its pending deliveries are stopped.`);
      }),
    );
}
