import { describe, expect, it } from 'vitest';
import { blankTokenForm, latestExpiryDate, parseTokenForm } from './token-form.js';

const now = new Date('2026-03-10T15:30:00Z');
const valid = { name: 'CRM sync', abilities: ['prospects:read'], expires_on: '2026-06-08' };

describe('blankTokenForm', () => {
  it('offers an expiry 90 days away and no ability', () => {
    expect(blankTokenForm(now)).toEqual({ name: '', abilities: [], expiresOn: '2026-06-08' });
  });
  it('offers at most 365 days', () => {
    expect(latestExpiryDate(now)).toBe('2027-03-10');
  });
});

describe('parseTokenForm', () => {
  it('accepts a name, abilities and a date, expiring at 00:00 UTC that day', () => {
    const result = parseTokenForm(
      { ...valid, name: '  CRM sync  ', abilities: ['prospects:read', 'prospects:read', 'outcomes:write'] },
      now,
    );
    expect(result).toEqual({
      ok: true,
      values: {
        name: '  CRM sync  ',
        abilities: ['prospects:read', 'prospects:read', 'outcomes:write'],
        expiresOn: '2026-06-08',
      },
      value: {
        name: 'CRM sync',
        abilities: ['prospects:read', 'outcomes:write'],
        expiresAt: new Date('2026-06-08T00:00:00Z'),
      },
    });
  });

  it('accepts the last date the form offers, one year away', () => {
    const result = parseTokenForm({ ...valid, expires_on: latestExpiryDate(now) }, now);
    expect(result.ok).toBe(true);
  });

  it.each([
    ['no name', { ...valid, name: '   ' }, { name: 'Enter a name for the token.' }],
    [
      'a name over 100 characters',
      { ...valid, name: 'n'.repeat(101) },
      { name: 'The name must be at most 100 characters.' },
    ],
    ['no ability', { ...valid, abilities: undefined }, { abilities: 'Choose at least one ability.' }],
    [
      'an unknown ability',
      { ...valid, abilities: ['prospects:read', 'admin'] },
      { abilities: 'Unknown ability: admin.' },
    ],
    [
      'no date',
      { ...valid, expires_on: '' },
      { expires_on: 'Enter the expiry date as YYYY-MM-DD, for example 2027-03-31.' },
    ],
    [
      'an impossible date',
      { ...valid, expires_on: '2026-02-30' },
      { expires_on: 'Enter the expiry date as YYYY-MM-DD, for example 2027-03-31.' },
    ],
    ['today', { ...valid, expires_on: '2026-03-10' }, { expires_on: 'The expiry date must be after today.' }],
    [
      'a past date',
      { ...valid, expires_on: '2025-12-31' },
      { expires_on: 'The expiry date must be after today.' },
    ],
    [
      'a date over a year away',
      { ...valid, expires_on: '2027-03-11' },
      { expires_on: 'The expiry date must be at most one year away: 2027-03-10 or earlier.' },
    ],
  ])('refuses %s and keeps every value sent', (_name, body, errors) => {
    const result = parseTokenForm(body, now);
    expect(result).toMatchObject({ ok: false, errors });
    expect(result.values.name).toBe(body.name);
    expect(result.values.expiresOn).toBe(body.expires_on);
  });

  it('reports every problem at once', () => {
    const result = parseTokenForm({}, now);
    expect(result.ok).toBe(false);
    expect(Object.keys(result.ok ? {} : result.errors).sort()).toEqual(['abilities', 'expires_on', 'name']);
  });
});
