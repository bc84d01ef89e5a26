import { verifyWebhook } from '@prospectkit/webhooks';
import { describe, expect, it } from 'vitest';
import { buildEventEnvelope, signedRequestFor } from '../src/index.js';
import { api, useMock } from './msw-harness.js';

const SECRET = 'whk_0123456789abcdefghijklmnopqrstuv';

describe('signedRequestFor', () => {
  const { mock } = useMock();

  it('signs a recorded event the way the service delivers it, so a receiver verifies it', async () => {
    await api('POST', '/prospects', { body: { company: 'Acme', contact_email: 'ada@acme.example' } });
    const [event] = mock.events;
    if (!event) throw new Error('no event recorded');
    const request = await signedRequestFor(event, SECRET);
    expect(request.method).toBe('POST');
    expect(request.url).toBe('https://receiver.example/webhooks');
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(request.headers.get('service-event-id')).toBe(event.id);
    expect(request.headers.get('service-event')).toBe('prospect.created');
    expect(request.headers.get('service-signature')).toMatch(/^v1=[0-9a-f]{64}$/);
    const body = await request.text();
    expect(body).toBe(JSON.stringify(event));
    expect(await verifyWebhook({ body, headers: request.headers, secret: SECRET })).toEqual(event);
  });

  it('takes the receiver URL and the timestamp', async () => {
    const request = await signedRequestFor(buildEventEnvelope('opportunity.won'), SECRET, {
      url: 'http://localhost:4000/hooks',
      timestampSeconds: 1_795_000_000,
    });
    expect(request.url).toBe('http://localhost:4000/hooks');
    expect(request.headers.get('service-timestamp')).toBe('1795000000');
  });

  it('fails verification with another secret', async () => {
    const request = await signedRequestFor(buildEventEnvelope('prospect.created'), SECRET);
    await expect(
      verifyWebhook({ body: await request.text(), headers: request.headers, secret: 'whk_other' }),
    ).rejects.toThrow();
  });
});
