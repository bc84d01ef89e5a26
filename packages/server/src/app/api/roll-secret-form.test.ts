import { describe, expect, it } from 'vitest';
import { blankRollSecretForm, parseRollSecretForm } from './roll-secret-form.js';

const now = new Date('2026-03-10T15:30:45Z');

describe('parseRollSecretForm', () => {
  it('offers "now", with the time field set 24 hours ahead (to the minute, never past the limit)', () => {
    expect(blankRollSecretForm(now)).toEqual({ when: 'now', at: '2026-03-11T15:30' });
    expect(parseRollSecretForm({ when: 'later', at: '2026-03-11T15:30' }, now).ok).toBe(true);
  });

  it('takes effect now, ignoring the time field', () => {
    expect(parseRollSecretForm({ when: 'now', at: 'garbage' }, now)).toMatchObject({
      ok: true,
      value: { effectiveAt: now },
    });
  });

  it.each([
    ['in an hour', '2026-03-10T16:30', '2026-03-10T16:30:00Z'],
    ['with seconds', '2026-03-10T16:30:00', '2026-03-10T16:30:00Z'],
    ['exactly 24 hours away, to the minute', '2026-03-11T15:30', '2026-03-11T15:30:00Z'],
  ])('takes effect later: %s', (_name, at, want) => {
    expect(parseRollSecretForm({ when: 'later', at }, now)).toMatchObject({
      ok: true,
      value: { effectiveAt: new Date(want) },
    });
  });

  it.each<[string, { when?: string; at?: string }, Record<string, string>]>([
    ['no choice', { at: '2026-03-10T16:30' }, { when: 'Choose when the new secret takes effect.' }],
    ['an unknown choice', { when: 'tomorrow' }, { when: 'Choose when the new secret takes effect.' }],
    [
      'no time',
      { when: 'later', at: '' },
      { at: 'Enter the time as YYYY-MM-DDTHH:MM in UTC, for example 2027-03-31T09:00.' },
    ],
    [
      'an impossible time',
      { when: 'later', at: '2026-03-10T25:00' },
      { at: 'Enter the time as YYYY-MM-DDTHH:MM in UTC, for example 2027-03-31T09:00.' },
    ],
    [
      'a past time',
      { when: 'later', at: '2026-03-10T15:00' },
      { at: 'Choose a time in the future, or choose "Now".' },
    ],
    [
      'over 24 hours away',
      { when: 'later', at: '2026-03-11T15:31' },
      { at: 'Choose a time at most 24 hours away: 2026-03-11T15:30 UTC or earlier.' },
    ],
  ])('refuses %s and keeps the values', (_name, body, errors) => {
    const result = parseRollSecretForm(body, now);
    expect(result).toMatchObject({ ok: false, errors });
    expect(result.values).toEqual({ when: body.when ?? '', at: body.at ?? '' });
  });
});
