import type { Command } from 'commander';
import { loadConfig } from '../config.js';
import { registerWebhook as createWebhook } from '../delivery/register-webhook.js';
import { listWebhooks, revokeWebhook } from '../store/webhooks.js';
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
        const { record, secret, resolved } = await createWebhook(
          db,
          { workspaceId: await pickWorkspace(db, o.workspace), url: o.url, events: o.events },
          { allowInsecure: config.allowInsecureWebhooks },
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
        if (!(await revokeWebhook(db, id))) throw new CliError(`No webhook ${id}.`);
        output(!!o.json, { id, revoked: true }, `Revoked webhook ${id}; its pending deliveries are stopped.`);
      }),
    );
}
