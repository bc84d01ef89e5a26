import { describe, expect, it } from 'vitest';
import { pageEnvelope } from './pagination.js';

const path = 'http://localhost:3000/api/v1/prospects';

describe('pageEnvelope', () => {
  it.each([
    [
      'empty',
      { total: 0, page: 1, perPage: 25, count: 0 },
      { last_page: 1, from: null, to: null, prev: false, next: false },
    ],
    [
      'exactly one page',
      { total: 25, page: 1, perPage: 25, count: 25 },
      { last_page: 1, from: 1, to: 25, prev: false, next: false },
    ],
    [
      'first of three',
      { total: 51, page: 1, perPage: 25, count: 25 },
      { last_page: 3, from: 1, to: 25, prev: false, next: true },
    ],
    [
      'last page',
      { total: 51, page: 3, perPage: 25, count: 1 },
      { last_page: 3, from: 51, to: 51, prev: true, next: false },
    ],
    [
      'past the last',
      { total: 51, page: 9, perPage: 25, count: 0 },
      { last_page: 3, from: null, to: null, prev: true, next: false },
    ],
  ])('%s', (_name, given, want) => {
    const data = Array.from({ length: given.count }, (_, i) => i);
    const envelope = pageEnvelope({
      data,
      total: given.total,
      page: given.page,
      perPage: given.perPage,
      path,
    });
    expect(envelope.meta).toMatchObject({
      current_page: given.page,
      last_page: want.last_page,
      from: want.from,
      to: want.to,
      per_page: 25,
      total: given.total,
      path,
    });
    expect(envelope.links.prev !== null).toBe(want.prev);
    expect(envelope.links.next !== null).toBe(want.next);
  });

  it('keeps search and per_page in every link, and prev past the last points at the last page', () => {
    const envelope = pageEnvelope({ data: [], total: 30, page: 5, perPage: 10, path, search: 'a&b c' });
    expect(envelope.links).toEqual({
      first: `${path}?search=a%26b+c&per_page=10&page=1`,
      last: `${path}?search=a%26b+c&per_page=10&page=3`,
      prev: `${path}?search=a%26b+c&per_page=10&page=3`,
      next: null,
    });
  });
});
