import { afterEach, expect, it, vi } from 'vitest';
import {
  buildSignedWebhook,
  buildWebhookEvent,
  type DedupeStore,
  MemoryDedupeStore,
  type ProcessWebhookOptions,
  type WebhookEvent,
  type WebhookEventOf,
} from '../src/index.js';

export const SECRET = 'whk_3kD9qLm2Xv8RtY6pWz4Hn7Bc1Fg5Js0A';
const OLD_SECRET = 'whk_Zq8Wn4Lp1Tx7Rk2Vm9Hc5Bd3Gf6Js0Ya';

/** One request as the service sends it. */
export interface Delivery {
  body: string | Uint8Array<ArrayBuffer>;
  headers: Record<string, string>;
}
/** Sends a delivery to the receiver under test and returns its answer. */
export type Send = (delivery: Delivery) => Promise<{ status: number; body: Record<string, unknown> }>;
/** Options every adapter takes: those of processWebhook plus `maxBodyBytes`. */
// biome-ignore lint/suspicious/noExplicitAny: each adapter passes its own handler context
export type AdapterOptions = ProcessWebhookOptions<any> & { maxBodyBytes?: number };
/** Starts a receiver with `options`; returns how to send to it and how to stop it. */
export type StartReceiver = (options: AdapterOptions) => Promise<{ send: Send; close: () => Promise<void> }>;

