import { API_VERSION } from '@prospectkit/core';
import { describe, expect, it } from 'vitest';
import { api, BASE_URL, useMock } from './msw-harness.js';

describe('failNext', () => {
  const { mock } = useMock({ clock: { now: () => new Date('2026-11-22T09:30:00.000Z') } });

  it('500: the next request of that operation only answers Server Error., then all is normal', async () => {
    mock.failNext('createProspect', 500);
    expect((await api('GET', '/prospects')).status).toBe(200);
    const failed = await api('POST', '/prospects', { body: { company: 'A' } });
    expect([failed.status, failed.body]).toEqual([500, { message: 'Server Error.' }]);
    expect(failed.headers.get('x-request-id')).toMatch(/^req_/);
    expect(mock.db.prospects.list()).toEqual([]);
    expect(mock.events).toEqual([]);
    expect((await api('POST', '/prospects', { body: { company: 'A' } })).status).toBe(201);
  });

  it('429: Too Many Attempts. with Retry-After, X-RateLimit-* for a minute', async () => {
    mock.failNext('listProspects', 429);
    const limited = await api('GET', '/prospects');
    expect([limited.status, limited.body]).toEqual([429, { message: 'Too Many Attempts.' }]);
    expect(Object.fromEntries([...limited.headers].filter(([name]) => name !== 'x-request-id'))).toEqual({
      'api-version': API_VERSION,
      'content-type': 'application/json; charset=utf-8',
      'retry-after': '60',
      'x-ratelimit-limit': '60',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': String(Date.parse('2026-11-22T09:31:00.000Z') / 1000),
    });
  });

  it('{ status: 429, retryAfterSeconds }: a chosen Retry-After', async () => {
    mock.failNext('getProspect', { status: 429, retryAfterSeconds: 2 });
    const limited = await api('GET', '/prospects/prs_any');
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '2']);
  });

  it("'network-error': the fetch rejects, nothing is stored", async () => {
    mock.failNext('createProspect', 'network-error');
    await expect(api('POST', '/prospects', { body: { company: 'A' } })).rejects.toThrow(TypeError);
    expect(mock.db.prospects.list()).toEqual([]);
  });

  it('{ delayMs }: answers normally, that much later', async () => {
    mock.failNext('listProspects', { delayMs: 150 });
    const started = performance.now();
    const answer = await api('GET', '/prospects');
    expect(answer.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('queues faults, one per request, in order', async () => {
    mock.failNext('listProspects', 500);
    mock.failNext('listProspects', 429);
    expect((await api('GET', '/prospects')).status).toBe(500);
    expect((await api('GET', '/prospects')).status).toBe(429);
    expect((await api('GET', '/prospects')).status).toBe(200);
  });

  it('comes before authentication, like the infrastructure it stands for', async () => {
    mock.failNext('listProspects', 500);
    expect((await api('GET', '/prospects', { token: null })).status).toBe(500);
  });

  it('reset() drops pending faults', async () => {
    mock.failNext('listProspects', 500);
    mock.reset();
    expect((await api('GET', '/prospects')).status).toBe(200);
  });

  it('throws unknown_operation for an operationId the contract does not have', () => {
    expect(() => mock.failNext('deleteProspect' as never, 500)).toThrowError(
      expect.objectContaining({
        code: 'unknown_operation',
        message: expect.stringContaining(
          'listProspects, createProspect, getProspect, updateProspect, recordOutcome',
        ),
      }),
    );
  });

  it.each([[503], ['timeout'], [{ delayMs: -1 }], [{ status: 500, retryAfterSeconds: 1 }], [null]])(
    'throws invalid_fault for %j',
    (fault) => {
      expect(() => mock.failNext('listProspects', fault as never)).toThrowError(
        expect.objectContaining({ code: 'invalid_fault' }),
      );
    },
  );
});

describe('failNext 429 with a rate limit', () => {
  let nowMs = Date.UTC(2026, 10, 22, 9, 30);
  const { mock } = useMock({ rateLimit: { limit: 10 }, clock: { now: () => new Date(nowMs) } });

  it('says the limit and waits until the current window ends', async () => {
    await api('GET', '/prospects');
    nowMs += 15_000;
    mock.failNext('listProspects', 429);
    const limited = await api('GET', `/prospects`, { baseUrl: BASE_URL });
    expect(limited.headers.get('x-ratelimit-limit')).toBe('10');
    expect(limited.headers.get('retry-after')).toBe('45');
  });
});
