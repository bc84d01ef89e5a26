// The README's examples, as written there: if this file needs a change, so does the README.
import { createClient } from '@prospectkit/client';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { buildProspect, createProspectKitMock, signedRequestFor } from '../src/index.js';

const baseUrl = 'http://localhost:3000/api/v1'; // the base URL your code calls
const mock = createProspectKitMock({ baseUrl });
const server = setupServer(...mock.handlers);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => mock.reset()); // back to the seed, no events
afterAll(() => server.close());

it('creates, then reads back', async () => {
  const client = createClient({ baseUrl, token: 'any-token' });
  const { data: created } = await client.POST('/prospects', { body: { company: 'Acme Ltd' } });
  const { data: read } = await client.GET('/prospects/{id}', { params: { path: { id: created!.id } } });
  expect(read).toEqual(created);
  expect(mock.events.map((e) => e.event)).toEqual(['prospect.created']);
});

it('takes a typed override', async () => {
  server.use(
    mock.http.get('/prospects/{id}', ({ params, response }) =>
      response(200).json(buildProspect({ id: params.id, company: 'From the test' })),
    ),
  );
  const client = createClient({ baseUrl, token: 'any-token' });
  const { data } = await client.GET('/prospects/{id}', { params: { path: { id: 'prs_x' } } });
  expect(data?.company).toBe('From the test');
  server.resetHandlers();
});

it('feeds recorded events to a receiver', async () => {
  const client = createClient({ baseUrl, token: 'any-token' });
  const { data } = await client.POST('/prospects', { body: { company: 'Acme Ltd' } });
  await client.POST('/prospects/{id}/outcomes', {
    params: { path: { id: data!.id } },
    body: { outcome: 'Won' },
  });
  const received: string[] = [];
  const myReceiver = async (request: Request) => {
    received.push(request.headers.get('service-event') ?? '');
    return new Response(null, { status: 204 });
  };
  for (const event of mock.events) {
    const response = await myReceiver(await signedRequestFor(event, 'whk_test_secret'));
    expect(response.status).toBe(204);
  }
  expect(received).toEqual([
    'prospect.created',
    'prospect.outcome.updated',
    'opportunity.updated',
    'opportunity.won',
  ]);
});
