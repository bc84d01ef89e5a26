import type { Database } from '../db/database.js';
import { assignConversation, ConversationError } from '../store/conversations.js';
import { CliError } from './cli-error.js';
import { output } from './output.js';

/**
 * Assigns the prospect's conversation to a teammate (or unassigns it, `teammateId` `null`) through the store's
 * `assignConversation`, the path the inbox page takes too, and prints what happened: the event and how many
 * deliveries it was queued for, or that nothing was emitted because the assignee was already that teammate.
 *
 * @throws CliError when the prospect does not exist or the teammate is not a current teammate of its workspace
 * @see openapi/openapi.yaml, `webhooks.conversation.assigned`
 */
export async function assignAndReport(
  db: Database,
  input: { prospectId: string; teammateId: string | null; json: boolean },
): Promise<void> {
  const [prospect] = await db.query<{ workspace_id: string }>(
    'select workspace_id from prospects where id = $1',
    [input.prospectId],
  );
  if (!prospect) throw new CliError(`No prospect ${input.prospectId}.`);
  const result = await assignConversation(db, {
    workspaceId: prospect.workspace_id,
    prospectId: input.prospectId,
    teammateId: input.teammateId,
  }).catch((error: unknown) => {
    if (error instanceof ConversationError)
      throw new CliError(`${error.message} See: prospectkit-server teammates list`);
    throw error;
  });
  const assignee = result.conversation.assignee_id ?? 'nobody';
  if (!result.event) {
    output(input.json, { ...result, deliveries: 0 }, `Already assigned to ${assignee}: nothing emitted.`);
    return;
  }
  const [row] = await db.query<{ n: number }>(
    'select count(*)::int as n from deliveries where event_id = $1',
    [result.event.id],
  );
  const deliveries = row?.n ?? 0;
  output(
    input.json,
    { ...result, deliveries },
    `Emitted conversation.assigned ${result.event.id} (assignee ${assignee}); ${deliveries} deliveries queued.`,
  );
}
