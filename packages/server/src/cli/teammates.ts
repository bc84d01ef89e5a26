import type { Command } from 'commander';
import { createTeammate, listTeammates, removeTeammate, TeammateError } from '../store/teammates.js';
import { CliError } from './cli-error.js';
import { formatTable } from './format-table.js';
import { output } from './output.js';
import { pickWorkspace } from './pick-workspace.js';
import { withDatabase } from './with-database.js';

/** A store error as the CLI's one-line explanation (exit status 2), naming the option to fix. */
function toCliError(error: unknown): unknown {
  if (!(error instanceof TeammateError)) return error;
  if (error.code === 'not_found')
    return new CliError(`${error.message} See: prospectkit-server teammates list`);
  const options = { name: '--name', email: '--email' } as const;
  return new CliError(
    Object.entries(error.issues)
      .map(([field, issue]) => `${options[field as keyof typeof options]}: ${issue}`)
      .join(' '),
  );
}

/**
 * `teammates create --name N --email E [--workspace ID]` / `list [--workspace ID]` / `remove ID`. Teammates are
 * who conversations are assigned to; removing one unassigns their conversations, each emitting
 * `conversation.assigned` with `assignee_id` null.
 *
 * @see packages/server/README.md, "CLI"; openapi/openapi.yaml, `webhooks.conversation.assigned`
 */
export function registerTeammates(program: Command): void {
  const teammates = program.command('teammates').description('Manage the teammates of a workspace');
  teammates
    .command('create')
    .description('Add a teammate (id tm_...)')
    .option('--workspace <id>', 'workspace id (default: the only workspace)')
    .requiredOption('--name <name>', 'their name, 1-200 characters')
    .requiredOption('--email <email>', 'their email address, unique in the workspace')
    .option('--json', 'print JSON')
    .action((o: { workspace?: string; name: string; email: string; json?: boolean }) =>
      withDatabase(async (db) => {
        const workspaceId = await pickWorkspace(db, o.workspace);
        const teammate = await createTeammate(db, { workspaceId, name: o.name, email: o.email }).catch(
          (error: unknown) => {
            throw toCliError(error);
          },
        );
        output(!!o.json, teammate, `Added teammate ${teammate.id} (${teammate.name} <${teammate.email}>).`);
      }),
    );
  teammates
    .command('list')
    .description('List the current teammates, by name')
    .option('--workspace <id>', 'workspace id (default: the only workspace)')
    .option('--json', 'print JSON')
    .action((o: { workspace?: string; json?: boolean }) =>
      withDatabase(async (db) => {
        const all = await listTeammates(db, { workspaceId: await pickWorkspace(db, o.workspace) });
        output(
          !!o.json,
          all,
          all.length
            ? formatTable({ head: ['id', 'name', 'email'], rows: all.map((t) => [t.id, t.name, t.email]) })
            : 'No teammates.',
        );
      }),
    );
  teammates
    .command('remove <id>')
    .description('Remove a teammate; their conversations are unassigned (conversation.assigned with null)')
    .option('--json', 'print JSON')
    .action((id: string, o: { json?: boolean }) =>
      withDatabase(async (db) => {
        const { teammate, unassignedProspectIds } = await removeTeammate(db, { id }).catch(
          (error: unknown) => {
            throw toCliError(error);
          },
        );
        output(
          !!o.json,
          { ...teammate, unassigned_prospect_ids: unassignedProspectIds },
          `Removed teammate ${teammate.id} (${teammate.name}); ${unassignedProspectIds.length} conversations unassigned.`,
        );
      }),
    );
}
