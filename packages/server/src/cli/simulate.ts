import type { Command } from 'commander';
import type { Database } from '../db/database.js';
import { simulateReply } from '../mail/simulate-reply.js';
import { recordConversationAssigned } from '../store/app-events.js';
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
 * `simulate reply --prospect ID` / `simulate assign --prospect ID --assignee ID|none`: emits the events that come
 * from the app rather than the API, for testing receivers.
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
        await reportEmitted(db, o.prospect, reply?.event, !!o.json);
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
        await reportEmitted(db, o.prospect, event, !!o.json);
      }),
    );
}
