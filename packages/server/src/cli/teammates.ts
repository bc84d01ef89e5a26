import type { Command } from 'commander';
import type { Database } from '../db/database.js';
import { MemberError } from '../people/member-error.js';
import { removeMember } from '../people/remove-member.js';
import {
  createTeammate,
  listTeammates,
  removeTeammate,
  type Teammate,
  TeammateError,
} from '../store/teammates.js';
import { CLI_ACTOR } from './cli-actor.js';
import { CliError } from './cli-error.js';
import { formatTable } from './format-table.js';
import { output } from './output.js';
import { pickWorkspace } from './pick-workspace.js';
import { withDatabase } from './with-database.js';

/** A teammate row as removed (for the output of `teammates remove`). */
async function getRemovedTeammate(db: Database, id: string): Promise<Teammate> {
  const [row] = await db.query<Teammate & Record<string, unknown>>(
    'select id, workspace_id, name, email, created_at, removed_at from teammates where id = $1',
    [id],
  );
  return row as Teammate;
}

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
        // A member who signs in is removed as `members remove` does (their sessions end, the audit log says so).
        const asMember = await removeMember(db, { memberId: id, actor: CLI_ACTOR, now: new Date() }).catch(
          (error: unknown) => {
            if (error instanceof MemberError && error.code === 'not_found') return undefined;
            throw error instanceof MemberError ? new CliError(error.message) : error;
          },
        );
        const { teammate, unassignedProspectIds } = asMember
          ? {
              teammate: await getRemovedTeammate(db, id),
              unassignedProspectIds: asMember.unassignedProspectIds,
            }
          : await removeTeammate(db, { id }).catch((error: unknown) => {
              throw toCliError(error);
            });
        output(
          !!o.json,
          { ...teammate, unassigned_prospect_ids: unassignedProspectIds },
          `Removed teammate ${teammate.id} (${teammate.name}); ${unassignedProspectIds.length} conversations unassigned.`,
        );
      }),
    );
}
