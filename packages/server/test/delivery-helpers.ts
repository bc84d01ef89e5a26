import { verifyWebhook } from '@prospectkit/webhooks';
import type { Clock } from '../src/clock.js';
import type { Database } from '../src/db/database.js';
import { createDeliveryWorker, type DeliveryWorker } from '../src/delivery/delivery-worker.js';
import type { DeliveryWorkerOptions } from '../src/delivery/delivery-worker-options.js';
import { registerWebhook } from '../src/delivery/register-webhook.js';
import { createLogger } from '../src/start-server.js';
import { createWorkspace } from '../src/store/workspaces.js';
import type { ReceivedRequest, WebhookReceiver } from '../src/testing/index.js';

/** A clock the test moves by hand. */
export interface ManualClock extends Clock {
  set(at: Date | number): void;
  advance(ms: number): void;
  seconds(): number;
}

export function manualClock(start: number = Math.floor(Date.now() / 1000) * 1000): ManualClock {
  let t = start;
  return {
    now: () => new Date(t),
    set(at) {
      t = typeof at === 'number' ? at : at.getTime();
    },
    advance(ms) {
      t += ms;
    },
    seconds: () => Math.floor(t / 1000),
  };
}

/** A worker that trusts the receiver's test certificate and may send to loopback, as tests need. */
export function testWorker(
  db: Database,
  receiver: WebhookReceiver,
  options: Partial<DeliveryWorkerOptions> = {},
): DeliveryWorker {
  return createDeliveryWorker({
    db,
    logger: createLogger('silent'),
    allowInsecureWebhooks: true,
    tls: { ca: receiver.ca },
    ...options,
  });
}

/** A new workspace with one webhook per receiver path. */
export async function workspaceWithWebhooks(
  db: Database,
  receiver: WebhookReceiver,
  paths: readonly string[],
  events: readonly string[] = ['prospect.created'],
): Promise<{ workspaceId: string; webhooks: Array<{ id: string; secret: string; path: string }> }> {
  const { id: workspaceId } = await createWorkspace(db, 'Delivery test');
  const webhooks = [];
  for (const path of paths) {
    const { record, secret } = await registerWebhook(
      db,
      { workspaceId, url: `${receiver.origin}${path}`, events },
      { allowInsecure: true },
    );
    webhooks.push({ id: record.id, secret, path });
  }
  return { workspaceId, webhooks };
}

/** Settles every pending delivery so the next test's worker does not pick it up. */
export async function settleLeftovers(db: Database): Promise<void> {
  await db.query(
    "update deliveries set status = 'failed', next_attempt_at = null, lease_until = null where status = 'pending'",
  );
}

/** Verifies a received request the way a receiver does, with the receiver's clock at `clock`. */
export function verifyReceived(request: ReceivedRequest, secret: string, clock: Clock) {
  return verifyWebhook({ body: request.body, headers: request.headers, secret, clock });
}

export async function deliveriesOf(db: Database, webhookId: string) {
  return db.query<{
    id: string;
    status: string;
    attempts: number;
    next_attempt_at: Date | null;
    last_status_code: number | null;
    last_error: string | null;
  }>(
    'select id, status, attempts, next_attempt_at, last_status_code, last_error from deliveries where webhook_id = $1 order by id',
    [webhookId],
  );
}

export async function attemptsOf(db: Database, deliveryId: string) {
  return db.query<{
    number: number;
    attempted_at: Date;
    status_code: number | null;
    duration_ms: number;
    error: string | null;
    response_excerpt: string | null;
    next_attempt_at: Date | null;
  }>('select * from delivery_attempts where delivery_id = $1 order by number', [deliveryId]);
}
