import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, hang, json, prospect, type RecordedCall } from '../test/fake-fetch.js';
import { type ClientOptions, createClient } from './create-client.js';
import { ConnectionError, TimeoutError } from './prospect-kit-error.js';

const baseUrl = 'http://api.test/api/v1';
const token = 'pkt_test_token';

describe('createClient', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('sends the token, Accept, the extra headers and the User-Agent', async () => {
    const { fetch, calls } = fakeFetch(json(200, prospect(1)));
    const client = createClient({
      baseUrl,
      token,
      fetch,
      userAgent: 'acme-crm/1.2',
      headers: { 'X-Tenant': 'acme', authorization: 'Bearer other', accept: 'text/html' },
    });
    await client.GET('/prospects/{id}', { params: { path: { id: 'prs_1' } } });
    const headers = calls[0]?.headers;
    expect(headers?.get('Authorization')).toBe(`Bearer ${token}`);
    expect(headers?.get('Accept')).toBe('application/json');
    expect(headers?.get('X-Tenant')).toBe('acme');
    expect(headers?.get('User-Agent')).toBe('acme-crm/1.2');
    expect(calls[0]?.url).toBe(`${baseUrl}/prospects/prs_1`);
  });

  it('accepts a baseUrl with a trailing slash', async () => {
    const { fetch, calls } = fakeFetch(json(200, prospect(1)));
    await createClient({ baseUrl: `${baseUrl}/`, token, fetch }).GET('/prospects/{id}', {
      params: { path: { id: 'prs_1' } },
    });
    expect(calls[0]?.url).toBe(`${baseUrl}/prospects/prs_1`);
  });

  it('keeps the raw methods openapi-fetch shaped: an error status resolves with error and response', async () => {
    const { fetch } = fakeFetch(json(404, { message: 'Prospect not found.' }));
    const { data, error, response } = await createClient({ baseUrl, token, fetch }).GET('/prospects/{id}', {
      params: { path: { id: 'prs_missing' } },
    });
    expect(data).toBeUndefined();
    expect(error).toEqual({ message: 'Prospect not found.' });
    expect(response.status).toBe(404);
  });

  it('retries the raw methods too', async () => {
    const { fetch, calls } = fakeFetch(json(503, {}), json(200, { data: [], links: {}, meta: {} }));
    const { data, response } = await createClient({ baseUrl, token, fetch, maxRetryDelayMs: 0 }).GET(
      '/prospects',
    );
    expect(response.status).toBe(200);
    expect(data?.data).toEqual([]);
    expect(calls).toHaveLength(2);
  });

  it('does not retry a raw POST after a 503', async () => {
    const { fetch, calls } = fakeFetch(json(503, { message: 'Server Error.' }));
    const { error } = await createClient({ baseUrl, token, fetch, maxRetryDelayMs: 0 }).POST('/prospects', {
      body: { company: 'Acme Ltd' },
    });
    expect(error).toEqual({ message: 'Server Error.' });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({ company: 'Acme Ltd' });
  });

  it('rejects the raw methods with TimeoutError after timeoutMs on every attempt', async () => {
    vi.useFakeTimers();
    const { fetch, calls } = fakeFetch(hang);
    const result = createClient({ baseUrl, token, fetch, timeoutMs: 5_000, maxRetries: 1 })
      .GET('/prospects')
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(5_000 + 500 + 5_000);
    expect(await result).toBeInstanceOf(TimeoutError);
    expect(calls).toHaveLength(2);
  });

  it('times out a body that stalls after the headers, for raw and resource methods alike', async () => {
    vi.useFakeTimers();
    const stalled = (call: RecordedCall) =>
      new Response(
        new ReadableStream({
          start(stream) {
            stream.enqueue(new TextEncoder().encode('{"id":'));
            call.signal.addEventListener('abort', () => stream.error(call.signal.reason));
          },
        }),
        { status: 200, headers: { 'Content-Type': 'application/json' } },
      );
    const { fetch } = fakeFetch(stalled);
    const client = createClient({ baseUrl, token, fetch, timeoutMs: 2_000, maxRetries: 0 });
    const raw = client.GET('/prospects/{id}', { params: { path: { id: 'prs_1' } } }).catch((e: unknown) => e);
    const resource = client.prospects.get('prs_1').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await raw).toBeInstanceOf(TimeoutError);
    expect(await resource).toBeInstanceOf(TimeoutError);
  });

  it('looks up globalThis.fetch on each request, so a fetch patched later is used', async () => {
    const client = createClient({ baseUrl, token, maxRetries: 0 });
    const { fetch, calls } = fakeFetch(json(200, prospect(1)));
    vi.stubGlobal('fetch', fetch);
    await client.prospects.get('prs_1');
    expect(calls).toHaveLength(1);
  });

  it('never puts the token in an error', async () => {
    const { fetch } = fakeFetch(new TypeError('fetch failed'));
    const error = await createClient({ baseUrl, token, fetch, maxRetries: 0 })
      .prospects.get('prs_1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(
      JSON.stringify({ message: (error as Error).message, stack: (error as Error).stack }),
    ).not.toContain(token);
  });

  it.each<[string, Partial<ClientOptions>, string]>([
    ['an empty baseUrl', { baseUrl: '' }, '`baseUrl` must be'],
    ['a missing token', { token: undefined }, '`token` must be'],
    ['an empty token', { token: '' }, '`token` must be'],
    ['timeoutMs 0', { timeoutMs: 0 }, '`timeoutMs` must be'],
    ['a negative timeoutMs', { timeoutMs: -1 }, '`timeoutMs` must be'],
    ['an infinite timeoutMs', { timeoutMs: Number.POSITIVE_INFINITY }, '`timeoutMs` must be'],
    ['a fractional maxRetries', { maxRetries: 1.5 }, '`maxRetries` must be'],
    ['a negative maxRetries', { maxRetries: -1 }, '`maxRetries` must be'],
    ['a NaN maxRetryDelayMs', { maxRetryDelayMs: Number.NaN }, '`maxRetryDelayMs` must be'],
  ])('throws TypeError on %s', (_name, overrides, message) => {
    expect(() => createClient({ baseUrl, token, ...overrides } as ClientOptions)).toThrow(
      expect.objectContaining({ name: 'TypeError', message: expect.stringContaining(message) }),
    );
  });
});
