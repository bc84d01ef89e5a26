import { describe, expect, it } from 'vitest';
import { encodeListCursor } from './list-cursor.js';
import { cutListPage } from './list-page.js';
import { pageEnvelope } from './pagination.js';
import {
  COUNT_CAP,
  listTotal,
  type ProspectListRequest,
  readProspectListQuery,
} from './prospect-list-query.js';

const read = (query: Record<string, unknown>) => {
  const result = readProspectListQuery(query);
  if ('issues' in result) throw new Error('issues');
  return result.request;
};

describe('readProspectListQuery', () => {
  it('reads none as null, trims tags, drops an empty search and keeps the links in order', () => {
    const request = read({
      tag: [' q4 ', 'emea'],
      owner_id: 'none',
      outcome: 'none',
      search: '',
      sort: 'oldest',
      count: 'exact',
    });
    expect(request.filters).toEqual({ tags: ['q4', 'emea'], ownerId: null, outcome: null });
    expect(request.linkQuery).toEqual([
      ['tag', 'q4'],
      ['tag', 'emea'],
      ['owner_id', 'none'],
      ['outcome', 'none'],
      ['sort', 'oldest'],
      ['count', 'exact'],
    ]);
  });

  it("takes the cursor's page and refuses a cursor for another sort", () => {
    const cursor = encodeListCursor({
      sort: 'newest',
      key: '2026-01-01T00:00:00.000Z',
      id: 'prs_1',
      direction: 'next',
      page: 7,
    });
    expect(read({ cursor, page: 2 }).page).toBe(7);
    expect(readProspectListQuery({ cursor, sort: 'oldest' })).toEqual({
      issues: [expect.objectContaining({ path: ['cursor'], keyword: 'cursor' })],
    });
  });
});

describe('listTotal', () => {
  const request = (query: Record<string, unknown>, page = 1): ProspectListRequest => ({
    ...read(query),
    page,
  });
  it.each<[string, ProspectListRequest, number | undefined, { items: number; hasMore: boolean }, object]>([
    [
      'no filter: the workspace size, always exact',
      request({ count: 'none' }),
      50_000,
      { items: 25, hasMore: true },
      { total: 50_000, totalRelation: 'eq' },
    ],
    [
      'capped, under the cap',
      request({ tag: ['a'] }),
      COUNT_CAP,
      { items: 25, hasMore: true },
      { total: COUNT_CAP, totalRelation: 'eq' },
    ],
    [
      'capped, over the cap',
      request({ tag: ['a'] }),
      COUNT_CAP + 1,
      { items: 25, hasMore: true },
      { total: COUNT_CAP, totalRelation: 'gte' },
    ],
    [
      'exact, over the cap',
      request({ tag: ['a'], count: 'exact' }),
      123_456,
      { items: 25, hasMore: true },
      { total: 123_456, totalRelation: 'eq' },
    ],
    [
      'none, more to come',
      request({ tag: ['a'], count: 'none' }),
      undefined,
      { items: 25, hasMore: true },
      { total: 0, totalRelation: 'gte' },
    ],
    [
      'none, the last page by number',
      request({ tag: ['a'], count: 'none' }, 3),
      undefined,
      { items: 5, hasMore: false },
      { total: 55, totalRelation: 'eq' },
    ],
  ])('%s', (_name, given, counted, page, want) => {
    expect(listTotal(given, counted, page)).toEqual(want);
  });

  it('raises a gte total to the last position seen, so last_page stays past the current page', () => {
    const envelope = pageEnvelope({
      data: [1, 2],
      total: COUNT_CAP,
      totalRelation: 'gte',
      hasMore: true,
      page: 6000,
      perPage: 2,
      path: 'http://x/p',
    });
    expect(envelope.meta).toMatchObject({
      total: 12_001,
      last_page: 6001,
      has_more: true,
      total_relation: 'gte',
    });
  });
});

describe('cutListPage', () => {
  const rows = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
  it('reads one more than a page forwards: more follow, the next cursor at the last item', () => {
    const page = cutListPage(rows, read({ per_page: 2 }), (r) => r.id);
    expect(page.data.map((r) => r.id)).toEqual(['a', 'b']);
    expect(page.hasMore).toBe(true);
    expect(page.cursors.prev).toBeNull();
  });
  it('reverses rows read backwards, and has a prev cursor only when one more was read', () => {
    const cursor = encodeListCursor({
      sort: 'newest',
      key: '2026-01-01T00:00:00.000Z',
      id: 'd',
      direction: 'prev',
      page: 1,
    });
    const page = cutListPage([{ id: 'c' }, { id: 'b' }], read({ per_page: 2, cursor }), (r) => r.id);
    expect(page.data.map((r) => r.id)).toEqual(['b', 'c']);
    expect(page.cursors.prev).toBeNull();
    expect(page.cursors.next).not.toBeNull();
  });
});
