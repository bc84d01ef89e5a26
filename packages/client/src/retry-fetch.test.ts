import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, hang, json, type Reply } from '../test/fake-fetch.js';
import { AbortError, ConnectionError, TimeoutError } from './prospect-kit-error.js';
import { createRetryFetch, type RetryFetchOptions } from './retry-fetch.js';

const url = 'http://api.test/api/v1/prospects';
const now = Date.parse('2026-11-22T12:00:00Z');

function setup(replies: Reply[], options: Partial<RetryFetchOptions> = {}) {
  const fake = fakeFetch(...replies);
  const delays: number[] = [];
  const retryFetch = createRetryFetch({
    fetch: fake.fetch,
    timeoutMs: 1_000,
    maxRetries: 2,
    maxRetryDelayMs: 60_000,
    sleep: async (ms) => {
      delays.push(ms);
    },
    clock: { now: () => new Date(now) },
    random: () => 0,
    ...options,
  });
  return { retryFetch, calls: fake.calls, delays };
}

function request(method: string, init: RequestInit = {}): Request {
  const body = method === 'GET' ? undefined : JSON.stringify({ company: 'Acme Ltd' });
  return new Request(url, { method, body, headers: { 'Content-Type': 'application/json' }, ...init });
}

describe('createRetryFetch: which statuses are retried for which methods', () => {
  const retried = { GET: true, PATCH: true, POST: false };
  const cases: [number, { GET: boolean; PATCH: boolean; POST: boolean }][] = [
    [200, { GET: false, PATCH: false, POST: false }],
    [201, { GET: false, PATCH: false, POST: false }],
    [400, { GET: false, PATCH: false, POST: false }],
    [401, { GET: false, PATCH: false, POST: false }],
    [403, { GET: false, PATCH: false, POST: false }],
    [404, { GET: false, PATCH: false, POST: false }],
    [408, retried],
    [413, { GET: false, PATCH: false, POST: false }],
    [415, { GET: false, PATCH: false, POST: false }],
    [422, { GET: false, PATCH: false, POST: false }],
    [429, { GET: true, PATCH: true, POST: true }],
    [500, retried],
    [502, retried],
    [503, retried],
    [504, retried],
  ];
  const table = cases.flatMap(([status, byMethod]) =>
    (['GET', 'PATCH', 'POST'] as const).map(
      (method) => [`${method} ${status}`, { status, method, retry: byMethod[method] }] as const,
    ),
  );

  it.each(table)('%s', async (_name, { status, method, retry }) => {
    const { retryFetch, calls, delays } = setup([json(status, { message: 'x' })]);
    const response = await retryFetch(request(method));
    expect(response.status).toBe(status);
    expect(calls).toHaveLength(retry ? 3 : 1);
    expect(delays).toHaveLength(retry ? 2 : 0);
    expect(calls.every((call) => call.method === method)).toBe(true);
  });
});

