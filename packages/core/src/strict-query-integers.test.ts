import { describe, expect, it } from 'vitest';
import { strictQueryIntegers } from './strict-query-integers.js';

describe('strictQueryIntegers', () => {
  it.each(['0', '1', '25', '100', '2147483648', '-1', '-0'])('keeps %s', (value) => {
    expect(strictQueryIntegers({ page: value }, ['page'])).toEqual({ page: value });
  });

  it.each(['', '0x2', '1e1', '+2', '--1', '-01', '2.0', '1.5', ' 2', '2 ', '010', '00', 'two', '١'])(
    'replaces %j with a value that is not a number',
    (value) => {
      const strict = strictQueryIntegers({ page: value }, ['page']);
      expect(Number.isNaN(Number(strict.page))).toBe(true);
    },
  );

  it('leaves other parameters, lists and missing ones alone, and does not change its argument', () => {
    const query = { page: '0x2', per_page: ['1', '2'], search: '0x2' };
    expect(strictQueryIntegers(query, ['page', 'per_page', 'missing'])).toEqual({
      page: 'not an integer',
      per_page: ['1', '2'],
      search: '0x2',
    });
    expect(query.page).toBe('0x2');
  });
});
