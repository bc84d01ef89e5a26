import { EVENT_TYPES, type EventType } from '@prospectkit/core';
import type { Command } from 'commander';
import { listEvents } from '../store/events.js';
import { CliError } from './cli-error.js';
import { formatTable } from './format-table.js';
import { positiveInteger } from './option-parsers.js';
import { output } from './output.js';
import { withDatabase } from './with-database.js';

/**
 * `events list [--workspace ID] [--type T] [--limit 50]`: emitted events, newest first, with how their deliveries
 * stand. With `--json` each event carries its envelope, the body every delivery sends.
 *
 * @see openapi/openapi.yaml, `webhooks`
 */
export function registerEvents(program: Command): void {
  const events = program.command('events').description('Inspect emitted events');
  events
    .command('list')
    .description('Events, newest first, with how their deliveries stand')
    .option('--workspace <id>', 'only this workspace')
    .option('--type <event>', 'only this event kind')
    .option('--limit <n>', 'at most this many', positiveInteger, 50)
    .option('--json', 'print JSON')
    .action((o: { workspace?: string; type?: string; limit: number; json?: boolean }) =>
      withDatabase(async (db) => {
        if (o.type !== undefined && !EVENT_TYPES.includes(o.type as EventType))
          throw new CliError(`--type is one of ${EVENT_TYPES.join(', ')}.`);
        const all = await listEvents(db, {
          ...(o.workspace ? { workspaceId: o.workspace } : {}),
          ...(o.type ? { type: o.type } : {}),
          limit: o.limit,
        });
        output(
          !!o.json,
          all.map(({ body, ...event }) => ({ ...event, envelope: JSON.parse(body) })),
          all.length
            ? formatTable({
                head: ['id', 'occurred at', 'type', 'pending', 'succeeded', 'failed'],
                rows: all.map((e) => [
                  e.id,
                  e.occurred_at.toISOString(),
                  e.type,
                  e.deliveries.pending,
                  e.deliveries.succeeded,
                  e.deliveries.failed,
                ]),
                align: ['left', 'left', 'left', 'right', 'right', 'right'],
              })
            : 'No events.',
        );
      }),
    );
}
