import { describe, expect, it, vi } from 'vitest';
import { buildSignedWebhook } from './build-signed-webhook.js';
import { buildWebhookEvent } from './build-webhook-event.js';
import { MemoryDedupeStore } from './memory-dedupe-store.js';
import { type ProcessWebhookOptions, processWebhook } from './process-webhook.js';

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

  it('reads the injected clock on every request, with the tolerance', async () => {
    const event = buildWebhookEvent('prospect.created');
    const signed = await buildSignedWebhook({ secret: SECRET, event, timestampSeconds: 1_000_000 });
    let nowMs = 1_000_010_999;
    const options = {
      secret: SECRET,
      handlers: {},
      toleranceSeconds: 10,
      clock: { now: () => new Date(nowMs) },
    };
    const status = async () => (await processWebhook({ ...signed, context: undefined }, options)).status;
    expect(await status()).toBe(200);
    nowMs = 1_000_011_000;
    expect(await status()).toBe(400);
  });

  it('still takes the deprecated getNowSeconds, and prefers clock when both are given', async () => {
    const event = buildWebhookEvent('prospect.created');
    const signed = await buildSignedWebhook({ secret: SECRET, event, timestampSeconds: 1_000_000 });
    const options = { secret: SECRET, handlers: {}, toleranceSeconds: 10 };
    const at = async (extra: Partial<ProcessWebhookOptions>) =>
      (await processWebhook({ ...signed, context: undefined }, { ...options, ...extra })).status;
    expect(await at({ getNowSeconds: () => 1_000_010 })).toBe(200);
    expect(await at({ getNowSeconds: () => 1_000_011 })).toBe(400);
    expect(await at({ getNowSeconds: () => 1_000_011, clock: { now: () => new Date(1_000_010_000) } })).toBe(
      200,
    );
  });

  it('fails, rather than skipping the timestamp check, when the clock gives no valid time', async () => {
    const signed = await buildSignedWebhook({ secret: SECRET, event: buildWebhookEvent('prospect.created') });
    const clock = { now: () => new Date(Number.NaN) };
    await expect(
      processWebhook({ ...signed, context: undefined }, { secret: SECRET, handlers: {}, clock }),
    ).rejects.toThrow(TypeError);
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
