import type { Command } from 'commander';
import { AUDIT_ACTIONS, type AuditAction, listAudit } from '../store/audit-log.js';
import { CliError } from './cli-error.js';
import { formatTable } from './format-table.js';
import { positiveInteger } from './option-parsers.js';
import { output } from './output.js';
import { withDatabase } from './with-database.js';

/**
 * `audit list [--workspace ID] [--action A] [--since ISO] [--limit N] [--json]`: the audit log, newest first.
 *
 * @see packages/server/README.md, "People and sign-in"; docs/architecture.md, "People, roles and the audit log"
 */
export function registerAudit(program: Command): void {
  const audit = program.command('audit').description('Read the audit log of settings changes and sign-ins');
  audit
    .command('list')
    .description('List audit log entries, newest first')
    .option('--workspace <id>', 'one workspace (with refused sign-ins of its members)')
    .option('--action <action>', `one of ${AUDIT_ACTIONS.join(', ')}`)
    .option('--since <time>', 'only entries at or after this ISO 8601 time')
    .option('--limit <n>', 'at most this many, 1-500', positiveInteger, 50)
    .option('--json', 'print JSON')
    .action((o: { workspace?: string; action?: string; since?: string; limit: number; json?: boolean }) =>
      withDatabase(async (db) => {
        if (o.action && !(AUDIT_ACTIONS as readonly string[]).includes(o.action))
          throw new CliError(`--action must be one of ${AUDIT_ACTIONS.join(', ')}; got "${o.action}".`);
        const since = o.since ? new Date(o.since) : undefined;
        if (since && Number.isNaN(since.getTime()))
          throw new CliError(
            `--since must be an ISO 8601 time such as 2026-11-01T00:00:00Z; got "${o.since}".`,
          );
        if (o.limit > 500) throw new CliError('--limit must be at most 500.');
        const { data } = await listAudit(db, {
          workspaceId: o.workspace,
          action: o.action as AuditAction | undefined,
          since,
          limit: o.limit,
        });
        output(
          !!o.json,
          data,
          data.length
            ? formatTable({
                head: ['when', 'who', 'action', 'target', 'detail'],
                rows: data.map((e) => [
                  e.occurred_at.toISOString(),
                  e.actor_label,
                  e.action,
                  e.target_label ?? e.target_id ?? '',
                  e.detail ?? '',
                ]),
              })
            : 'No audit entries.',
        );
      }),
    );
}
