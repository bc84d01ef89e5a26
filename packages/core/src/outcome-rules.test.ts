import { describe, expect, it } from 'vitest';
import { mergedOutcomeIssues, mergeOutcome, type OutcomeState, outcomeEventTypes } from './outcome-rules.js';
import type { RecordOutcomeRequest } from './schemas.js';

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
