import { randomUUID } from 'node:crypto';
import type { Command } from 'commander';
import type { Database } from '../db/database.js';
import { simulateReply } from '../mail/simulate-reply.js';
import { createTeammate } from '../store/teammates.js';
import { assignAndReport } from './assign-and-report.js';
import { CliError } from './cli-error.js';
import { output } from './output.js';
import { withDatabase } from './with-database.js';

/**
 * Prints what a simulation emitted: the event and how many deliveries it was queued for (one per webhook
 * subscribed to its kind), or fails when the prospect does not exist.
 */
async function reportEmitted(
  db: Database,
  prospectId: string,
  event: { id: string; event: string } | undefined,
  json: boolean,
): Promise<void> {
  if (!event) throw new CliError(`No prospect ${prospectId}.`);
  const [row] = await db.query<{ n: number }>(
    'select count(*)::int as n from deliveries where event_id = $1',
    [event.id],
  );
  const deliveries = row?.n ?? 0;
  output(json, { event, deliveries }, `Emitted ${event.event} ${event.id}; ${deliveries} deliveries queued.`);
}

/**
 * `simulate reply --prospect ID` / `simulate assign --prospect ID --assignee tm_...|none|new`: emit the events that
 * come from the app rather than the API, for testing receivers. `simulate assign` goes through the store's
 * `assignConversation`, as the inbox and `conversations assign` do.
 *
 * @see openapi/openapi.yaml, `webhooks.inbox.reply.received` and `webhooks.conversation.assigned`
 */
export function registerSimulate(program: Command): void {
  const simulate = program
    .command('simulate')
    .description('Emit the events that come from the app (replies, assignments), for testing receivers');
  simulate
    .command('reply')
    .description(
      'Testing aid: a stand-in reply from the prospect, added to its conversation like received mail; emits inbox.reply.received',
    )
    .requiredOption('--prospect <id>', 'prospect id (prs_...)')
    .option('--json', 'print JSON')
    .action((o: { prospect: string; json?: boolean }) =>
      withDatabase(async (db) => {
        const reply = await db.transaction((tx) => simulateReply(tx, o.prospect, new Date()));
        const event = reply?.event;
        await reportEmitted(db, o.prospect, event, !!o.json);
      }),
    );
  simulate
    .command('assign')
    .description(
      'A testing aid: assigns the conversation like `conversations assign` (same code path, so assigning to the ' +
        'current assignee emits nothing), creating the conversation if the prospect has none, and with ' +
        '--assignee new a teammate named "Simulated teammate" first',
    )
    .requiredOption('--prospect <id>', 'prospect id (prs_...)')
    .requiredOption('--assignee <id>', 'teammate id (tm_...), none to unassign, or new to create a teammate')
    .option('--json', 'print JSON')
    .action((o: { prospect: string; assignee: string; json?: boolean }) =>
      withDatabase(async (db) => {
        let teammateId = o.assignee === 'none' ? null : o.assignee;
        if (o.assignee === 'new') {
          const [prospect] = await db.query<{ workspace_id: string }>(
            'select workspace_id from prospects where id = $1',
            [o.prospect],
          );
          if (!prospect) throw new CliError(`No prospect ${o.prospect}.`);
          const email = `simulated-${randomUUID().slice(0, 8)}@example.com`;
          teammateId = (
            await createTeammate(db, {
              workspaceId: prospect.workspace_id,
              name: 'Simulated teammate',
              email,
            })
          ).id;
        }
        await assignAndReport(db, { prospectId: o.prospect, teammateId, json: !!o.json });
      }),
    );
}
