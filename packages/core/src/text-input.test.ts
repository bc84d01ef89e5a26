import { describe, expect, it } from 'vitest';
import { normalizeProspectInput } from './prospect-input.js';
import { nulIssues, toStoredText } from './text-input.js';

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

  it('is how normalizeProspectInput writes text', () => {
    const { input } = normalizeProspectInput({ company: 'a\uD800', location: '\uDC00', tags: ['\uD800'] });
    expect(input).toEqual({ company: 'a\uFFFD', location: '\uFFFD', tags: ['\uFFFD'] });
  });
});

describe('nulIssues', () => {
  it.each<[string, { search: unknown; body: unknown; want: string[] }]>([
    ['none', { search: 'acme', body: { company: 'Acme', tags: ['a'] }, want: [] }],
    ['in search', { search: 'a\u0000', body: undefined, want: ['search'] }],
    [
      'search first, then the body in order, nested paths dotted',
      {
        search: '\u0000',
        body: { notes: '\u0000', tags: ['ok', 'x\u0000'] },
        want: ['search', 'notes', 'tags.1'],
      },
    ],
    ['not in numbers or nulls', { search: undefined, body: { value_minor: 1, currency: null }, want: [] }],
  ])('%s', (_name, { search, body, want }) => {
    expect(nulIssues(search, body).map((i) => i.path.join('.'))).toEqual(want);
  });

  it('says the field', () => {
    expect(nulIssues(undefined, { company: 'a\u0000' })).toEqual([{ path: ['company'], keyword: 'nul' }]);
  });
});
