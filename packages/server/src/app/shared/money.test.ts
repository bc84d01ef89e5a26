import { describe, expect, it } from 'vitest';
import { currencyExponent, formatMoney, majorToMinor, minorToMajor } from './money.js';

describe('money in the main unit', () => {
  it.each([
    ['EUR', 2],
    ['JPY', 0],
    ['BHD', 3],
    [null, 2],
    ['not a code', 2],
  ] as const)('knows the minor digits of %s', (currency, want) => {
    expect(currencyExponent(currency)).toBe(want);
  });

  it.each([
    ['12500.50', 'EUR', 1250050],
    ['12,500.5', 'EUR', 1250050],
    [' 0.07 ', 'USD', 7],
    ['12500', 'JPY', 12500],
    ['1.234', 'BHD', 1234],
    ['9007199254740991', 'JPY', 9007199254740991],
  ] as const)('reads %s %s as %d minor units', (typed, currency, want) => {
    expect(majorToMinor(typed, currency)).toBe(want);
  });

  it.each([
    ['12.345', 'EUR', 'Enter at most 2 digits after the decimal point.'],
    ['12.5', 'JPY', 'Enter a whole number: JPY has no minor unit.'],
    ['-5', 'EUR', 'Enter the value as a number, e.g. 12500 or 12500.50.'],
    ['1e3', 'EUR', 'Enter the value as a number, e.g. 12500 or 12500.50.'],
  ] as const)('refuses %s %s', (typed, currency, problem) => {
    expect(majorToMinor(typed, currency)).toEqual({ problem });
  });

  it('shows minor units in the main unit, grouped for reading', () => {
    expect(minorToMajor(1250050, 'EUR')).toBe('12500.50');
    expect(minorToMajor(7, 'USD')).toBe('0.07');
    expect(minorToMajor(12500, 'JPY')).toBe('12500');
    expect(formatMoney(123456789, 'EUR')).toBe('1,234,567.89 EUR');
    expect(formatMoney(5, 'BHD')).toBe('0.005 BHD');
  });
});
