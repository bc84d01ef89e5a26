import { describe, expect, it } from 'vitest';
import { foldForSearch } from './fold-for-search.js';

describe('foldForSearch', () => {
  it.each([
    ['Société', 'societe'],
    ['Zürich', 'zurich'],
    ['Straße', 'strasse'],
    ['Łódź', 'lodz'],
    ['Ærø', 'aero'],
    ['Ñandú', 'nandu'],
    ['ΟΔΟΣ Ά', 'οδοσ α'],
    ['Ёлка', 'елка'],
    // decomposed input (e + U+0301) folds like the composed letter
    ['Socie\u0301te\u0301', 'societe'],
    // Hangul is decomposed and composed again, not broken into jamo
    ['한국', '한국'],
    ['ACME ltd', 'acme ltd'],
  ])('%s -> %s', (given, want) => {
    expect(foldForSearch(given)).toBe(want);
  });
});
