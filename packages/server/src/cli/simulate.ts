import type { Command } from 'commander';
import type { Database } from '../db/database.js';
import { recordConversationAssigned, recordReplyReceived } from '../store/app-events.js';
import { CliError } from './cli-error.js';
import { output } from './output.js';
import { withDatabase } from './with-database.js';

/** How many deliveries an event was queued for (one per webhook subscribed to its kind). */
async function queuedDeliveries(db: Database, eventId: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    'select count(*)::int as n from deliveries where event_id = $1',
    [eventId],
  );
  return row?.n ?? 0;
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
    .description('A prospect replied to an email: emits inbox.reply.received')
    .requiredOption('--prospect <id>', 'prospect id (prs_...)')
    .option('--json', 'print JSON')
    .action((o: { prospect: string; json?: boolean }) =>
      withDatabase(async (db) => {
        const event = await db.transaction((tx) => recordReplyReceived(tx, o.prospect, new Date()));
        if (!event) throw new CliError(`No prospect ${o.prospect}.`);
        const deliveries = await queuedDeliveries(db, event.id);
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
        const deliveries = await queuedDeliveries(db, event.id);
        output(
          !!o.json,
          { event, deliveries },
          `Emitted ${event.event} ${event.id}; ${deliveries} deliveries queued.`,
        );
      }),
    );
}
