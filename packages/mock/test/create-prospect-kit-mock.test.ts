import { describe, expect, it, vi } from 'vitest';
import {
  buildProspect,
  type Clock,
  createProspectKitMock,
  type MockClock,
  ProspectKitMockError,
} from '../src/index.js';
import { api, BASE_URL, useMock } from './msw-harness.js';

const FIXED = new Date('2026-11-22T09:30:00.000Z');
const fixedClock: Clock = { now: () => FIXED };

describe('createProspectKitMock', () => {
  const seeded = buildProspect({ company: 'Seeded Ltd' });
  const { mock } = useMock({ seed: { prospects: [seeded] }, clock: fixedClock });

  it('creates a prospect, then reads it back and finds it in the list', async () => {
    const created = await api('POST', '/prospects', { body: { company: 'Acme Ltd', tags: ['emea'] } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      company: 'Acme Ltd',
      tags: ['emea'],
      created_at: FIXED.toISOString(),
    });
    const read = await api('GET', `/prospects/${created.body.id}`);
    expect(read.body).toEqual(created.body);
    const listed = await api('GET', '/prospects?search=acme');
    expect(listed.body.data).toEqual([created.body]);
  });

  it('starts from the seed, and lists it after what the tests create', async () => {
    expect(mock.db.prospects.list()).toEqual([seeded]);
    await api('POST', '/prospects', { body: { company: 'Newer' } });
    const listed = await api('GET', '/prospects');
    expect(listed.body.data.map((p: { company: string }) => p.company)).toEqual(['Newer', 'Seeded Ltd']);
  });

  it('records the events the calls caused, in order, with the clock time', async () => {
    const created = await api('POST', '/prospects', { body: { company: 'Acme' } });
    await api('POST', `/prospects/${created.body.id}/outcomes`, { body: { outcome: 'Won' } });
    expect(mock.events.map((e) => e.event)).toEqual([
      'prospect.created',
      'prospect.outcome.updated',
      'opportunity.updated',
      'opportunity.won',
    ]);
    expect(new Set(mock.events.map((e) => e.occurred_at))).toEqual(new Set([FIXED.toISOString()]));
    expect(new Set(mock.events.map((e) => e.workspace_id))).toEqual(new Set([mock.db.workspaceId]));
  });

  it('gives a copy of the events, so a read does not change as requests go on', async () => {
    const before = mock.events;
    await api('POST', '/prospects', { body: { company: 'Acme' } });
    expect(before).toEqual([]);
    expect(mock.events).toHaveLength(1);
  });

  it('lets a test write the store: inserted prospects are served, API writes are visible', async () => {
    const inserted = mock.db.prospects.insert({ company: 'Imported', tags: ['csv'] });
    expect((await api('GET', `/prospects/${inserted.id}`)).body).toEqual(inserted);
    mock.db.prospects.update(inserted.id, { notes: 'Edited in the test.' });
    expect((await api('GET', `/prospects/${inserted.id}`)).body.notes).toBe('Edited in the test.');
    await api('PATCH', `/prospects/${inserted.id}`, { body: { location: 'Paris' } });
    expect(mock.db.prospects.get(inserted.id)?.location).toBe('Paris');
    await api('POST', `/prospects/${inserted.id}/outcomes`, { body: { outcome: 'Lost' } });
    expect(mock.db.outcomes.list({ prospectId: inserted.id })).toEqual([
      expect.objectContaining({
        prospect_id: inserted.id,
        outcome: 'Lost',
        workspace_id: mock.db.workspaceId,
      }),
    ]);
    expect(mock.db.prospects.delete(inserted.id)).toBe(true);
    expect((await api('GET', `/prospects/${inserted.id}`)).status).toBe(404);
    expect(mock.events).toHaveLength(2);
  });

  it('hands out copies: changing a read prospect does not change the store', () => {
    const read = mock.db.prospects.list()[0];
    if (read) read.company = 'Changed';
    expect(mock.db.prospects.list()[0]?.company).toBe('Seeded Ltd');
  });

  it('throws prospect_not_found when a test updates a prospect that is not there', () => {
    expect(() => mock.db.prospects.update('prs_missing', { company: 'x' })).toThrowError(
      expect.objectContaining({ code: 'prospect_not_found' }),
    );
  });

  it('reset() returns to the seed with no events', async () => {
    await api('POST', '/prospects', { body: { company: 'Temporary' } });
    mock.reset();
    expect(mock.db.prospects.list()).toEqual([seeded]);
    expect(mock.events).toEqual([]);
  });

  it("answers 404 for another workspace's prospect", async () => {
    const theirs = mock.db.prospects.insert(
      { company: 'Theirs' },
      { workspaceId: 'ws_01JD3Z6X8Y9ABCDEFGHJKMNPQR' },
    );
    expect((await api('GET', `/prospects/${theirs.id}`)).status).toBe(404);
    mock.db.tokens.set('their-token', ['prospects:read'], { workspaceId: 'ws_01JD3Z6X8Y9ABCDEFGHJKMNPQR' });
    expect((await api('GET', `/prospects/${theirs.id}`, { token: 'their-token' })).body).toEqual(theirs);
  });
});

