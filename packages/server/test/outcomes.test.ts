import { startTestServer, type TestServer, testDatabaseKinds } from '@prospectkit/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './http-helpers.js';

describe.each(testDatabaseKinds())('recordOutcome on %s', (kind) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer({ kind });
    token = await server.token();
  });
  afterAll(() => server.close());

  async function newProspect(): Promise<string> {
    return (await call(server.baseUrl, 'POST', '/prospects', { token, body: { company: 'Outcome Co' } })).body
      .id;
  }
  async function eventsOf(
    prospectId: string,
  ): Promise<Array<{ type: string; data: Record<string, unknown> }>> {
    const rows = await server.db.query<{ type: string; body: string }>(
      `select type, body from events where body::jsonb->'data'->>'prospect_id' = $1 order by id`,
      [prospectId],
    );
    return rows.map((r) => ({ type: r.type, data: JSON.parse(r.body).data }));
  }

  it('merges with the previous outcome, keeps history, and emits the rule events in order', async () => {
    const id = await newProspect();
    const first = await call(server.baseUrl, 'POST', `/prospects/${id}/outcomes`, {
      token,
      body: { outcome: 'Interested', value_minor: 1000, currency: 'EUR' },
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      prospect_id: id,
      outcome: 'Interested',
      meeting_at: null,
      value_minor: 1000,
      currency: 'EUR',
    });
    expect(first.body.id).toMatch(/^out_/);

    const second = await call(server.baseUrl, 'POST', `/prospects/${id}/outcomes`, {
      token,
      body: { meeting_at: '2026-12-01T16:00:00+01:00' },
    });
    expect(second.body).toMatchObject({
      outcome: 'Interested',
      meeting_at: '2026-12-01T15:00:00.000Z',
      value_minor: 1000,
      currency: 'EUR',
    });

    const third = await call(server.baseUrl, 'POST', `/prospects/${id}/outcomes`, {
      token,
      body: { outcome: 'Won' },
    });
    expect(third.body.outcome).toBe('Won');

    const again = await call(server.baseUrl, 'POST', `/prospects/${id}/outcomes`, {
      token,
      body: { outcome: 'Won' },
    });
    expect(again.status).toBe(201);

    const history = await server.db.query('select id from outcomes where prospect_id = $1', [id]);
    expect(history).toHaveLength(4);
    const prospect = await call(server.baseUrl, 'GET', `/prospects/${id}`, { token });
    expect(prospect.body.outcome).toMatchObject({
      outcome: 'Won',
      meeting_at: '2026-12-01T15:00:00.000Z',
      value_minor: 1000,
      currency: 'EUR',
    });

    expect((await eventsOf(id)).map((e) => e.type)).toEqual([
      'prospect.created',
      'prospect.outcome.updated',
      'opportunity.updated',
      'prospect.outcome.updated',
      'opportunity.updated',
      'meeting.booked',
      'prospect.outcome.updated',
      'opportunity.updated',
      'opportunity.won',
      'prospect.outcome.updated',
      'opportunity.updated',
    ]);
  });

  it('sends meeting.booked once when the outcome becomes Meeting booked and the meeting is set in one call', async () => {
    const id = await newProspect();
    await call(server.baseUrl, 'POST', `/prospects/${id}/outcomes`, {
      token,
      body: { outcome: 'Meeting booked', meeting_at: '2026-12-02T10:00:00Z' },
    });
    const events = await eventsOf(id);
    expect(events.filter((e) => e.type === 'meeting.booked')).toHaveLength(1);
    expect(events.at(-1)?.data).toEqual({
      prospect_id: id,
      outcome: 'Meeting booked',
      meeting_at: '2026-12-02T10:00:00.000Z',
      value_minor: null,
      currency: null,
    });
    // The same meeting time again is not a new booking.
    await call(server.baseUrl, 'POST', `/prospects/${id}/outcomes`, {
      token,
      body: { meeting_at: '2026-12-02T10:00:00Z' },
    });
    expect((await eventsOf(id)).filter((e) => e.type === 'meeting.booked')).toHaveLength(1);
  });

  it.each([
    [{ value_minor: 500 }, 'currency'],
    [{ currency: 'USD' }, 'value_minor'],
  ])('refuses %o: value_minor and currency are both set or both null after merging', async (body, field) => {
    const id = await newProspect();
    const answer = await call(server.baseUrl, 'POST', `/prospects/${id}/outcomes`, { token, body });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors)).toEqual([field]);
    expect(await eventsOf(id)).toHaveLength(1);
  });

  it.each([
    [{}, 'body'],
    [{ outcome: 'Maybe' }, 'outcome'],
    [{ value_minor: -1, currency: 'EUR' }, 'value_minor'],
    [{ value_minor: 1.5, currency: 'EUR' }, 'value_minor'],
    [{ value_minor: 10, currency: 'eur' }, 'currency'],
    [{ meeting_at: 'tomorrow' }, 'meeting_at'],
    [{ outcome: 'Won', stage: 'x' }, 'stage'],
  ])('422 for %o names %s', async (body, field) => {
    const id = await newProspect();
    const answer = await call(server.baseUrl, 'POST', `/prospects/${id}/outcomes`, { token, body });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toHaveProperty([field]);
  });

  it('404 for a prospect that is not there, before validating the body', async () => {
    const answer = await call(server.baseUrl, 'POST', '/prospects/prs_01JD3Z6X8Y9ABCDEFGHJKMNPQR/outcomes', {
      token,
      body: { outcome: 'Maybe' },
    });
    expect(answer.status).toBe(404);
  });
});
