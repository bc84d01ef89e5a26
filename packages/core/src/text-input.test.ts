import { describe, expect, it } from 'vitest';
import { normalizeProspectInput } from './prospect-input.js';
import { listQueryIssues, nulIssues, toStoredText } from './text-input.js';

describe('toStoredText', () => {
  it.each<[string, string, string]>([
    ['plain text', 'Acme', 'Acme'],
    ['a surrogate pair', 'a\u{1F600}b', 'a\u{1F600}b'],
    ['a lone high surrogate', 'a\uD800b', 'a\uFFFDb'],
    ['a lone low surrogate', '\uDC00', '\uFFFD'],
    ['a reversed pair', '\uDE00\uD83D', '\uFFFD\uFFFD'],
  ])('%s', (_name, given, want) => {
    expect(toStoredText(given)).toBe(want);
  });
});

describe('U+0000', () => {
  it('is an issue wherever it is', () => {
    expect(nulIssues(['notes'], 'a\u0000')).toEqual([
      { path: ['notes'], keyword: 'nul', message: 'The notes field must not contain a NUL character.' },
    ]);
    expect(nulIssues(['notes'], 'a')).toEqual([]);
    expect(listQueryIssues({ search: '\u0000' }).map((i) => i.path)).toEqual([['search']]);
    expect(listQueryIssues({})).toEqual([]);
  });

  it('is refused in every text field of a prospect, and lone surrogates are replaced', () => {
    const { input, issues } = normalizeProspectInput({
      company: 'a\uD800',
      location: 'x\u0000',
      tags: ['ok', '\u0000'],
    });
    expect(input.company).toBe('a\uFFFD');
    expect(issues.map((i) => i.path.join('.'))).toEqual(['location', 'tags.1']);
  });
});
