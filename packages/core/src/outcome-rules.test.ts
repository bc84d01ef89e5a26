import { describe, expect, it } from 'vitest';
import {
  mergedOutcomeIssues,
  mergeOutcome,
  type OutcomeState,
  outcomeEventTypes,
  toUtc,
} from './outcome-rules.js';
import type { RecordOutcomeRequest } from './types.js';

const base: OutcomeState = {
  outcome: 'Interested',
  meeting_at: '2026-12-01T10:00:00.000Z',
  value_minor: 100,
  currency: 'EUR',
};

describe('outcomeEventTypes', () => {
  it.each<[string, OutcomeState | null, RecordOutcomeRequest, string[]]>([
    ['first outcome', null, { outcome: 'Interested' }, []],
    ['meeting set', base, { meeting_at: '2026-12-02T10:00:00Z' }, ['meeting.booked']],
    ['same meeting in another offset', base, { meeting_at: '2026-12-01T11:00:00+01:00' }, []],
    ['meeting cleared', base, { meeting_at: null }, []],
    ['becomes Meeting booked', base, { outcome: 'Meeting booked' }, ['meeting.booked']],
    [
      'both at once: once',
      base,
      { outcome: 'Meeting booked', meeting_at: '2026-12-03T10:00:00Z' },
      ['meeting.booked'],
    ],
    ['stays Meeting booked', { ...base, outcome: 'Meeting booked' }, { outcome: 'Meeting booked' }, []],
    ['becomes Won', base, { outcome: 'Won' }, ['opportunity.won']],
    ['stays Won', { ...base, outcome: 'Won' }, { outcome: 'Won' }, []],
    ['value only', base, { value_minor: 5 }, []],
  ])('%s', (_name, previous, input, extra) => {
    const merged = mergeOutcome(previous, input);
    expect(outcomeEventTypes(previous, input, merged)).toEqual([
      'prospect.outcome.updated',
      'opportunity.updated',
      ...extra,
    ]);
  });
});

describe('mergeOutcome', () => {
  it('keeps fields not sent, replaces sent ones (null included), and normalizes meeting_at to UTC', () => {
    expect(
      mergeOutcome(base, { outcome: 'Lost', meeting_at: '2026-12-05T09:30:00-02:00', currency: null }),
    ).toEqual({
      outcome: 'Lost',
      meeting_at: '2026-12-05T11:30:00.000Z',
      value_minor: 100,
      currency: null,
    });
  });

  it.each<[OutcomeState, string[]]>([
    [{ ...base, currency: null }, ['currency']],
    [{ ...base, value_minor: null }, ['value_minor']],
    [{ ...base, value_minor: null, currency: null }, []],
    [base, []],
  ])('value_minor and currency are both set or both null: %o', (merged, fields) => {
    expect(mergedOutcomeIssues(merged).map((i) => i.path.join('.'))).toEqual(fields);
  });
});

describe('meeting times JavaScript and PostgreSQL cannot hold', () => {
  it.each<[string, string, string]>([
    ['an offset', '2026-12-01T15:00:00+05:30', '2026-12-01T09:30:00.000Z'],
    ['nanoseconds', '2026-12-01T15:00:00.123456789Z', '2026-12-01T15:00:00.123Z'],
    ['a leap second', '2016-12-31T23:59:60Z', '2016-12-31T23:59:60Z'],
    ['year 0001 pushed into year 0000', '0001-01-01T00:00:00+14:00', '0001-01-01T00:00:00+14:00'],
    ['year 9999 pushed into year 10000', '9999-12-31T23:00:00-05:00', '9999-12-31T23:00:00-05:00'],
  ])('toUtc with %s', (_name, given, want) => {
    expect(toUtc(given)).toBe(want);
  });

  it.each([['2016-12-31T23:59:60Z'], ['0001-01-01T00:00:00+14:00'], ['9999-12-31T23:00:00-05:00']])(
    'refuses %s as meeting_at, instead of failing later',
    (meetingAt) => {
      const merged = mergeOutcome(base, { meeting_at: meetingAt, currency: null });
      expect(mergedOutcomeIssues(merged).map((i) => i.path.join('.'))).toEqual(['meeting_at', 'currency']);
      expect(() => outcomeEventTypes(base, { meeting_at: meetingAt }, merged)).not.toThrow();
    },
  );
});