describe("auth: 'any'", () => {
  const { mock } = useMock();

  it('accepts any bearer token with every ability, and 401s a missing one', async () => {
    expect((await api('POST', '/prospects', { token: 'whatever', body: { company: 'A' } })).status).toBe(201);
    const missing = await api('GET', '/prospects', { token: null });
    expect([missing.status, missing.body, missing.headers.get('www-authenticate')]).toEqual([
      401,
      { message: 'Unauthenticated.' },
      'Bearer',
    ]);
  });

  it('lets db.tokens narrow one token, for a 403', async () => {
    mock.db.tokens.set('reader', ['prospects:read']);
    const answer = await api('POST', '/prospects', { token: 'reader', body: { company: 'A' } });
    expect([answer.status, answer.body]).toEqual([
      403,
      { message: 'This token lacks the prospects:write ability.' },
    ]);
  });
});

describe('auth: a map of tokens', () => {
  useMock({ auth: { 'read-token': ['prospects:read'], 'write-token': ['prospects:write'] } });

  it.each([
    ['read-token', 'GET', 200],
    ['read-token', 'POST', 403],
    ['write-token', 'POST', 201],
    ['write-token', 'GET', 403],
    ['unknown-token', 'GET', 401],
  ])('%s: %s /prospects answers %i', async (token, method, status) => {
    const answer = await api(method, '/prospects', {
      token,
      ...(method === 'POST' ? { body: { company: 'A' } } : {}),
    });
    expect(answer.status).toBe(status);
  });
});

describe('the rate limit', () => {
  let nowMs = Date.UTC(2026, 10, 22, 9, 30);
  // MockClock is the deprecated name of Clock: code written against it still type-checks and runs.
  const movingClock: MockClock = { now: () => new Date(nowMs) };
  const { mock } = useMock({ rateLimit: { limit: 2, windowMs: 10_000 }, clock: movingClock });

  it('allows the limit per window on the clock, then 429 until the window ends; reset() opens a new one', async () => {
    expect((await api('GET', '/prospects')).headers.get('x-ratelimit-remaining')).toBe('1');
    expect((await api('GET', '/prospects')).headers.get('x-ratelimit-remaining')).toBe('0');
    nowMs += 4_000;
    const limited = await api('GET', '/prospects');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('6');
    expect(limited.headers.get('x-ratelimit-reset')).toBe(String(Math.ceil((nowMs + 6_000) / 1000)));
    nowMs += 6_000;
    expect((await api('GET', '/prospects')).status).toBe(200);
    await api('GET', '/prospects');
    mock.reset();
    expect((await api('GET', '/prospects')).status).toBe(200);
  });
});

describe('without a rate limit', () => {
  useMock();

  it("never answers 429, yet sends the X-RateLimit-Limit the contract requires: the service's 60", async () => {
    for (let i = 0; i < 70; i++) expect((await api('GET', '/prospects')).status).toBe(200);
    const answer = await api('GET', '/prospects');
    expect(answer.headers.get('x-ratelimit-limit')).toBe('60');
    expect(answer.headers.get('x-ratelimit-remaining')).toBeNull();
    const refused = await api('GET', '/prospects', { token: null });
    expect([refused.status, refused.headers.get('x-ratelimit-limit')]).toEqual([401, '60']);
  });
});

describe('options', () => {
  it.each([
    ['no baseUrl', {}],
    ['a relative baseUrl outside a browser', { baseUrl: '/api/v1' }],
    ['an unknown ability', { baseUrl: BASE_URL, auth: { t: ['prospects:delete'] } }],
    ['a rate limit of 0', { baseUrl: BASE_URL, rateLimit: { limit: 0 } }],
  ])('throws invalid_option for %s', (_name, options) => {
    expect(() => createProspectKitMock(options as never)).toThrowError(
      expect.objectContaining({ name: 'ProspectKitMockError', code: 'invalid_option' }),
    );
  });

  it('says how to fix it', () => {
    expect(() => createProspectKitMock({} as never)).toThrow(
      /^\[@prospectkit\/mock\] Failed to create the mock: `baseUrl` is required\. Please pass/,
    );
    expect(new ProspectKitMockError('invalid_option', 'x')).toBeInstanceOf(Error);
  });
});

describe('a base URL with a trailing slash', () => {
  useMock({ baseUrl: `${BASE_URL}/` });

  it('serves the same paths, with links and Location without a double slash', async () => {
    const created = await api('POST', '/prospects', { body: { company: 'A' } });
    expect(created.headers.get('location')).toBe(`${BASE_URL}/prospects/${created.body.id}`);
    expect((await api('GET', '/prospects')).body.meta.path).toBe(`${BASE_URL}/prospects`);
  });
});

describe('an unexpected failure inside the mock', () => {
  let broken = false;
  useMock({
    workspaceId: 'ws_01JD3Z6X8Y9ABCDEFGHJKMNPQR',
    clock: {
      now: () => {
        if (broken) throw new Error('the clock broke');
        return new Date();
      },
    },
  });

  it('answers the contract 500 with a request id, and logs the cause', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    broken = true;
    const answer = await api('POST', '/prospects', { body: { company: 'A' } });
    broken = false;
    expect([answer.status, answer.body]).toEqual([500, { message: 'Server Error.' }]);
    expect(answer.headers.get('x-request-id')).toMatch(/^req_/);
    expect(logged).toHaveBeenCalledWith(
      '[@prospectkit/mock] Failed to answer %s %s:',
      'POST',
      `${BASE_URL}/prospects`,
      expect.objectContaining({ message: 'the clock broke' }),
    );
    logged.mockRestore();
  });
});
