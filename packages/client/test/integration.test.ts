// The client against the real reference server, in process, on PGlite (and on PostgreSQL when
// TEST_DATABASE_URL is set): every operation and every error status of the contract.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type AbortError,
  AuthenticationError,
  BadRequestError,
  ConnectionError,
  createClient,
  errorFromResponse,
  NotFoundError,
  PermissionDeniedError,
  type ProspectKitClient,
  RateLimitError,
  ServerError,
  ValidationError,
} from '@prospectkit/client';
import {
  addCustomField,
  createApiToken,
  createApp,
  createLimiter,
  createLogger,
  createWorkspace,
  type Database,
} from '@prospectkit/server';
import {
  openTestDatabase,
  startTestServer,
  type TestServer,
  testDatabaseKinds,
} from '@prospectkit/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

type Abilities = Parameters<typeof createApiToken>[1]['abilities'];
const ALL: Abilities = ['prospects:read', 'prospects:write', 'outcomes:write'];
const UNKNOWN_ID = 'prs_01JD3Z6X8Y9ABCDEFGHJKMNPQR';

async function mintToken(db: Database, workspaceId: string, abilities: Abilities): Promise<string> {
  const { token } = await createApiToken(db, {
    workspaceId,
    name: `integration ${abilities.join(' ')}`,
    abilities,
    expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
  });
  return token;
}

/**
 * The reference app on its own in-memory PGlite database, with its own in-memory rate limiter, listening on a
 * free loopback port; for the rate-limit, broken-database and no-server cases.
 */
