import type { AddressInfo } from 'node:net';
import { buildSignedWebhook, buildWebhookEvent, type WebhookEvent } from '@prospectkit/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';

const SECRET = 'whk_3kD9qLm2Xv8RtY6pWz4Hn7Bc1Fg5Js0A';

describe('examples/receiver-express', () => {
  const received: WebhookEvent[] = [];
  let url = '';
  let close = () => Promise.resolve();

  beforeAll(async () => {
    const server = createApp({ secret: SECRET, onEvent: (event) => void received.push(event) }).listen(
      0,
      '127.0.0.1',
    );
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => new Promise((resolve) => server.close(() => resolve()));
  });
  afterAll(() => close());

  const post = async (signed: { body: string; headers: Record<string, string> }) => {
    const response = await fetch(`${url}/webhooks/prospectkit`, { method: 'POST', ...signed });
    return { status: response.status, body: await response.json() };
  };

  it('handles a signed event, and skips its redelivery', async () => {
    const event = buildWebhookEvent('prospect.created', { data: { company: 'Initech' } });
    expect(await post(await buildSignedWebhook({ secret: SECRET, event }))).toEqual({
      status: 200,
      body: { received: true, status: 'handled', event_id: event.id },
    });
    expect((await post(await buildSignedWebhook({ secret: SECRET, event }))).body.status).toBe('duplicate');
    expect(received.filter((seen) => seen.id === event.id)).toHaveLength(1);
    expect(received.at(-1)).toEqual(event);
  });

  it('acknowledges a kind it does not handle', async () => {
    const event = buildWebhookEvent('meeting.booked');
    expect((await post(await buildSignedWebhook({ secret: SECRET, event }))).body.status).toBe('ignored');
  });

  it('refuses a request signed with another secret, with its code', async () => {
    const event = buildWebhookEvent('opportunity.won');
    const answer = await post(await buildSignedWebhook({ secret: 'whk_someone_else', event }));
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('no_matching_signature');
    expect(received.some((seen) => seen.id === event.id)).toBe(false);
  });

  it('still parses JSON on /api, mounted before the receiver', async () => {
    const response = await fetch(`${url}/api/echo`, {
      method: 'POST',
      body: '{"hello":"world"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(await response.json()).toEqual({ hello: 'world' });
  });
});