describe('createRetryFetch: waits', () => {
  it.each<[string, { headers: Record<string, string>; want: number[] }]>([
    ['Retry-After in seconds', { headers: { 'Retry-After': '3' }, want: [3_000] }],
    ['Retry-After 0', { headers: { 'Retry-After': '0' }, want: [0] }],
    [
      'Retry-After as an HTTP-date',
      { headers: { 'Retry-After': 'Sun, 22 Nov 2026 12:00:42 GMT' }, want: [42_000] },
    ],
    ['Retry-After exactly at the cap', { headers: { 'Retry-After': '60' }, want: [60_000] }],
    ['no Retry-After: backoff', { headers: {}, want: [500] }],
    ['unreadable Retry-After: backoff', { headers: { 'Retry-After': 'later' }, want: [500] }],
  ])('429 then 200, %s', async (_name, { headers, want }) => {
    const { retryFetch, calls, delays } = setup([
      json(429, { message: 'Too Many Attempts.' }, headers),
      json(200, {}),
    ]);
    const response = await retryFetch(request('POST'));
    expect(response.status).toBe(200);
    expect(calls).toHaveLength(2);
    expect(delays).toEqual(want);
  });

  it('returns the 429 at once, without waiting, when Retry-After is past maxRetryDelayMs', async () => {
    const { retryFetch, calls, delays } = setup([json(429, {}, { 'Retry-After': '61' }), json(200, {})]);
    const response = await retryFetch(request('GET'));
    expect(response.status).toBe(429);
    expect(calls).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  it('honours a lower maxRetryDelayMs for Retry-After dates too', async () => {
    const { retryFetch, delays } = setup(
      [json(429, {}, { 'Retry-After': 'Sun, 22 Nov 2026 12:00:10 GMT' })],
      {
        maxRetryDelayMs: 5_000,
      },
    );
    expect((await retryFetch(request('GET'))).status).toBe(429);
    expect(delays).toEqual([]);
  });

  it('backs off exponentially, capped by maxRetryDelayMs', async () => {
    const { retryFetch, delays } = setup([json(503, {})], { maxRetries: 5, maxRetryDelayMs: 3_000 });
    await retryFetch(request('GET'));
    expect(delays).toEqual([500, 1_000, 2_000, 3_000, 3_000]);
  });

  it('honours Retry-After on a 503', async () => {
    const { retryFetch, delays } = setup([json(503, {}, { 'Retry-After': '2' }), json(200, {})]);
    expect((await retryFetch(request('PATCH'))).status).toBe(200);
    expect(delays).toEqual([2_000]);
  });

  it('sends each request once with maxRetries 0', async () => {
    const { retryFetch, calls } = setup([json(503, {})], { maxRetries: 0 });
    expect((await retryFetch(request('GET'))).status).toBe(503);
    expect(calls).toHaveLength(1);
  });

  it('sends the same body on every attempt', async () => {
    const { retryFetch, calls } = setup([json(429, {}), json(500, {}), json(200, {})]);
    await retryFetch(request('PATCH'));
    expect(calls.map((call) => call.body)).toEqual(Array(3).fill('{"company":"Acme Ltd"}'));
  });

  it('keeps the response body, status and headers', async () => {
    const { retryFetch } = setup([json(201, { id: 'prs_1' }, { Location: 'http://api.test/x' })]);
    const response = await retryFetch(request('POST'));
    expect(response.status).toBe(201);
    expect(response.headers.get('Location')).toBe('http://api.test/x');
    expect(await response.json()).toEqual({ id: 'prs_1' });
  });

  it('passes a 204 through without a body', async () => {
    const { retryFetch } = setup([new Response(null, { status: 204 })]);
    const response = await retryFetch(request('GET'));
    expect(response.status).toBe(204);
    expect(response.body).toBeNull();
  });
});

describe('createRetryFetch: connection errors', () => {
  it.each<[string, { method: string; calls: number }]>([
    ['GET is retried', { method: 'GET', calls: 3 }],
    ['PATCH is retried', { method: 'PATCH', calls: 3 }],
    ['POST is sent once', { method: 'POST', calls: 1 }],
  ])('%s', async (_name, { method, calls: want }) => {
    const { retryFetch, calls } = setup([new TypeError('fetch failed')]);
    const error = await retryFetch(request(method)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as ConnectionError).cause).toBeInstanceOf(TypeError);
    expect((error as ConnectionError).message).toContain(`${method} ${url} failed: fetch failed`);
    expect(calls).toHaveLength(want);
  });

  it('recovers when a retry succeeds', async () => {
    const { retryFetch, calls } = setup([new TypeError('fetch failed'), json(200, { ok: true })]);
    expect(await (await retryFetch(request('GET'))).json()).toEqual({ ok: true });
    expect(calls).toHaveLength(2);
  });

  it('rejects the body read with ConnectionError when the connection breaks mid-body, without a retry', async () => {
    const broken = new ReadableStream({
      start(controller) {
        controller.error(new TypeError('terminated'));
      },
    });
    const { retryFetch, calls } = setup([new Response(broken, { status: 200 })]);
    const response = await retryFetch(request('GET'));
    const error = await response.json().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as ConnectionError).message).toContain('failed: terminated');
    expect(calls).toHaveLength(1);
  });
});

