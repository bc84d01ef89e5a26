import { describe, expect, it, vi } from 'vitest';
import { fakeFetch, hang, json, prospect } from '../test/fake-fetch.js';
import type { ProspectKitClient } from './create-client.js';
import { createClient } from './create-client.js';
import {
  AbortError,
  AuthenticationError,
  BadRequestError,
  ConnectionError,
  NotFoundError,
  PermissionDeniedError,
  ProspectKitError,
  RateLimitError,
  ServerError,
  ValidationError,
} from './prospect-kit-error.js';

const baseUrl = 'http://api.test/api/v1';

function clientWith(...replies: Parameters<typeof fakeFetch>) {
  const fake = fakeFetch(...replies);
  const client = createClient({ baseUrl, token: 'pkt_test', fetch: fake.fetch, maxRetryDelayMs: 0 });
  return { client, calls: fake.calls };
}

const outcome = {
  id: 'out_01JD3Z6X8Y9ABCDEFGHJKMNPQR',
  prospect_id: prospect(1).id,
  outcome: 'Won',
  meeting_at: null,
  value_minor: 1_250_000,
  currency: 'EUR',
  recorded_at: '2026-11-22T09:30:00.000Z',
};

describe('prospects resource: requests and results', () => {
  it.each<
    [
      string,
      {
        call: (client: ProspectKitClient) => Promise<unknown>;
        reply: Response;
        method: string;
        path: string;
        body?: unknown;
        want: unknown;
      },
    ]
  >([
    [
      'get',
      {
        call: (c) => c.prospects.get('prs_1'),
        reply: json(200, prospect(1)),
        method: 'GET',
        path: '/prospects/prs_1',
        want: prospect(1),
      },
    ],
    [
      'get encodes the id',
      {
        call: (c) => c.prospects.get('../x?y'),
        reply: json(200, prospect(1)),
        method: 'GET',
        path: '/prospects/..%2Fx%3Fy',
        want: prospect(1),
      },
    ],
    [
      'create',
      {
        call: (c) => c.prospects.create({ company: 'Acme Ltd', tags: ['emea'] }),
        reply: json(201, prospect(2)),
        method: 'POST',
        path: '/prospects',
        body: { company: 'Acme Ltd', tags: ['emea'] },
        want: prospect(2),
      },
    ],
    [
      'update',
      {
        call: (c) => c.prospects.update('prs_1', { notes: null, tags: [] }),
        reply: json(200, prospect(1)),
        method: 'PATCH',
        path: '/prospects/prs_1',
        body: { notes: null, tags: [] },
        want: prospect(1),
      },
    ],
    [
      'recordOutcome',
      {
        call: (c) =>
          c.prospects.recordOutcome('prs_1', { outcome: 'Won', value_minor: 1_250_000, currency: 'EUR' }),
        reply: json(201, outcome),
        method: 'POST',
        path: '/prospects/prs_1/outcomes',
        body: { outcome: 'Won', value_minor: 1_250_000, currency: 'EUR' },
        want: outcome,
      },
    ],
    [
      'list with a query',
      {
        call: async (c) => (await c.prospects.list({ search: 'acme co', per_page: 10 })).data,
        reply: json(200, {
          data: [prospect(1)],
          links: { next: null },
          meta: { current_page: 1, last_page: 1 },
        }),
        method: 'GET',
        path: '/prospects?search=acme%20co&per_page=10',
        want: [prospect(1)],
      },
    ],
  ])('%s', async (_name, { call, reply, method, path, body, want }) => {
    const { client, calls } = clientWith(reply);
    expect(await call(client)).toEqual(want);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.method).toBe(method);
    expect(calls[0]?.url).toBe(`${baseUrl}${path}`);
    if (body === undefined) expect(calls[0]?.body).toBe('');
    else expect(JSON.parse(calls[0]?.body ?? '')).toEqual(body);
  });

  it('passes per-call headers', async () => {
    const { client, calls } = clientWith(json(200, prospect(1)));
    await client.prospects.get('prs_1', { headers: { 'X-Request-Id': 'import-42' } });
    expect(calls[0]?.headers.get('X-Request-Id')).toBe('import-42');
  });
});

