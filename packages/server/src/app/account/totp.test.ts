import { describe, expect, it } from 'vitest';
import {
  checkTotp,
  hashRecoveryCode,
  looksLikeRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  totpCode,
} from './totp.js';

// RFC 6238, Appendix B: the SHA-1 secret "12345678901234567890" (ASCII), base32.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP', () => {
  it.each([
    ['1970-01-01T00:00:59Z', '287082'],
    ['2005-03-18T01:58:29Z', '081804'],
    ['2009-02-13T23:31:30Z', '005924'],
  ])('gives RFC 6238’s 6-digit code at %s', (at, code) => {
    expect(totpCode(RFC_SECRET, 'a@example.com', new Date(at))).toBe(code);
  });

  it('accepts the step before and after, and returns the step the code belongs to', () => {
    const now = new Date('2026-11-25T12:00:15Z');
    const step = Math.floor(now.getTime() / 30_000);
    expect(checkTotp(RFC_SECRET, 'a', totpCode(RFC_SECRET, 'a', now), now)).toBe(step);
    expect(checkTotp(RFC_SECRET, 'a', totpCode(RFC_SECRET, 'a', new Date(now.getTime() - 30_000)), now)).toBe(
      step - 1,
    );
  });

  it.each([
    [
      'an expired code (two minutes old)',
      (now: Date) => totpCode(RFC_SECRET, 'a', new Date(now.getTime() - 120_000)),
    ],
    ['a code of another secret', (now: Date) => totpCode(newTotpSecret(), 'a', now)],
    ['not six digits', () => '12345'],
    ['letters', () => 'abcdef'],
  ])('refuses %s', (_name, make) => {
    const now = new Date('2026-11-25T12:00:15Z');
    expect(checkTotp(RFC_SECRET, 'a', make(now), now)).toBeUndefined();
  });

  it('makes 10 recovery codes of 50 random bits, hashed the same whatever their spacing and case', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) {
      expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
      expect(looksLikeRecoveryCode(code)).toBe(true);
      expect(hashRecoveryCode(code.toUpperCase().replace('-', ' '))).toBe(hashRecoveryCode(code));
    }
    expect(newTotpSecret()).toMatch(/^[A-Z2-7]{32}$/);
  });
});