/** The behaviour both adapters promise (Express router and fetch handler), written once. */
export function adapterContract(start: StartReceiver): void {
  const open: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((close) => close()));
  });
  const receiver = async (options: Partial<AdapterOptions> = {}) => {
    const onError = vi.fn();
    const started = await start({ secret: SECRET, handlers: {}, onError, ...options } as AdapterOptions);
    open.push(started.close);
    return { ...started, onError };
  };
  const deliver = (
    event: WebhookEvent = buildWebhookEvent('prospect.created'),
    timestampSeconds?: number,
    secret = SECRET,
  ) => buildSignedWebhook({ secret, event, timestampSeconds });

  it('answers 200 "handled" and runs the handler of the kind with the typed event', async () => {
    const created = vi.fn(async (_event: WebhookEventOf<'prospect.created'>) => {});
    const won = vi.fn();
    const { send } = await receiver({ handlers: { 'prospect.created': created, 'opportunity.won': won } });
    const event = buildWebhookEvent('prospect.created');
    const answer = await send(await deliver(event));
    expect(answer).toEqual({ status: 200, body: { received: true, status: 'handled', event_id: event.id } });
    expect(created).toHaveBeenCalledTimes(1);
    expect(created.mock.calls[0]?.[0]).toEqual(event);
    expect(won).not.toHaveBeenCalled();
  });

  it.each([
    [
      'clock',
      (at: () => number): Partial<AdapterOptions> => ({ clock: { now: () => new Date(at() * 1000) } }),
    ],
    ['the deprecated getNowSeconds', (at: () => number): Partial<AdapterOptions> => ({ getNowSeconds: at })],
  ])("reads the receiver's time from %s on every request", async (_name, timeFrom) => {
    let nowSeconds = 1_000_000;
    const { send } = await receiver(timeFrom(() => nowSeconds));
    const delivery = await deliver(undefined, 1_000_000);
    expect((await send(delivery)).status).toBe(200);
    nowSeconds += 301;
    expect(await send(delivery)).toMatchObject({
      status: 400,
      body: { code: 'timestamp_outside_tolerance' },
    });
  });

  it('answers 200 "ignored" for a kind without a handler, so the sender does not retry', async () => {
    const { send } = await receiver({ handlers: { 'opportunity.won': vi.fn() } });
    const answer = await send(await deliver(buildWebhookEvent('meeting.booked')));
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe('ignored');
  });

  it('answers 200 "duplicate" to a redelivery, freshly signed, and runs the handler once', async () => {
    const handler = vi.fn();
    const { send } = await receiver({
      dedupe: new MemoryDedupeStore(),
      handlers: { 'prospect.created': handler },
    });
    const event = buildWebhookEvent('prospect.created');
    const now = Math.floor(Date.now() / 1000);
    expect((await send(await deliver(event, now - 60))).body.status).toBe('handled');
    expect(await send(await deliver(event, now))).toEqual({
      status: 200,
      body: { received: true, status: 'duplicate', event_id: event.id },
    });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('skips a replay of the same signed request by default (in memory), so a captured delivery runs once', async () => {
    const handler = vi.fn();
    const { send } = await receiver({ handlers: { 'prospect.created': handler } });
    const event = buildWebhookEvent('prospect.created');
    const captured = await deliver(event);
    expect((await send(captured)).body.status).toBe('handled');
    expect(await send(captured)).toEqual({
      status: 200,
      body: { received: true, status: 'duplicate', event_id: event.id },
    });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('handles every delivery, replays included, only when told so with dedupe: false', async () => {
    const handler = vi.fn();
    const { send } = await receiver({ dedupe: false, handlers: { 'prospect.created': handler } });
    const captured = await deliver();
    expect((await send(captured)).body.status).toBe('handled');
    expect((await send(captured)).body.status).toBe('handled');
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it('answers 500 when a handler throws, releases the claim, and handles the retry', async () => {
    let attempts = 0;
    const { send, onError } = await receiver({
      dedupe: new MemoryDedupeStore(),
      handlers: {
        'prospect.created': async () => {
          attempts++;
          if (attempts === 1) throw new Error('CRM is down');
        },
      },
    });
    const event = buildWebhookEvent('prospect.created');
    const first = await send(await deliver(event));
    expect(first.status).toBe(500);
    expect(first.body).toMatchObject({ received: false, code: 'handler_failed' });
    expect(JSON.stringify(first.body)).not.toContain('CRM is down');
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'CRM is down' }), {
      code: 'handler_failed',
      event,
    });
    expect((await send(await deliver(event))).body.status).toBe('handled');
    expect(attempts).toBe(2);
  });

  it('answers 500 "dedupe_failed" when the dedupe store is unreachable, without running the handler', async () => {
    const handler = vi.fn();
    const broken: DedupeStore = {
      claim: async () => Promise.reject(new Error('ECONNREFUSED')),
      release: async () => {},
    };
    const { send, onError } = await receiver({ dedupe: broken, handlers: { 'prospect.created': handler } });
    const answer = await send(await deliver());
    expect(answer.status).toBe(500);
    expect(answer.body.code).toBe('dedupe_failed');
    expect(handler).not.toHaveBeenCalled();
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['no_matching_signature', async () => ({ ...(await deliver(undefined, undefined, OLD_SECRET)) })],
    ['timestamp_outside_tolerance', async () => deliver(undefined, Math.floor(Date.now() / 1000) - 301)],
    [
      'missing_header',
      async () => {
        const { body, headers } = await deliver();
        const { 'Service-Signature': _, ...rest } = headers;
        return { body, headers: rest };
      },
    ],
    [
      'malformed_header',
      async () => {
        const { body, headers } = await deliver();
        return {
          body,
          headers: { ...headers, 'Service-Signature': headers['Service-Signature']!.toUpperCase() },
        };
      },
    ],
    [
      'event_id_mismatch',
      async () => {
        const { body, headers } = await deliver();
        return { body, headers: { ...headers, 'Service-Event-ID': 'evt_01JD3Z6X8Y9ABCDEFGHJKMNPQZ' } };
      },
    ],
    [
      'no_matching_signature',
      async () => {
        const { body, headers } = await deliver();
        return { body: body.replace('Acme', 'Acne'), headers };
      },
    ],
  ])('answers 400 %s without running the handler', async (code, make) => {
    const handler = vi.fn();
    const { send, onError } = await receiver({
      dedupe: new MemoryDedupeStore(),
      handlers: { 'prospect.created': handler },
    });
    const answer = await send(await make());
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ received: false, code });
    expect(answer.body.message).toEqual(expect.any(String));
    expect(handler).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
  });

  it('accepts the old and the new secret during a rotation', async () => {
    const handler = vi.fn();
    const { send } = await receiver({
      secret: [SECRET, OLD_SECRET],
      handlers: { 'prospect.created': handler },
    });
    expect((await send(await deliver(undefined, undefined, OLD_SECRET))).status).toBe(200);
    expect((await send(await deliver(undefined, undefined, SECRET))).status).toBe(200);
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it('hashes the bytes as received: non-ASCII, CRLF and a trailing newline pass', async () => {
    const handler = vi.fn();
    const { send } = await receiver({ handlers: { 'inbox.reply.received': handler } });
    const event = buildWebhookEvent('inbox.reply.received', { data: { company: 'Café Müller 東京' } });
    const body = new TextEncoder().encode(`${JSON.stringify(event, null, 2).replaceAll('\n', '\r\n')}\r\n`);
    const { signWebhook } = await import('../src/index.js');
    const signature = await signWebhook({ secret: SECRET, body });
    const answer = await send({
      body,
      headers: { 'Content-Type': 'application/json', 'Service-Event-ID': event.id, ...signature },
    });
    expect(answer.status).toBe(200);
    expect(handler.mock.calls[0]?.[0].data.company).toBe('Café Müller 東京');
  });

  it('answers 413 past maxBodyBytes', async () => {
    const { send } = await receiver({ maxBodyBytes: 256, handlers: { 'prospect.created': vi.fn() } });
    const answer = await send(
      await deliver(buildWebhookEvent('prospect.created', { data: { company: 'x'.repeat(400) } })),
    );
    expect(answer.status).toBe(413);
    expect(answer.body.code).toBe('invalid_body');
  });

  it.each([
    ['a secret without whk_', { secret: 'sk_test_123' }, 'invalid_secret'],
    ['toleranceSeconds 0', { toleranceSeconds: 0 }, 'RangeError'],
    ['dedupeTtlMs 0', { dedupeTtlMs: 0 }, 'RangeError'],
    ['maxBodyBytes 0', { maxBodyBytes: 0 }, 'RangeError'],
  ])('refuses %s', async (_name, options, want) => {
    const attempt = async () => {
      const { send } = await receiver(options as Partial<AdapterOptions>);
      await send(await deliver());
    };
    await expect(attempt()).rejects.toSatisfy(
      (error: Error & { code?: string }) => (error.code ?? error.name) === want,
    );
  });
}