async function startOwnServer(options: { limit: number; windowSeconds: number }) {
  const db = await openTestDatabase('pglite');
  const token = await mintToken(db, (await createWorkspace(db, 'Own')).id, ALL);
  const limiter = createLimiter(db, options.limit, options.windowSeconds);
  const app = createApp({
    db,
    logger: createLogger('silent'),
    limiter: limiter.limiter,
    signInLimiter: limiter.signInLimiter,
  });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  let dbClosed = false;
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`,
    token,
    async closeDatabase() {
      dbClosed = true;
      await db.close();
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await limiter.close();
      if (!dbClosed) await db.close();
    },
  };
}

describe.each(testDatabaseKinds())('client against the reference server on %s', (kind) => {
  let server: TestServer;
  let client: ProspectKitClient;
  const clientWith = async (abilities: Abilities) =>
    createClient({ baseUrl: server.baseUrl, token: await server.token({ abilities }), maxRetries: 0 });

  beforeAll(async () => {
    server = await startTestServer({ kind });
    client = createClient({ baseUrl: server.baseUrl, token: await server.token() });
  });

  afterAll(async () => {
    await server?.close();
  });

  describe('operations', () => {
    it('creates, gets, updates a prospect and records outcomes', async () => {
      const created = await client.prospects.create({
        company: 'Acme Ltd',
        domain: 'acme.example',
        contact_email: 'ada@acme.example',
        tags: ['emea'],
      });
      expect(created).toMatchObject({ company: 'Acme Ltd', tags: ['emea'], outcome: null });
      expect(created.id).toMatch(/^prs_[0-9A-HJKMNP-TV-Z]{26}$/);

      expect(await client.prospects.get(created.id)).toEqual(created);

      const updated = await client.prospects.update(created.id, { tags: ['enterprise'], domain: null });
      expect(updated).toMatchObject({
        id: created.id,
        company: 'Acme Ltd',
        domain: null,
        tags: ['enterprise'],
      });

      const first = await client.prospects.recordOutcome(created.id, { outcome: 'Meeting booked' });
      expect(first).toMatchObject({ prospect_id: created.id, outcome: 'Meeting booked', value_minor: null });
      const second = await client.prospects.recordOutcome(created.id, {
        outcome: 'Won',
        value_minor: 1_250_000,
        currency: 'EUR',
      });
      expect(second).toMatchObject({ outcome: 'Won', value_minor: 1_250_000, currency: 'EUR' });
      expect(second.id).toMatch(/^out_/);
      expect((await client.prospects.get(created.id)).outcome).toMatchObject({
        outcome: 'Won',
        currency: 'EUR',
      });
    });

    it('lists one page, every page and every prospect, newest first', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 7; i++) ids.push((await client.prospects.create({ company: `Pager Co ${i}` })).id);
      const newestFirst = [...ids].reverse();

      const firstPage = await client.prospects.list({ search: 'pager co', per_page: 3, count: 'capped' });
      expect(firstPage.meta).toMatchObject({ current_page: 1, last_page: 3, per_page: 3, total: 7 });
      expect(firstPage.data.map((p) => p.id)).toEqual(newestFirst.slice(0, 3));

      const all: string[] = [];
      for await (const prospect of client.prospects.list({ search: 'pager co', per_page: 3 }))
        all.push(prospect.id);
      expect(all).toEqual(newestFirst);

      const pages: number[] = [];
      for await (const page of client.prospects.list({ search: 'pager co', per_page: 3 }).pages()) {
        pages.push(page.data.length);
      }
      expect(pages).toEqual([3, 3, 1]);

      const none: unknown[] = [];
      for await (const prospect of client.prospects.list({ search: 'no such company anywhere' }))
        none.push(prospect);
      expect(none).toEqual([]);
    });

    it('filters by custom fields (deepObject query), on one page and through every page', async () => {
      await server.db.transaction((tx) =>
        addCustomField(
          tx,
          server.workspaceId,
          { key: 'seats', label: 'Seats', type: 'number', options: [] },
          new Date(),
        ),
      );
      for (const seats of [3, 30, 300])
        await client.prospects.create({ company: `Seats Co ${seats}`, custom_fields: { seats } });
      const page = await client.prospects.list({ custom_fields_gte: { seats: '30' }, sort: 'company_asc' });
      expect(page.data.map((p) => p.company)).toEqual(['Seats Co 30', 'Seats Co 300']);
      const all: string[] = [];
      for await (const p of client.prospects.list({ custom_fields: { seats: '3' }, per_page: 1 }))
        all.push(p.company);
      expect(all).toEqual(['Seats Co 3']);
      await expect(client.prospects.list({ custom_fields: { seats: 'many' } })).rejects.toBeInstanceOf(
        ValidationError,
      );
    });

    it('serves the raw typed methods through the same client', async () => {
      const { data: created, response } = await client.POST('/prospects', { body: { company: 'Raw Co' } });
      expect(response.status).toBe(201);
      expect(response.headers.get('Location')).toContain(`/api/v1/prospects/${created?.id}`);
      const { data } = await client.GET('/prospects/{id}', { params: { path: { id: created?.id ?? '' } } });
      expect(data?.company).toBe('Raw Co');
      const patched = await client.PATCH('/prospects/{id}', {
        params: { path: { id: created?.id ?? '' } },
        body: { notes: 'called twice' },
      });
      expect(patched.data?.notes).toBe('called twice');
      const { data: listed } = await client.GET('/prospects', { params: { query: { search: 'raw co' } } });
      expect(listed?.data.map((p) => p.id)).toEqual([created?.id]);
    });
  });

  describe('error statuses', () => {
    it('401: an unknown token gives AuthenticationError with the request id', async () => {
      const stranger = createClient({ baseUrl: server.baseUrl, token: 'pkt_not_a_real_token' });
      const error = await stranger.prospects
        .get(UNKNOWN_ID, { headers: { 'X-Request-Id': 'it-401' } })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AuthenticationError);
      expect(error).toMatchObject({
        status: 401,
        requestId: 'it-401',
        body: { message: 'Unauthenticated.' },
      });
    });

    it('403: a token without the ability gives PermissionDeniedError', async () => {
      const reader = await clientWith(['prospects:read']);
      await expect(reader.prospects.create({ company: 'Nope' })).rejects.toSatisfy(
        (e) => e instanceof PermissionDeniedError && /prospects:write/.test(e.message),
      );
      const writer = await clientWith(['prospects:read', 'prospects:write']);
      const { id } = await writer.prospects.create({ company: 'No Outcome Co' });
      await expect(writer.prospects.recordOutcome(id, { outcome: 'Won' })).rejects.toSatisfy(
        (e) => e instanceof PermissionDeniedError && /outcomes:write/.test(e.message),
      );
    });

    it.each([
      ['get', (c: ProspectKitClient, id: string) => c.prospects.get(id)],
      ['update', (c: ProspectKitClient, id: string) => c.prospects.update(id, { notes: 'x' })],
      [
        'recordOutcome',
        (c: ProspectKitClient, id: string) => c.prospects.recordOutcome(id, { outcome: 'Lost' }),
      ],
    ])('404: %s of an unknown or malformed id gives NotFoundError', async (_name, call) => {
      for (const id of [UNKNOWN_ID, 'not-an-id', '../prospects']) {
        await expect(call(client, id)).rejects.toSatisfy(
          (e) => e instanceof NotFoundError && e.status === 404,
        );
      }
    });

    it('422: create and list validation failures give ValidationError with errors per field', async () => {
      const error = (await client.prospects
        .create({ company: ' ', tags: ['ok', 'ok'] })
        .catch((e: unknown) => e)) as ValidationError | undefined;
      expect(error).toBeInstanceOf(ValidationError);
      expect(error?.status).toBe(422);
      expect(Object.keys(error?.errors ?? {})).toContain('company');

      await expect(client.prospects.list({ per_page: 1_000 })).rejects.toSatisfy(
        (e) => e instanceof ValidationError && 'per_page' in e.errors,
      );
    });

    it('422: update and recordOutcome of an existing prospect give ValidationError', async () => {
      const { id } = await client.prospects.create({ company: 'Currency Co' });
      await expect(client.prospects.update(id, { company: '' })).rejects.toSatisfy(
        (e) => e instanceof ValidationError && 'company' in e.errors,
      );
      await expect(client.prospects.recordOutcome(id, { value_minor: 100 })).rejects.toBeInstanceOf(
        ValidationError,
      );
    });

    it.each<[number, string, Record<string, unknown>]>([
      [400, 'a body that is not JSON', { body: { company: 'x' }, bodySerializer: () => '{"company":' }],
      [413, 'a body over 1 MiB', { body: { company: 'x', notes: 'n'.repeat(1_100_000) } }],
      [
        415,
        'a body that is not application/json',
        { body: { company: 'x' }, headers: { 'Content-Type': 'text/plain' } },
      ],
    ])('%i: %s gives BadRequestError', async (status, _name, init) => {
      const { error, response } = await client.POST('/prospects', init as never);
      expect(response.status).toBe(status);
      const thrown = errorFromResponse(response, error, 'POST /prospects');
      expect(thrown).toBeInstanceOf(BadRequestError);
      expect(thrown.requestId).toMatch(/^req_/);
    });

    it('abort: a caller signal gives AbortError', async () => {
      const error = await client.prospects
        .get(UNKNOWN_ID, { signal: AbortSignal.abort() })
        .catch((e: unknown) => e as AbortError);
      expect(error).toMatchObject({ name: 'AbortError', code: 'aborted' });
    });
  });
});

// Each server below is its own, on in-memory PGlite whatever TEST_DATABASE_URL says (its rate limiter and its
// database are the test's to break), so these run once rather than once per database kind.
describe('client against a reference server of its own', () => {
  it('429: waits out a short Retry-After and re-sends, even a POST', async () => {
    // One request per second: the second request within the second gets 429 with `Retry-After: 1`.
    const own = await startOwnServer({ limit: 1, windowSeconds: 1 });
    try {
      const statuses: number[] = [];
      const patient = createClient({
        baseUrl: own.baseUrl,
        token: own.token,
        maxRetryDelayMs: 5_000,
        fetch: async (request) => {
          const response = await fetch(request);
          statuses.push(response.status);
          return response;
        },
      });
      await patient.prospects.create({ company: 'Rate Co' });
      expect((await patient.prospects.create({ company: 'Rate Co 2' })).company).toBe('Rate Co 2');
      expect(statuses).toEqual([201, 429, 201]);
    } finally {
      await own.close();
    }
  });

  it('429: throws RateLimitError at once when Retry-After is past maxRetryDelayMs', async () => {
    const own = await startOwnServer({ limit: 1, windowSeconds: 60 });
    try {
      const hasty = createClient({ baseUrl: own.baseUrl, token: own.token, maxRetryDelayMs: 5_000 });
      await hasty.prospects.list();
      const started = Date.now();
      const error = await hasty.prospects.list().catch((e: unknown) => e);
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(error).toBeInstanceOf(RateLimitError);
      expect((error as RateLimitError).retryAfterSeconds).toBeGreaterThan(5);
      expect((error as RateLimitError).retryAfterSeconds).toBeLessThanOrEqual(60);
      expect((error as RateLimitError).body).toEqual({ message: 'Too Many Attempts.' });
    } finally {
      await own.close();
    }
  });

  it('500: a server whose database is gone gives ServerError, retrying the GET but not the POST', async () => {
    const own = await startOwnServer({ limit: 1_000, windowSeconds: 60 });
    await own.closeDatabase();
    try {
      const sent: string[] = [];
      const flaky = createClient({
        baseUrl: own.baseUrl,
        token: own.token,
        maxRetries: 1,
        maxRetryDelayMs: 0,
        fetch: async (request) => {
          const response = await fetch(request);
          sent.push(`${request.method} ${response.status}`);
          return response;
        },
      });
      const error = await flaky.prospects.get(UNKNOWN_ID).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ServerError);
      expect(error).toMatchObject({ status: 500, body: { message: 'Server Error.' } });
      expect(sent).toEqual(['GET 500', 'GET 500']);
      sent.length = 0;
      await expect(flaky.prospects.create({ company: 'x' })).rejects.toBeInstanceOf(ServerError);
      expect(sent).toEqual(['POST 500']);
    } finally {
      await own.close();
    }
  });

  it('no server: ConnectionError', async () => {
    const probe = createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => probe.once('listening', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const nowhere = createClient({
      baseUrl: `http://127.0.0.1:${port}/api/v1`,
      token: 'pkt_x',
      maxRetries: 0,
    });
    await expect(nowhere.prospects.get(UNKNOWN_ID)).rejects.toBeInstanceOf(ConnectionError);
  });
});
