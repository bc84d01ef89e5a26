import { describe, expect, it } from 'vitest';
import { decodeListCursor, encodeListCursor, type ListCursor } from './list-cursor.js';

const at: ListCursor = {
  sort: 'newest',
  key: '2026-11-25 18:31:41.123+00',
  id: 'prs_01',
  direction: 'next',
  page: 2,
};
const raw = (payload: unknown) =>
  btoa(JSON.stringify(payload)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

describe('list cursors', () => {
  it.each<[string, ListCursor]>([
    ['a time key', at],
    [
      'a company key with accents and quotes',
      { ...at, sort: 'company_asc', key: 'société "x" \'y\'', direction: 'prev' },
    ],
    ['an ISO time key', { ...at, sort: 'last_activity', key: '2026-11-25T18:31:41.123Z', page: 40_000 }],
  ])('reads back %s', (_name, cursor) => {
    const text = encodeListCursor(cursor);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeListCursor(text, cursor.sort)).toEqual(cursor);
  });

  it.each<[string, string]>([
    ['not base64', '!!!'],
    ['not JSON', raw('x').slice(0, 3)],
    ['made for another sort', encodeListCursor({ ...at, sort: 'oldest' })],
    ['another format', raw([2, 'newest', at.key, at.id, 'n', 2])],
    ['a time key that is no time', raw([1, 'newest', "1'; drop table prospects", at.id, 'n', 2])],
    ['an id with punctuation', raw([1, 'newest', at.key, "prs_1'", 'n', 2])],
    ['a NUL in a company key', encodeListCursor({ ...at, sort: 'company_asc', key: 'a\u0000' })],
    ['page 0', raw([1, 'newest', at.key, at.id, 'n', 0])],
    ['an unknown direction', raw([1, 'newest', at.key, at.id, 'x', 2])],
  ])('refuses %s', (_name, text) => {
    expect(decodeListCursor(text, 'newest')).toBeUndefined();
  });
});
