import { describe, expect, it, vi } from 'vitest';
import { buildSignedWebhook } from './build-signed-webhook.js';
import { buildWebhookEvent } from './build-webhook-event.js';
import { MemoryDedupeStore } from './memory-dedupe-store.js';
import { processWebhook } from './process-webhook.js';

const SECRET = 'whk_3kD9qLm2Xv8RtY6pWz4Hn7Bc1Fg5Js0A';

describe('processWebhook', () => {
  it('answers 500 invalid_body, not 400, to a body the receiver parsed itself (so the sender retries)', async () => {
    const event = buildWebhookEvent('prospect.created');
    const { headers } = await buildSignedWebhook({ secret: SECRET, event });
    const onError = vi.fn();
    const result = await processWebhook(
      { body: event, headers, context: undefined },
      { secret: SECRET, handlers: { 'prospect.created': vi.fn() }, onError },
    );
    expect(result.status).toBe(500);
    expect(result.body).toMatchObject({ code: 'invalid_body' });
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('reports a failed release but still answers 500 handler_failed', async () => {
    const event = buildWebhookEvent('prospect.created');
    const signed = await buildSignedWebhook({ secret: SECRET, event });
    const dedupe = new MemoryDedupeStore();
    dedupe.release = () => Promise.reject(new Error('release failed'));
    const onError = vi.fn();
    const result = await processWebhook(
      { ...signed, context: undefined },
      {
        secret: SECRET,
        dedupe,
        onError,
        handlers: { 'prospect.created': () => Promise.reject(new Error('boom')) },
      },
    );
    expect(result.status).toBe(500);
    expect(onError.mock.calls.map(([error, details]) => [(error as Error).message, details.code])).toEqual([
      ['boom', 'handler_failed'],
      ['release failed', 'dedupe_failed'],
    ]);
  });

  it('uses the injected clock and tolerance', async () => {
    const event = buildWebhookEvent('prospect.created');
    const signed = await buildSignedWebhook({ secret: SECRET, event, timestampSeconds: 1_000_000 });
    const options = { secret: SECRET, handlers: {}, toleranceSeconds: 10 };
    const at = async (now: number) =>
      (await processWebhook({ ...signed, context: undefined }, { ...options, getNowSeconds: () => now }))
        .status;
    expect(await at(1_000_010)).toBe(200);
    expect(await at(1_000_011)).toBe(400);
  });

  it('passes the context to the handler and does not claim kinds without a handler', async () => {
    const dedupe = new MemoryDedupeStore();
    const claim = vi.spyOn(dedupe, 'claim');
    const handler = vi.fn();
    const won = await buildSignedWebhook({ secret: SECRET, event: buildWebhookEvent('opportunity.won') });
    const created = await buildSignedWebhook({
      secret: SECRET,
      event: buildWebhookEvent('prospect.created'),
    });
    const options = { secret: SECRET, dedupe, handlers: { 'prospect.created': handler } };
    expect((await processWebhook({ ...won, context: 'ctx' }, options)).body).toMatchObject({
      status: 'ignored',
    });
    expect(claim).not.toHaveBeenCalled();
    await processWebhook({ ...created, context: 'ctx' }, options);
    expect(handler).toHaveBeenCalledWith(expect.objectContaining({ event: 'prospect.created' }), 'ctx');
  });
});
