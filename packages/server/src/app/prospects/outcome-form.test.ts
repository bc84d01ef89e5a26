import type { OutcomeState } from '@prospectkit/core';
import { describe, expect, it } from 'vitest';
import { outcomeFormValues, parseOutcomeForm } from './outcome-form.js';

const booked: OutcomeState = {
  outcome: 'Meeting booked',
  meeting_at: '2026-12-01T15:00:30.500Z',
  value_minor: 1250050,
  currency: 'EUR',
};
const shown = outcomeFormValues(booked);

describe('parseOutcomeForm', () => {
  it('fills the form with the current outcome, the meeting time in UTC to the minute', () => {
    expect(shown).toEqual({
      outcome: 'Meeting booked',
      meeting_at: '2026-12-01T15:00',
      value: '12500.50',
      currency: 'EUR',
    });
    expect(outcomeFormValues(null)).toEqual({ outcome: '', meeting_at: '', value: '', currency: '' });
  });

  it.each([
    [
      'an untouched form sends only the outcome (the rest keeps its exact value)',
      {},
      { outcome: 'Meeting booked' },
    ],
    ['a new outcome', { outcome: 'Won' }, { outcome: 'Won' }],
    [
      'a moved meeting, read in UTC',
      { meeting_at: '2026-12-02T09:30' },
      { outcome: 'Meeting booked', meeting_at: '2026-12-02T09:30:00Z' },
    ],
    ['an emptied meeting clears it', { meeting_at: '' }, { outcome: 'Meeting booked', meeting_at: null }],
    [
      'a new value sends the value and its currency',
      { value: '99' },
      { outcome: 'Meeting booked', value_minor: 9900, currency: 'EUR' },
    ],
    [
      'an emptied value and currency clear both',
      { value: '', currency: '' },
      { outcome: 'Meeting booked', value_minor: null, currency: null },
    ],
    [
      'a currency in lower case',
      { currency: 'jpy', value: '12500' },
      { outcome: 'Meeting booked', value_minor: 12500, currency: 'JPY' },
    ],
  ])('%s', (_name, changes, want) => {
    const result = parseOutcomeForm({ ...shown, ...changes }, booked);
    expect(result).toMatchObject({ ok: true, value: want });
  });

  it('sends nothing for an untouched form without an outcome, which the contract refuses as empty', () => {
    expect(parseOutcomeForm({ outcome: '', meeting_at: '', value: '', currency: '' }, null)).toMatchObject({
      ok: true,
      value: {},
    });
  });

  it('refuses a meeting time or a value it cannot read, keeping what was typed', () => {
    const result = parseOutcomeForm({ ...shown, meeting_at: 'tomorrow', value: '12,5.000' }, booked);
    expect(result).toEqual({
      ok: false,
      errors: {
        meeting_at: 'Enter the meeting time as YYYY-MM-DD HH:MM, in UTC.',
        value: 'Enter at most 2 digits after the decimal point.',
      },
      values: { ...shown, meeting_at: 'tomorrow', value: '12,5.000' },
    });
  });
});
