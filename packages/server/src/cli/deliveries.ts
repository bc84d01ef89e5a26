import type { Command } from 'commander';
import {
  type AttemptLogEntry,
  DELIVERY_STATUSES,
  type DeliveryRecord,
  type DeliveryStatus,
  getDelivery,
  listDeliveries,
  resendDelivery,
} from '../store/deliveries.js';
import { listWebhooks } from '../store/webhooks.js';
import { CliError } from './cli-error.js';
import { formatTable } from './format-table.js';
import { positiveInteger } from './option-parsers.js';
import { output } from './output.js';
import { withDatabase } from './with-database.js';

const iso = (value: Date | null) => (value ? value.toISOString() : '-');

/** One delivery, its facts then its attempt log, for `deliveries show`. */
function deliveryText(delivery: DeliveryRecord & { attempt_log: AttemptLogEntry[] }): string {
  const facts = formatTable({
    rows: [
      ['event', `${delivery.event_id} (${delivery.event_type})`],
      ['webhook', `${delivery.webhook_id} ${delivery.url}`],
      ['next', iso(delivery.next_attempt_at)],
    ],
  }).replace(/^/gm, '  ');
  const head = `${delivery.id}  ${delivery.status}\n${facts}`;
  if (delivery.attempt_log.length === 0) return `${head}\nNo attempts yet.`;
  const attempts = formatTable({
    head: ['#', 'attempted at', 'status', 'duration', 'next', 'error', 'response'],
    rows: delivery.attempt_log.map((a) => [
      a.number,
      a.attempted_at.toISOString(),
      a.status_code ?? '-',
      `${a.duration_ms} ms`,
      iso(a.next_attempt_at),
      a.error ?? '',
      a.response_excerpt ? JSON.stringify(a.response_excerpt.slice(0, 200)) : '',
    ]),
    align: ['right', 'left', 'left', 'right'],
  });
  return `${head}\nAttempts:\n${attempts}`;
}

/**
 * `deliveries list [--webhook ID] [--status S] [--limit 50]` / `show ID` / `redeliver ID`: the webhook
 * deliveries, their attempt logs, and sending an event again.
 *
 * @see openapi/openapi.yaml, `webhooks` (the delivery headers and the answers that count as delivered)
 */
export function registerDeliveries(program: Command): void {
  const deliveries = program.command('deliveries').description('Inspect and resend webhook deliveries');
  deliveries
    .command('list')
    .description('Deliveries, newest first')
    .option('--webhook <id>', 'only this webhook')
    .option('--status <status>', `only this status: ${DELIVERY_STATUSES.join(', ')}`)
    .option('--limit <n>', 'at most this many', positiveInteger, 50)
    .option('--json', 'print JSON')
    .action((o: { webhook?: string; status?: string; limit: number; json?: boolean }) =>
      withDatabase(async (db) => {
        if (o.status !== undefined && !DELIVERY_STATUSES.includes(o.status as DeliveryStatus))
          throw new CliError(`--status is one of ${DELIVERY_STATUSES.join(', ')}; got "${o.status}".`);
        if (o.webhook !== undefined && !(await listWebhooks(db)).some((w) => w.id === o.webhook))
          throw new CliError(`No webhook ${o.webhook}. See: prospectkit-server webhook list`);
        const all = await listDeliveries(db, {
          ...(o.webhook ? { webhookId: o.webhook } : {}),
          ...(o.status ? { status: o.status as DeliveryStatus } : {}),
          limit: o.limit,
        });
        output(
          !!o.json,
          all,
          all.length
            ? formatTable({
                head: ['id', 'status', 'attempts', 'event type', 'event', 'webhook', 'next', 'last'],
                rows: all.map((d) => [
                  d.id,
                  d.status,
                  d.attempts,
                  d.event_type,
                  d.event_id,
                  d.webhook_id,
                  iso(d.next_attempt_at),
                  d.last_status_code ?? d.last_error ?? '-',
                ]),
                align: ['left', 'left', 'right'],
              })
            : 'No deliveries.',
        );
      }),
    );
  deliveries
    .command('show <id>')
    .description('One delivery and its attempt log')
    .option('--json', 'print JSON')
    .action((id: string, o: { json?: boolean }) =>
      withDatabase(async (db) => {
        const delivery = await getDelivery(db, id);
        if (!delivery) throw new CliError(`No delivery ${id}. See: prospectkit-server deliveries list`);
        output(!!o.json, delivery, deliveryText(delivery));
      }),
    );
  deliveries
    .command('redeliver <id>')
    .description('Send the same event (same id and body) to the same webhook again, as a new delivery')
    .option('--json', 'print JSON')
    .action((id: string, o: { json?: boolean }) =>
      withDatabase(async (db) => {
        const delivery = await resendDelivery(db, { deliveryId: id, now: new Date() });
        if (!delivery) throw new CliError(`No delivery ${id}. See: prospectkit-server deliveries list`);
        output(
          !!o.json,
          delivery,
          `Queued ${delivery.id}: ${delivery.event_type} ${delivery.event_id} again to ${delivery.webhook_id}.`,
        );
      }),
    );
}
