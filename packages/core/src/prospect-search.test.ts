import { describe, expect, it } from 'vitest';
import { lowerLikePostgres, parseProspectSearch, searchWords } from './prospect-search.js';

describe('parseProspectSearch', () => {
  it.each([
    ['an @ makes an email prefix', 'Ada@Acme', { kind: 'email', prefix: 'Ada@Acme' }],
    ['an @ wins over a dot', 'ada.l@acme.example', { kind: 'email', prefix: 'ada.l@acme.example' }],
    ['a dot without white space makes a domain prefix', 'acme.ex', { kind: 'domain', prefix: 'acme.ex' }],
    ['a dot with white space makes words', 'acme. ltd', { kind: 'words', words: ['acme', 'ltd'] }],
    ['surrounding white space goes', '  acme.example ', { kind: 'domain', prefix: 'acme.example' }],
    ['ASCII punctuation splits words', "o'brien_x\\y%", { kind: 'words', words: ['o', 'brien', 'x', 'y'] }],
    ['letters outside ASCII stay in their word', 'Ärzte–ΟΔΟΣ', { kind: 'words', words: ['Ärzte–ΟΔΟΣ'] }],
    ['only punctuation gives no words', '%_%', { kind: 'words', words: [] }],
  ])('%s', (_name, term, want) => {
    expect(parseProspectSearch(term)).toEqual(want);
  });
});

describe('searchWords and lowerLikePostgres', () => {
  it('split an email into its words and lower like PostgreSQL', () => {
    expect(searchWords(lowerLikePostgres('ADA.Lovelace@İSTANBUL.example'))).toEqual([
      'ada',
      'lovelace',
      'istanbul',
      'example',
    ]);
    expect(lowerLikePostgres('ΟΔΟΣ')).toBe('οδοσ');
  });
});
