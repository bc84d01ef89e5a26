import { buildSignedWebhook, buildWebhookEvent, type WebhookEvent } from '@prospectkit/webhooks';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';

const SECRET = 'whk_3kD9qLm2Xv8RtY6pWz4Hn7Bc1Fg5Js0A';

describe('examples/receiver-hono, in process', () => {
  const received: WebhookEvent[] = [];
  const app = createApp({ secret: SECRET, onEvent: (event) => void received.push(event) });
  const post = async (signed: { body: string; headers: Record<string, string> }) => {
    const response = await app.request('/webhooks/prospectkit', { method: 'POST', ...signed });
    return { status: response.status, body: await response.json() };
  };

  it('handles a signed event, and skips its redelivery', async () => {
    const event = buildWebhookEvent('opportunity.won', { data: { value_minor: 990000, currency: 'USD' } });
    expect(await post(await buildSignedWebhook({ secret: SECRET, event }))).toEqual({
      status: 200,
      body: { received: true, status: 'handled', event_id: event.id },
    });
    expect((await post(await buildSignedWebhook({ secret: SECRET, event }))).body.status).toBe('duplicate');
    expect(received).toEqual([event]);
  });

  it('refuses a timestamp 301 seconds old, with its code', async () => {
    const event = buildWebhookEvent('prospect.created');
    const answer = await post(
      await buildSignedWebhook({
        secret: SECRET,
        event,
        timestampSeconds: Math.floor(Date.now() / 1000) - 301,
      }),
    );
    expect(answer).toMatchObject({ status: 400, body: { code: 'timestamp_outside_tolerance' } });
    expect(received.some((seen) => seen.id === event.id)).toBe(false);
  });

  it('refuses a tampered body', async () => {
    const signed = await buildSignedWebhook({ secret: SECRET, event: buildWebhookEvent('prospect.created') });
    const answer = await post({ ...signed, body: signed.body.replace('Acme', 'Evil') });
    expect(answer).toMatchObject({ status: 400, body: { code: 'no_matching_signature' } });
  });
});
