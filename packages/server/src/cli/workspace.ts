import type { Command } from 'commander';
import { inboundAddress } from '../mail/inbound-address.js';
import { withAudit } from '../store/audit-log.js';
import { addInstallationOwners } from '../store/members.js';
import { nameCharacterProblem } from '../store/name-characters.js';
import { createWorkspace, listWorkspaces, setWorkspaceSuspended } from '../store/workspaces.js';
import { CLI_ACTOR } from './cli-actor.js';
import { CliError } from './cli-error.js';
import { formatTable } from './format-table.js';
import { output } from './output.js';
import { withDatabase } from './with-database.js';

/**
 * `workspace create --name N` / `list` (with each inbound mail address) / `suspend ID` / `resume ID`. A suspended workspace's tokens get 401.
 *
 * @see packages/server/README.md, "CLI"
 */
export function registerWorkspace(program: Command): void {
  const workspace = program.command('workspace').description('Manage workspaces');
  workspace
    .command('create')
    .requiredOption('--name <name>', 'workspace name')
    .option('--json', 'print JSON')
    .action((o: { name: string; json?: boolean }) =>
      withDatabase(async (db) => {
        const problem = nameCharacterProblem(o.name);
        if (problem)
          throw new CliError(`--name: ${problem} (such as line breaks, escapes or bidi overrides).`);
        // The installation's owner owns it, so it opens in the app; the audit log says the CLI made it.
        const w = await withAudit(
          db,
          async (tx) => {
            const created = await createWorkspace(tx, o.name);
            await addInstallationOwners(tx, created.id);
            return created;
          },
          (created) => ({
            workspaceId: created.id,
            actor: CLI_ACTOR,
            action: 'workspace.created',
            target: { type: 'workspace', id: created.id, label: created.name },
            now: new Date(),
          }),
        );
        output(!!o.json, w, `Created workspace ${w.id} (${w.name}).`);
      }),
    );
  workspace
    .command('list')
    .option('--json', 'print JSON')
    .action((o: { json?: boolean }) =>
      withDatabase(async (db, config) => {
        // The inbound address is derived (see mail/inbound-address.ts), so it follows PROSPECTKIT_INBOUND_DOMAIN.
        const all = (await listWorkspaces(db)).map((w) => ({
          ...w,
          inbound_address: inboundAddress(w.id, config.mail.inboundDomain),
        }));
        output(
          !!o.json,
          all,
          all.length
            ? formatTable({
                head: ['id', 'status', 'name', 'inbound address'],
                rows: all.map((w) => [
                  w.id,
                  w.suspended_at ? 'suspended' : 'active',
                  w.name,
                  w.inbound_address,
                ]),
              })
            : 'No workspaces.',
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
          const w = await withAudit(
            db,
            (tx) => setWorkspaceSuspended(tx, id, suspended),
            (changed) =>
              changed && {
                workspaceId: changed.id,
                actor: CLI_ACTOR,
                action: suspended ? 'workspace.suspended' : 'workspace.resumed',
                target: { type: 'workspace', id: changed.id, label: changed.name },
                now: new Date(),
              },
          );
          if (!w) throw new CliError(`No workspace ${id}.`);
          output(
            !!o.json,
            w,
            `Workspace ${id} is ${suspended ? 'suspended: its tokens get 401' : 'active'}.`,
          );
        }),
      );
  }
}
