import { describe, expect, it } from 'vitest';
import { type Page, pagePromise } from './page-promise.js';

type TestPage = Page<number> & {
  meta: { current_page: number; last_page: number; per_page: number; total: number };
};

function page(
  current: number,
  last: number,
  data: number[],
  next: string | null = current < last ? 'next' : null,
): TestPage {
  return {
    data,
    links: { next },
    meta: { current_page: current, last_page: last, per_page: 2, total: last * 2 },
  };
}

/** A fetchPage over a list of pages served by number (1-based), recording which pages were asked for. */
function server(pages: Record<number, TestPage>) {
  const asked: (number | undefined)[] = [];
  const fetchPage = async (n: number | undefined) => {
    asked.push(n);
    const found = pages[n ?? 1];
    if (!found) throw new Error(`page ${n} does not exist`);
    return found;
  };
  return { fetchPage, asked };
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

describe('pagePromise', () => {
  it.each<
    [
      string,
      { pages: Record<number, TestPage>; start?: number; want: number[]; asked: (number | undefined)[] },
    ]
  >([
    [
      'several pages',
      {
        pages: { 1: page(1, 3, [1, 2]), 2: page(2, 3, [3, 4]), 3: page(3, 3, [5]) },
        want: [1, 2, 3, 4, 5],
        asked: [undefined, 2, 3],
      },
    ],
    ['one page', { pages: { 1: page(1, 1, [1, 2]) }, want: [1, 2], asked: [undefined] }],
    ['an empty list', { pages: { 1: page(1, 1, [], null) }, want: [], asked: [undefined] }],
    [
      'starting from a later page',
      { pages: { 2: page(2, 3, [3, 4]), 3: page(3, 3, [5]) }, start: 2, want: [3, 4, 5], asked: [2, 3] },
    ],
    [
      'a lying last_page stops at the first empty page',
      {
        pages: { 1: page(1, 1_000_000, [1, 2]), 2: page(2, 1_000_000, []) },
        want: [1, 2],
        asked: [undefined, 2],
      },
    ],
    [
      'a page that does not advance stops',
      { pages: { 1: page(1, 5, [1, 2]), 2: page(1, 5, [1, 2]) }, want: [1, 2, 1, 2], asked: [undefined, 2] },
    ],
    [
      'a page number going backwards stops',
      {
        pages: { 1: page(1, 5, [1, 2]), 2: page(2, 5, [3]), 3: page(1, 5, [1, 2]) },
        want: [1, 2, 3, 1, 2],
        asked: [undefined, 2, 3],
      },
    ],
    [
      'links.next null stops even if meta says more',
      { pages: { 1: page(1, 3, [1, 2], null) }, want: [1, 2], asked: [undefined] },
    ],
    [
      'a meta without numbers stops',
      {
        pages: {
          1: {
            data: [1],
            links: { next: 'next' },
            meta: { current_page: '1', last_page: 'many' },
          } as unknown as TestPage,
        },
        want: [1],
        asked: [undefined],
      },
    ],
    [
      'a page without meta or links stops',
      { pages: { 1: { data: [1] } as unknown as TestPage }, want: [1], asked: [undefined] },
    ],
  ])('%s', async (_name, { pages, start, want, asked }) => {
    const s = server(pages);
    expect(await collect(pagePromise(s.fetchPage, start))).toEqual(want);
    expect(s.asked).toEqual(asked);
  });

  it('resolves to the first page when awaited, fetching only it', async () => {
    const s = server({ 1: page(1, 3, [1, 2]), 2: page(2, 3, [3, 4]) });
    expect(await pagePromise(s.fetchPage)).toEqual(page(1, 3, [1, 2]));
    expect(s.asked).toEqual([undefined]);
  });

  it('iterates page by page with pages()', async () => {
    const s = server({ 1: page(1, 2, [1, 2]), 2: page(2, 2, [3]) });
    const pages = await collect(pagePromise(s.fetchPage).pages());
    expect(pages.map((p) => p.data)).toEqual([[1, 2], [3]]);
  });

  it('reuses the first page when awaited and then iterated', async () => {
    const s = server({ 1: page(1, 2, [1, 2]), 2: page(2, 2, [3]) });
    const list = pagePromise(s.fetchPage);
    expect((await list).data).toEqual([1, 2]);
    expect(await collect(list)).toEqual([1, 2, 3]);
    expect(s.asked).toEqual([undefined, 2]);
  });

  it('stops lazily when the caller breaks out', async () => {
    const s = server({ 1: page(1, 3, [1, 2]), 2: page(2, 3, [3, 4]), 3: page(3, 3, [5]) });
    for await (const item of pagePromise(s.fetchPage)) if (item === 2) break;
    expect(s.asked).toEqual([undefined]);
  });

  it('throws the error of a later page from the iteration', async () => {
    const s = server({ 1: page(1, 3, [1, 2]) });
    await expect(collect(pagePromise(s.fetchPage))).rejects.toThrow('page 2 does not exist');
  });
});
