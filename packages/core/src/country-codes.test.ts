import { iso31661 } from 'iso-3166';
import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, isCountryCode } from './country-codes.js';

describe('COUNTRY_CODES', () => {
  it('is the maintained iso-3166 list of assigned alpha-2 codes, no more and no fewer', () => {
    expect([...COUNTRY_CODES].sort()).toEqual(iso31661.map((c) => c.alpha2).sort());
  });

  it.each([
    ['FR', true],
    ['JP', true],
    ['GB', true],
    ['UK', false],
    ['ZZ', false],
    ['fr', false],
  ])('isCountryCode(%s) is %s', (code, want) => {
    expect(isCountryCode(code)).toBe(want);
  });
});
