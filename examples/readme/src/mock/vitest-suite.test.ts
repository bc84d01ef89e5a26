import { createClient } from '@prospectkit/client';
import { createProspectKitMock } from '@prospectkit/mock';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';

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
