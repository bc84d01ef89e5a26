import { beforeAll, describe, expect, it } from 'vitest';
import { call, eventsDuring } from '../call.js';
import type { TargetRef } from '../define-conformance-suite.js';
import { anyId, anyTimestamp, validationBody } from '../matchers.js';

const OUT_OF_RANGE = 'The meeting_at field must be between 0001-01-01 and 9999-12-31 in UTC.';
const NONE = { outcome: null, meeting_at: null, value_minor: null, currency: null };

/** `recordOutcome`: merging, history, the merged answer, the four events and their rules, and the 422s. */
export function recordOutcomeSuite(target: TargetRef): void {
  describe('recordOutcome', () => {
    let token: string;
    let workspaceId: string;
    beforeAll(async () => {
      const workspace = await target().workspace();
      workspaceId = workspace.id;
      token = await workspace.token();
    });
    const newProspect = async () =>
      (await call(target(), 'POST', '/prospects', { token, body: { company: 'Acme' } })).body.id as string;
    const record = async (id: string, body: unknown) => {
      let answer = { status: 0, body: undefined as unknown as Record<string, unknown> };
      const events = await eventsDuring(target(), async () => {
        answer = await call(target(), 'POST', `/prospects/${id}/outcomes`, { token, body });
      });
      return { ...answer, events, types: events.map((e) => e.event) };
    };

    it('201 with the merged state; prospect.outcome.updated then opportunity.updated carry it', async () => {
      const id = await newProspect();
      const first = await record(id, { outcome: 'Interested' });
      expect(first.status).toBe(201);
      expect(first.body).toEqual({
        id: anyId('out'),
        prospect_id: id,
        ...NONE,
        outcome: 'Interested',
        recorded_at: anyTimestamp(),
      });
      const data = { prospect_id: id, ...NONE, outcome: 'Interested' };
      expect(first.events).toEqual([
        {
          id: anyId('evt'),
          event: 'prospect.outcome.updated',
          workspace_id: workspaceId,
          occurred_at: first.body.recorded_at,
          data,
        },
        {
          id: anyId('evt'),
          event: 'opportunity.updated',
          workspace_id: workspaceId,
          occurred_at: first.body.recorded_at,
          data,
        },
      ]);
      const prospect = await call(target(), 'GET', `/prospects/${id}`, { token });
      expect(prospect.body.outcome).toEqual({
        ...NONE,
        outcome: 'Interested',
        updated_at: first.body.recorded_at,
      });
      expect(prospect.body.updated_at).toBe(first.body.recorded_at);
    });

    it('merges: fields not sent keep their value, null clears one, each call is a new record', async () => {
      const id = await newProspect();
      const a = await record(id, { outcome: 'Interested', value_minor: 1_250_000, currency: 'EUR' });
      const b = await record(id, { meeting_at: '2026-12-01T15:00:00+01:00' });
      expect(b.body).toEqual({
        id: anyId('out'),
        prospect_id: id,
        outcome: 'Interested',
        meeting_at: '2026-12-01T14:00:00.000Z',
        value_minor: 1_250_000,
        currency: 'EUR',
        recorded_at: anyTimestamp(),
      });
      expect(b.body.id).not.toBe(a.body.id);
      const c = await record(id, { meeting_at: null, value_minor: null, currency: null });
      expect(c.body).toMatchObject({
        outcome: 'Interested',
        meeting_at: null,
        value_minor: null,
        currency: null,
      });
      expect(c.events.map((e) => e.data)).toEqual([
        { prospect_id: id, ...NONE, outcome: 'Interested' },
        { prospect_id: id, ...NONE, outcome: 'Interested' },
      ]);
    });

    it.each<[string, unknown[], string[]]>([
      ['a meeting time set', [{ meeting_at: '2026-12-01T15:00:00Z' }], ['meeting.booked']],
      ['the outcome becoming Meeting booked', [{ outcome: 'Meeting booked' }], ['meeting.booked']],
      [
        'both at once (one meeting.booked)',
        [{ outcome: 'Meeting booked', meeting_at: '2026-12-01T15:00:00Z' }],
        ['meeting.booked'],
      ],
      [
        'the same meeting time sent again',
        [{ meeting_at: '2026-12-01T15:00:00Z' }, { meeting_at: '2026-12-01T16:00:00+01:00' }],
        [],
      ],
      [
        'a different meeting time',
        [{ meeting_at: '2026-12-01T15:00:00Z' }, { meeting_at: '2026-12-02T15:00:00Z' }],
        ['meeting.booked'],
      ],
      ['a meeting time cleared', [{ meeting_at: '2026-12-01T15:00:00Z' }, { meeting_at: null }], []],
      ['Meeting booked sent again', [{ outcome: 'Meeting booked' }, { outcome: 'Meeting booked' }], []],
      [
        'a new meeting time while Meeting booked',
        [{ outcome: 'Meeting booked' }, { meeting_at: '2026-12-01T15:00:00Z' }],
        ['meeting.booked'],
      ],
      ['the outcome becoming Won', [{ outcome: 'Won' }], ['opportunity.won']],
      ['Won from Meeting booked', [{ outcome: 'Meeting booked' }, { outcome: 'Won' }], ['opportunity.won']],
      ['Won sent again', [{ outcome: 'Won' }, { outcome: 'Won' }], []],
      ['Won kept while the value changes', [{ outcome: 'Won' }, { value_minor: 5, currency: 'USD' }], []],
      [
        'Won again after Lost',
        [{ outcome: 'Won' }, { outcome: 'Lost' }, { outcome: 'Won' }],
        ['opportunity.won'],
      ],
      [
        'a meeting time and Won at once',
        [{ outcome: 'Interested' }, { outcome: 'Won', meeting_at: '2026-12-01T15:00:00Z' }],
        ['meeting.booked', 'opportunity.won'],
      ],
      ['a value only', [{ value_minor: 100, currency: 'GBP' }], []],
      ['Not interested', [{ outcome: 'Not interested' }], []],
    ])('events for %s: the two updates, then %j', async (_name, calls, extra) => {
      const id = await newProspect();
      let last: Awaited<ReturnType<typeof record>> | undefined;
      for (const body of calls) last = await record(id, body);
      expect(last?.status).toBe(201);
      expect(last?.types).toEqual(['prospect.outcome.updated', 'opportunity.updated', ...extra]);
      const state = { ...last?.body };
      delete state.id;
      delete state.recorded_at;
      for (const event of last?.events ?? []) {
        expect(event).toEqual({
          id: anyId('evt'),
          event: event.event,
          workspace_id: workspaceId,
          occurred_at: last?.body.recorded_at,
          data: state,
        });
      }
    });

    it.each<[string, unknown[], Record<string, string[]>]>([
      ['an empty body', [{}], { body: ['The request body must contain at least one field.'] }],
      ['an unknown outcome', [{ outcome: 'Maybe' }], { outcome: ['The selected outcome is invalid.'] }],
      [
        'a null outcome',
        [{ outcome: null }],
        { outcome: ['The outcome field must be a string.', 'The selected outcome is invalid.'] },
      ],
      [
        'a meeting time without an offset',
        [{ meeting_at: '2026-12-01T15:00:00' }],
        { meeting_at: ['The meeting_at field must be a valid RFC 3339 date-time.'] },
      ],
      [
        'a date for a meeting time',
        [{ meeting_at: '2026-12-01' }],
        { meeting_at: ['The meeting_at field must be a valid RFC 3339 date-time.'] },
      ],
      [
        'a meeting time before the year 0001 in UTC',
        [{ meeting_at: '0001-01-01T00:00:00+14:00' }],
        { meeting_at: [OUT_OF_RANGE] },
      ],
      [
        'a meeting time after the year 9999 in UTC',
        [{ meeting_at: '9999-12-31T23:00:00-05:00' }],
        { meeting_at: [OUT_OF_RANGE] },
      ],
      [
        'a negative value',
        [{ value_minor: -1, currency: 'EUR' }],
        { value_minor: ['The value_minor field must be at least 0.'] },
      ],
      [
        'a fractional value',
        [{ value_minor: 1.5, currency: 'EUR' }],
        {
          value_minor: [
            'The value_minor field must be an integer.',
            'The value_minor field must be a valid int64.',
          ],
        },
      ],
      [
        'a value as a string',
        [{ value_minor: '100', currency: 'EUR' }],
        { value_minor: ['The value_minor field must be an integer.'] },
      ],
      [
        'a value past 2^53-1',
        [{ value_minor: 9007199254740992, currency: 'EUR' }],
        { value_minor: ['The value_minor field must not be greater than 9007199254740991.'] },
      ],
      [
        'a lower-case currency',
        [{ value_minor: 1, currency: 'eur' }],
        { currency: ['The currency field format is invalid.'] },
      ],
      [
        'a value without a currency',
        [{ value_minor: 100 }],
        { currency: ['The currency field is required when value_minor is set.'] },
      ],
      [
        'a currency without a value',
        [{ currency: 'EUR' }],
        { value_minor: ['The value_minor field is required when currency is set.'] },
      ],
      [
        'clearing the currency of a set value',
        [{ value_minor: 100, currency: 'EUR' }, { currency: null }],
        { currency: ['The currency field is required when value_minor is set.'] },
      ],
      [
        'clearing the value of a set currency',
        [{ value_minor: 100, currency: 'EUR' }, { value_minor: null }],
        { value_minor: ['The value_minor field is required when currency is set.'] },
      ],
      ['an unknown field', [{ outcome: 'Won', note: 'x' }], { note: ['The note field is prohibited.'] }],
      [
        'several problems at once',
        [{ outcome: 'Maybe', value_minor: -1, currency: 'eur' }],
        {
          outcome: ['The selected outcome is invalid.'],
          value_minor: ['The value_minor field must be at least 0.'],
          currency: ['The currency field format is invalid.'],
        },
      ],
    ])('422 for %s, with no event and no change', async (_name, calls, errors) => {
      const id = await newProspect();
      for (const body of calls.slice(0, -1)) expect((await record(id, body)).status).toBe(201);
      const before = (await call(target(), 'GET', `/prospects/${id}`, { token })).body;
      const answer = await record(id, calls.at(-1));
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual(validationBody(errors));
      expect(answer.events).toEqual([]);
      expect((await call(target(), 'GET', `/prospects/${id}`, { token })).body).toEqual(before);
    });

    it('reads a leap second as the next second', async () => {
      const id = await newProspect();
      const answer = await record(id, { meeting_at: '2016-12-31T23:59:60Z' });
      expect([answer.status, answer.body.meeting_at]).toEqual([201, '2017-01-01T00:00:00.000Z']);
    });

    it('422 for NUL in a body string, after the schema, and 404 for NUL in the id', async () => {
      const id = await newProspect();
      const patched = await call(target(), 'PATCH', `/prospects/${id}`, {
        token,
        rawBody: '{"notes":"\\u0000","location":"ok"}',
        headers: { 'Content-Type': 'application/json' },
      });
      expect([patched.status, patched.body]).toEqual([
        422,
        validationBody({ notes: ['The notes field must not contain NUL characters.'] }),
      ]);
      const both = await call(target(), 'PATCH', `/prospects/${id}`, {
        token,
        rawBody: '{"notes":"\\u0000","company":null}',
        headers: { 'Content-Type': 'application/json' },
      });
      expect(both.body).toEqual(validationBody({ company: ['The company field must be a string.'] }));
      const nulId = await call(target(), 'POST', `/prospects/${id}%00/outcomes`, {
        token,
        body: { outcome: 'Won' },
      });
      expect(nulId.status).toBe(404);
    });

    it('accepts value_minor up to 2^53-1 and 0', async () => {
      const id = await newProspect();
      expect((await record(id, { value_minor: 9007199254740991, currency: 'JPY' })).body.value_minor).toBe(
        9007199254740991,
      );
      expect((await record(id, { value_minor: 0 })).body).toMatchObject({ value_minor: 0, currency: 'JPY' });
    });
  });
}
