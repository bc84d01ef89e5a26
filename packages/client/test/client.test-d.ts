// Type tests: run by `vitest --project client` (typecheck) and by `tsc -b`. Each @ts-expect-error line must fail
// to compile; if the types loosen, the directive becomes unused and the check fails.
import { describe, expectTypeOf, it } from 'vitest';
import {
  type components,
  createClient,
  type ErrorBody,
  type OutcomeResult,
  type PagePromise,
  type Prospect,
  type ProspectKitClient,
  type ProspectPage,
  type RateLimitError,
  type ValidationError,
  type WebhookEvent,
  type WebhookEventOf,
  type webhooks,
} from '../src/index.js';

declare const client: ProspectKitClient;

describe('raw openapi-fetch methods', () => {
  it('types paths, params and bodies from the contract', async () => {
    const { data, error } = await client.GET('/prospects/{id}', { params: { path: { id: 'prs_1' } } });
    expectTypeOf(data).toEqualTypeOf<Prospect | undefined>();
    if (error) expectTypeOf(error.message).toBeString();

    // @ts-expect-error a path that is not in the contract
    await client.GET('/prospect');
    // @ts-expect-error DELETE is not an operation of /prospects/{id}
    await client.DELETE('/prospects/{id}', { params: { path: { id: 'prs_1' } } });
    // @ts-expect-error the path parameter is required
    await client.GET('/prospects/{id}');
    // @ts-expect-error per_page is a number, not a string
    await client.GET('/prospects', { params: { query: { per_page: '10' } } });
    // @ts-expect-error the body needs company
    await client.POST('/prospects', { body: { domain: 'acme.example' } });
    // @ts-expect-error the body is required
    await client.POST('/prospects');
  });

  it('returns the created prospect from POST', async () => {
    const { data } = await client.POST('/prospects', { body: { company: 'Acme Ltd' } });
    expectTypeOf(data).toEqualTypeOf<Prospect | undefined>();
  });
});

describe('prospects resource', () => {
  it('returns data, not {data, error}', async () => {
    expectTypeOf(client.prospects.get('prs_1')).resolves.toEqualTypeOf<Prospect>();
    expectTypeOf(client.prospects.create({ company: 'Acme' })).resolves.toEqualTypeOf<Prospect>();
    expectTypeOf(client.prospects.update('prs_1', {})).resolves.toEqualTypeOf<Prospect>();
    expectTypeOf(
      client.prospects.recordOutcome('prs_1', { outcome: 'Won' }),
    ).resolves.toEqualTypeOf<OutcomeResult>();
  });

  it('rejects wrong arguments', () => {
    // @ts-expect-error company is required
    client.prospects.create({});
    // @ts-expect-error unknown fields are rejected (additionalProperties: false); the raw POST cannot check this
    client.prospects.create({ company: 'Acme', colour: 'red' });
    // @ts-expect-error company cannot be cleared
    client.prospects.update('prs_1', { company: null });
    // @ts-expect-error not an outcome value
    client.prospects.recordOutcome('prs_1', { outcome: 'Maybe' });
    // @ts-expect-error value_minor is a number of minor units
    client.prospects.recordOutcome('prs_1', { value_minor: '12.50' });
    // @ts-expect-error search is a string
    client.prospects.list({ search: 42 });
    // @ts-expect-error ids are strings
    client.prospects.get(42);
  });

  it('lists as a page promise that iterates prospects', async () => {
    const list = client.prospects.list({ search: 'acme' });
    expectTypeOf(list).toEqualTypeOf<PagePromise<ProspectPage>>();
    expectTypeOf(list).resolves.toEqualTypeOf<ProspectPage>();
    for await (const prospect of list) expectTypeOf(prospect).toEqualTypeOf<Prospect>();
    for await (const page of list.pages()) expectTypeOf(page.meta.last_page).toBeNumber();
  });
});

describe('errors', () => {
  it('types the extra fields', () => {
    expectTypeOf<ValidationError['errors']>().toEqualTypeOf<Record<string, string[]>>();
    expectTypeOf<RateLimitError['retryAfterSeconds']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<RateLimitError['code']>().toEqualTypeOf<'rate_limit'>();
  });
});

describe('webhook events', () => {
  it('derives the events from the contract', () => {
    expectTypeOf<WebhookEventOf<'prospect.created'>>().toEqualTypeOf<
      webhooks['prospect.created']['post']['requestBody']['content']['application/json']
    >();
    expectTypeOf<WebhookEvent['event']>().toEqualTypeOf<
      | 'prospect.created'
      | 'inbox.reply.received'
      | 'conversation.assigned'
      | 'prospect.outcome.updated'
      | 'opportunity.updated'
      | 'meeting.booked'
      | 'opportunity.won'
    >();
  });

  it('narrows on event', () => {
    const handle = (event: WebhookEvent) => {
      if (event.event === 'conversation.assigned')
        expectTypeOf(event.data.assignee_id).toEqualTypeOf<string | null>();
      if (event.event === 'opportunity.won') {
        expectTypeOf(event.data.value_minor).toEqualTypeOf<number | null>();
        // @ts-expect-error outcome events carry no company
        event.data.company;
      }
    };
    expectTypeOf(handle).toBeFunction();
  });
});

describe('createClient', () => {
  it('requires baseUrl and token', () => {
    // @ts-expect-error token is required
    createClient({ baseUrl: 'http://localhost:3000/api/v1' });
    expectTypeOf(
      createClient({ baseUrl: 'x', token: 'pkt_x', timeoutMs: 1_000 }),
    ).toEqualTypeOf<ProspectKitClient>();
  });
});

describe('schema names', () => {
  it('keeps ErrorBody for the renamed ErrorResponse schema, and names no schema Error or Location', () => {
    expectTypeOf<ErrorBody>().toEqualTypeOf<{ message: string }>();
    expectTypeOf<components['schemas']['ErrorResponse']>().toEqualTypeOf<ErrorBody>();
    expectTypeOf<Extract<keyof components['schemas'], 'Error' | 'Location'>>().toEqualTypeOf<never>();
  });
});
