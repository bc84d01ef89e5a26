// Runs the client README's blocks as written, against the mock at the README's base URL (msw intercepts the
// client's fetch), in README order.
import { createClient } from '@prospectkit/client';
import { createProspectKitMock } from '@prospectkit/mock';
import { buildWebhookEvent } from '@prospectkit/webhooks';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { captureLogs, provide } from './readme-harness.js';

const baseUrl = 'http://localhost:3000/api/v1';
const mock = createProspectKitMock({ baseUrl });
const server = setupServer(...mock.handlers);
const logs = captureLogs();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const client = () => createClient({ baseUrl, token: 'pkt_readme', maxRetries: 0 });
const newProspect = async () => (await client().prospects.create({ company: 'Acme Ltd' })).id;

it('Example: creates, records Won, lists and gets a NotFoundError', async () => {
  vi.stubEnv('PK_TOKEN', 'pkt_readme');
  await import('../src/client/example.js');
  const [prospect] = mock.db.prospects.list();
  expect(prospect).toMatchObject({ company: 'Acme Ltd', contact_email: 'ada@acme.example' });
  expect(mock.events.map((e) => e.event)).toContain('opportunity.won');
  expect(logs).toEqual([[prospect?.id, 'Acme Ltd']]);
});

it('the raw GET', async () => {
  provide({ client: client(), id: await newProspect() });
  await import('../src/client/raw-get.js');
});

it('Errors: a ValidationError with its field messages', async () => {
  provide({ client: client() });
  await import('../src/client/errors.js');
  expect(logs).toEqual([[['The company field is required.']]]);
});

it('Timeouts and cancellation: get with a signal', async () => {
  provide({ client: client(), id: await newProspect() });
  await import('../src/client/signal.js');
});

it('Pagination: a page, every prospect, every page', async () => {
  provide({ client: client() });
  await import('../src/client/pagination.js');
  const companies = logs.filter(([line]) => line === 'Acme Ltd');
  expect(companies).toHaveLength(mock.db.prospects.list().length);
  expect(logs.at(-1)).toEqual([1]);
});

it('Webhook event types: handle() reads each kind typed', async () => {
  const { handle } = await import('../src/client/webhook-events.js');
  handle(buildWebhookEvent('prospect.created', { data: { company: 'Globex' } }));
  handle(buildWebhookEvent('opportunity.won', { data: { value_minor: 990000, currency: 'USD' } }));
  expect(logs).toEqual([['Globex'], [990000, 'USD']]);
});
