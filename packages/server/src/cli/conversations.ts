import type { Command } from 'commander';
import { assignAndReport } from './assign-and-report.js';
import { withDatabase } from './with-database.js';

/**
 * `conversations assign --prospect ID --teammate tm_...|none`: assigns the prospect's conversation (created if it
 * has none) to a teammate of its workspace, or unassigns it, emitting `conversation.assigned`; assigning it to
 * its current assignee emits nothing.
 *
 * @see packages/server/README.md, "CLI"; openapi/openapi.yaml, `webhooks.conversation.assigned`
 */
export function registerConversations(program: Command): void {
  const conversations = program.command('conversations').description('Manage inbox conversations');
  conversations
    .command('assign')
    .description(
      "Assign a prospect's conversation to a teammate, or unassign it: emits conversation.assigned",
    )
    .requiredOption('--prospect <id>', 'prospect id (prs_...)')
    .requiredOption('--teammate <id>', 'teammate id (tm_...), or none to unassign')
    .option('--json', 'print JSON')
    .action((o: { prospect: string; teammate: string; json?: boolean }) =>
      withDatabase((db) =>
        assignAndReport(db, {
          prospectId: o.prospect,
          teammateId: o.teammate === 'none' ? null : o.teammate,
          json: !!o.json,
        }),
      ),
    );
}
