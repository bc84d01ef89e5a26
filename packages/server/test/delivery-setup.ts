import { createServer } from 'node:net';
import {
  openTestDatabase,
  type ReceiverAnswer,
  startWebhookReceiver,
  type WebhookReceiver,
} from '@prospectkit/server/testing';
import type { Clock } from '../src/clock.js';
import type { Database } from '../src/db/database.js';

// What the delivery tests (delivery-*.test.ts) share: a database and a receiver that answers by path.

export const MINUTE = 60_000;

/** A clock stopped at `ms` (Unix milliseconds), e.g. the receiver's clock at the time of one attempt. */
export const clockAt = (ms: number): Clock => ({ now: () => new Date(ms) });

/** Answers by path: `/status/NNN`, `/hang`, `/drop`, `/redirect`, `/big`, `/slow`; otherwise 204. */
function answerByPath(receiver: WebhookReceiver) {
  return (request: { path: string }): ReceiverAnswer => {
    const status = /\/status\/(\d{3})$/.exec(request.path)?.[1];
    if (status) return { status: Number(status), body: Number(status) >= 500 ? 'upstream down' : '' };
    if (request.path.endsWith('/hang')) return { hang: true };
    if (request.path.endsWith('/drop')) return { destroy: true };
    if (request.path.endsWith('/redirect'))
      return { status: 302, headers: { location: `${receiver.origin}/redirected` } };
    if (request.path.endsWith('/big')) return { status: 200, body: `${'é'.repeat(400)}${'x'.repeat(5000)}` };
    if (request.path.endsWith('/slow')) return { status: 204, delayMs: 400 };
    return { status: 204 };
  };
}

/** A loopback port nothing listens on, for connection errors. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Opens a test database of `kind` and a receiver answering by path (see `answerByPath`). */
export async function openDeliverySetup(
  kind: 'pglite' | 'postgres',
): Promise<{ db: Database; receiver: WebhookReceiver }> {
  const db = await openTestDatabase(kind);
  const receiver = await startWebhookReceiver();
  receiver.answer(answerByPath(receiver));
  return { db, receiver };
}

export async function closeDeliverySetup(db: Database, receiver: WebhookReceiver): Promise<void> {
  await receiver.close();
  await db.close();
}
