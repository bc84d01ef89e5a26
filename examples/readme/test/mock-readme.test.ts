// Runs the mock README's blocks as written, in README order. The vitest suite block is a test file of its own
// (src/mock/vitest-suite.test.ts); the blocks after it get its `mock`, `server`, `baseUrl` and `client` here.
import { createClient } from '@prospectkit/client';
import { createProspectKitMock } from '@prospectkit/mock';
import { verifyWebhook } from '@prospectkit/webhooks';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { captureLogs, provide } from './readme-harness.js';

const logs = captureLogs();

it('Example: the mock answers and records the event', async () => {
  await import('../src/mock/example.js');
  expect(logs).toEqual([[['prospect.created']]]);
});

describe('with the vitest suite of the README', () => {
  const baseUrl = 'http://localhost:3000/api/v1';
  const mock = createProspectKitMock({ baseUrl });
  const server = setupServer(...mock.handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    mock.reset();
    server.resetHandlers();
  });
  afterAll(() => server.close());
  const client = createClient({ baseUrl, token: 'any-token', maxRetries: 0, fetch: (r) => fetch(r) });
  const newProspect = async () => (await client.prospects.create({ company: 'Acme Ltd' })).id;

  it('mock.db: reads and writes without events', async () => {
    const id = await newProspect();
    await client.prospects.recordOutcome(id, { outcome: 'Interested' });
    provide({ mock, id, prospectId: id });
    await import('../src/mock/db.js');
    expect(mock.db.prospects.get(id)).toBeUndefined();
    expect(mock.db.prospects.list().map((p) => p.company)).toEqual(['Imported Ltd']);
    expect(mock.db.tokens.get('reader')?.abilities).toEqual(['prospects:read']);
  });

  it('Typed overrides: the test handler answers first', async () => {
    provide({ mock, server });
    await import('../src/mock/typed-override.js');
    expect((await client.prospects.get('prs_01JD3Z6X8Y9ABCDEFGHJKMNPQR')).company).toBe('From the test');
  });

  it('Fault injection: each operation fails once as queued', async () => {
    provide({ mock });
    await import('../src/mock/fail-next.js');
    const created = await client.POST('/prospects', { body: { company: 'Acme Ltd' } });
    expect([created.response.status, created.response.headers.get('retry-after')]).toEqual([429, '120']);
  });

  it('Factories: a mock seeded with a built prospect', async () => {
    provide({ baseUrl });
    await import('../src/mock/factories.js');
  });

  it('Feed recorded events to your webhook receiver', async () => {
    const received: string[] = [];
    const myReceiver = async (request: Request) => {
      const body = await request.arrayBuffer();
      const event = await verifyWebhook({ body, headers: request.headers, secret: 'whk_test_secret' });
      received.push(event.event);
      return new Response(null, { status: 204 });
    };
    provide({ client, mock, id: await newProspect(), myReceiver });
    await import('../src/mock/signed-request.js');
    expect(received).toEqual([
      'prospect.created',
      'prospect.outcome.updated',
      'opportunity.updated',
      'opportunity.won',
    ]);
  });
});