describe('createRetryFetch: timeouts and aborts', () => {
  afterEach(() => vi.useRealTimers());

  it.each<[string, { method: string; calls: number }]>([
    ['GET times out on every attempt and is retried', { method: 'GET', calls: 3 }],
    ['PATCH times out and is retried', { method: 'PATCH', calls: 3 }],
    ['POST times out once and is not retried', { method: 'POST', calls: 1 }],
  ])('%s', async (_name, { method, calls: want }) => {
    vi.useFakeTimers();
    const { retryFetch, calls } = setup([hang]);
    const result = retryFetch(request(method)).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(3 * 1_000);
    const error = await result;
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).message).toContain('timed out after 1000 ms');
    expect(calls).toHaveLength(want);
  });

  it('gives each attempt its own timeout', async () => {
    vi.useFakeTimers();
    const slow = (status: number) => () =>
      new Promise<Response>((resolve) => setTimeout(() => resolve(json(status, {})), 900));
    const { retryFetch, calls } = setup([slow(503), slow(200)]);
    const result = retryFetch(request('GET'));
    await vi.advanceTimersByTimeAsync(1_800);
    expect((await result).status).toBe(200);
    expect(calls).toHaveLength(2);
  });

  it('times out a body that stops arriving', async () => {
    vi.useFakeTimers();
    const { retryFetch } = setup(
      [
        (call) => {
          const stalled = new ReadableStream({
            start(controller) {
              controller.enqueue(new TextEncoder().encode('{"data":'));
              call.signal.addEventListener('abort', () => controller.error(call.signal.reason));
            },
          });
          return new Response(stalled, { status: 200 });
        },
      ],
      { maxRetries: 0 },
    );
    const response = await retryFetch(request('GET'));
    const body = response.text().catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(999);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await body).toBeInstanceOf(TimeoutError);
  });

  it('aborts during the backoff wait without another attempt', async () => {
    vi.useFakeTimers();
    const fake = fakeFetch(json(503, {}, { 'Retry-After': '30' }));
    const retryFetch = createRetryFetch({
      fetch: fake.fetch,
      timeoutMs: 1_000,
      maxRetries: 2,
      maxRetryDelayMs: 60_000,
    });
    const controller = new AbortController();
    const result = retryFetch(request('GET', { signal: controller.signal })).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    controller.abort(new Error('user left'));
    const error = await result;
    expect(error).toBeInstanceOf(AbortError);
    expect((error as AbortError).message).toContain('aborted while waiting to retry');
    expect((error as AbortError).cause).toEqual(new Error('user left'));
    expect(fake.calls).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('aborts during an attempt without retrying, even for GET', async () => {
    const controller = new AbortController();
    const { retryFetch, calls } = setup([hang]);
    const result = retryFetch(request('GET', { signal: controller.signal })).catch((e: unknown) => e);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    controller.abort();
    expect(await result).toBeInstanceOf(AbortError);
    expect(calls).toHaveLength(1);
  });

  it('does not send a request whose signal is already aborted', async () => {
    const { retryFetch, calls } = setup([json(200, {})]);
    await expect(retryFetch(request('GET', { signal: AbortSignal.abort() }))).rejects.toBeInstanceOf(
      AbortError,
    );
    expect(calls).toHaveLength(0);
  });

  it.each(['json', 'text', 'arrayBuffer', 'blob'] as const)(
    'keeps the timeout armed until %s() has read the body, then leaves no timer behind',
    async (reader) => {
      vi.useFakeTimers();
      const { retryFetch } = setup([json(500, {}), json(200, { ok: true })]);
      const response = await retryFetch(request('GET'));
      expect(response.status).toBe(200);
      expect(vi.getTimerCount()).toBe(1);
      await response[reader]();
      expect(vi.getTimerCount()).toBe(0);
    },
  );

  it('ends the timeout at once for a response without a body', async () => {
    vi.useFakeTimers();
    const { retryFetch } = setup([new Response(null, { status: 204 })]);
    expect((await retryFetch(request('GET'))).status).toBe(204);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects the body read with AbortError when the caller aborts mid-body', async () => {
    const controller = new AbortController();
    const { retryFetch } = setup([
      (call) =>
        new Response(
          new ReadableStream({
            start(stream) {
              call.signal.addEventListener('abort', () => stream.error(call.signal.reason));
            },
          }),
        ),
    ]);
    const response = await retryFetch(request('GET', { signal: controller.signal }));
    const body = response.json().catch((e: unknown) => e);
    controller.abort();
    expect(await body).toBeInstanceOf(AbortError);
  });
});