describe('prospects resource: thrown errors', () => {
  it.each<[number, typeof ProspectKitError, number]>([
    [400, BadRequestError, 1],
    [401, AuthenticationError, 1],
    [403, PermissionDeniedError, 1],
    [404, NotFoundError, 1],
    [413, BadRequestError, 1],
    [415, BadRequestError, 1],
    [422, ValidationError, 1],
    [429, RateLimitError, 3],
    [500, ServerError, 3],
    [503, ServerError, 3],
    [418, ProspectKitError, 1],
  ])('update answering %i throws %o after %i attempts', async (status, ErrorClass, attempts) => {
    const { client, calls } = clientWith(
      json(status, { message: `status ${status}` }, { 'X-Request-Id': 'req_9' }),
    );
    const error = await client.prospects.update('prs_1', { company: 'Acme' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErrorClass);
    expect((error as ProspectKitError).constructor).toBe(ErrorClass);
    expect((error as ProspectKitError).status).toBe(status);
    expect((error as ProspectKitError).requestId).toBe('req_9');
    expect((error as ProspectKitError).message).toContain(
      `PATCH /prospects/{id} failed with ${status}: status ${status}`,
    );
    expect(calls).toHaveLength(attempts);
  });

  it('throws ValidationError with errors per field', async () => {
    const body = {
      message: 'The company field is required.',
      errors: { company: ['The company field is required.'] },
    };
    const { client } = clientWith(json(422, body));
    const error = await client.prospects.create({ company: '' }).catch((e: unknown) => e);
    expect((error as ValidationError).errors).toEqual({ company: ['The company field is required.'] });
  });

  it('sends a create once on a 503 and throws ServerError', async () => {
    const { client, calls } = clientWith(json(503, { message: 'Server Error.' }));
    await expect(client.prospects.create({ company: 'Acme' })).rejects.toBeInstanceOf(ServerError);
    expect(calls).toHaveLength(1);
  });

  it('sends a recordOutcome once on a network error and throws ConnectionError', async () => {
    const { client, calls } = clientWith(new TypeError('fetch failed'));
    await expect(client.prospects.recordOutcome('prs_1', { outcome: 'Won' })).rejects.toBeInstanceOf(
      ConnectionError,
    );
    expect(calls).toHaveLength(1);
  });

  it('retries a create after a 429 and returns the prospect', async () => {
    const { client, calls } = clientWith(json(429, {}, { 'Retry-After': '0' }), json(201, prospect(3)));
    expect(await client.prospects.create({ company: 'Acme' })).toEqual(prospect(3));
    expect(calls).toHaveLength(2);
  });

  it('throws RateLimitError at once when Retry-After is past maxRetryDelayMs', async () => {
    const fake = fakeFetch(json(429, { message: 'Too Many Attempts.' }, { 'Retry-After': '120' }));
    const client = createClient({ baseUrl, token: 'pkt_test', fetch: fake.fetch, maxRetryDelayMs: 60_000 });
    const started = Date.now();
    const error = await client.prospects.get('prs_1').catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterSeconds).toBe(120);
    expect(fake.calls).toHaveLength(1);
  });

  it('throws AbortError when the caller aborts', async () => {
    const { client, calls } = clientWith(hang);
    const controller = new AbortController();
    const result = client.prospects.get('prs_1', { signal: controller.signal }).catch((e: unknown) => e);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    controller.abort();
    expect(await result).toBeInstanceOf(AbortError);
  });
});

describe('prospects resource: list pagination', () => {
  const pageOf = (current: number, last: number, ids: number[]) => ({
    data: ids.map(prospect),
    links: {
      first: `${baseUrl}/prospects?page=1`,
      last: `${baseUrl}/prospects?page=${last}`,
      prev: current > 1 ? `${baseUrl}/prospects?page=${current - 1}` : null,
      next: current < last ? `${baseUrl}/prospects?page=${current + 1}` : null,
    },
    meta: {
      current_page: current,
      from: null,
      last_page: last,
      path: `${baseUrl}/prospects`,
      per_page: 2,
      to: null,
      total: 5,
    },
  });

  it('iterates every prospect of every page, keeping the query', async () => {
    const { client, calls } = clientWith(
      json(200, pageOf(1, 3, [1, 2])),
      json(200, pageOf(2, 3, [3, 4])),
      json(200, pageOf(3, 3, [5])),
    );
    const ids: string[] = [];
    for await (const p of client.prospects.list({ search: 'co', per_page: 2 })) ids.push(p.id);
    expect(ids).toEqual([1, 2, 3, 4, 5].map((n) => prospect(n).id));
    expect(calls.map((c) => c.url.replace(baseUrl, ''))).toEqual([
      '/prospects?search=co&per_page=2',
      '/prospects?search=co&per_page=2&page=2',
      '/prospects?search=co&per_page=2&page=3',
    ]);
  });

  it('follows the cursor of links.next with count=none, dropping page, keeping the rest of the query', async () => {
    const first = pageOf(1, 3, [1, 2]);
    first.links.next = `${baseUrl}/prospects?tag=q4&per_page=2&cursor=abc_1`;
    const second = pageOf(2, 3, [3, 4]);
    second.links.next = `${baseUrl}/prospects?tag=q4&per_page=2&cursor=abc_2`;
    const { client, calls } = clientWith(json(200, first), json(200, second), json(200, pageOf(3, 3, [5])));
    const ids: string[] = [];
    for await (const p of client.prospects.list({ tag: ['q4'], per_page: 2, page: 1 })) ids.push(p.id);
    expect(ids).toHaveLength(5);
    expect(calls.map((c) => c.url.replace(baseUrl, ''))).toEqual([
      '/prospects?tag=q4&per_page=2&page=1',
      '/prospects?tag=q4&per_page=2&cursor=abc_1&count=none',
      '/prospects?tag=q4&per_page=2&cursor=abc_2&count=none',
    ]);
  });

  it('never follows the absolute links the server sends', async () => {
    const evil = pageOf(1, 2, [1, 2]);
    evil.links.next = 'http://evil.test/steal';
    const { client, calls } = clientWith(json(200, evil), json(200, pageOf(2, 2, [3])));
    const pages = [];
    for await (const page of client.prospects.list().pages()) pages.push(page.meta.current_page);
    expect(pages).toEqual([1, 2]);
    expect(calls.every((c) => c.url.startsWith(baseUrl))).toBe(true);
  });

  it('throws the typed error of a failing page from the iteration', async () => {
    const { client } = clientWith(
      json(200, pageOf(1, 2, [1, 2])),
      json(401, { message: 'Unauthenticated.' }),
    );
    const seen: string[] = [];
    const run = async () => {
      for await (const p of client.prospects.list()) seen.push(p.id);
    };
    await expect(run()).rejects.toBeInstanceOf(AuthenticationError);
    expect(seen).toHaveLength(2);
  });
});
