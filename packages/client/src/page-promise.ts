/** One page in Laravel's paginator shape: `data`, `links` and `meta`. */
export interface Page<T> {
  /** The page's items, in the server's order. */
  data: T[];
  /** Only `next` is read: `null` on the last page ends the iteration. */
  links: {
    /**
     * The next page's absolute URL, or `null` on the last page. Never followed: only its `cursor` parameter is
     * read and sent to the client's own base URL; without one, the next page is asked for by number.
     */
    next: string | null;
  };
  /** The page numbers that bound the iteration. */
  meta: {
    /** This page's number, from 1. */
    current_page: number;
    /** The last page's number, from 1 (also 1 when there are no items). */
    last_page: number;
  };
}

/**
 * The first page, as a promise, that is also an async iterable over every item of every page.
 *
 * - `await list` gives the first page (`data`, `links`, `meta`).
 * - `for await (const item of list)` gives every item of every page, fetching pages one at a time.
 * - `for await (const page of list.pages())` gives every page.
 *
 * Iteration starts from the page already fetched and stops after the last page, or as soon as a page is empty,
 * `links.next` is `null`, `meta.current_page` reaches `meta.last_page`, or `meta.current_page` is not the page
 * asked for; so a server whose `meta` lies ends the iteration instead of looping forever.
 */
export interface PagePromise<P extends Page<unknown>> extends Promise<P>, AsyncIterable<P['data'][number]> {
  /** Iterates page by page, starting with the first page. */
  pages(): AsyncIterable<P>;
}

/**
 * Builds a {@link PagePromise} from a function that fetches one page.
 *
 * @param fetchPage - Fetches page `page` (from 1), or the server's default page when `page` is `undefined`;
 *   from `cursor` instead when one is given (the `cursor` of the previous page's `links.next`).
 * @param firstPage - The page to start from, e.g. the caller's `query.page`; `undefined` means page 1.
 * @returns The first page's promise, already requested, with `[Symbol.asyncIterator]` and `pages()`.
 * @throws Whatever `fetchPage` throws, from `await` or from the iteration step that fetched the page.
 * @example
 * const list = pagePromise((page) => fetchProspects({ ...query, page }), query.page);
 * for await (const prospect of list) console.log(prospect.company);
 * @see openapi.yaml `listProspects`
 */
export function pagePromise<P extends Page<unknown>>(
  fetchPage: (page: number | undefined, cursor?: string) => Promise<P>,
  firstPage?: number,
): PagePromise<P> {
  const first = fetchPage(firstPage);

  async function* pages(): AsyncGenerator<P> {
    let page = await first;
    let expected = firstPage ?? 1;
    for (;;) {
      yield page;
      const current = page.meta?.current_page;
      // Optional chaining and the plain comparisons are deliberate: a missing or non-numeric field stops here.
      if (
        !page.data?.length ||
        page.links?.next == null ||
        current !== expected ||
        !(current < page.meta.last_page)
      ) {
        return;
      }
      expected = current + 1;
      page = await fetchPage(expected, cursorOf(page.links.next));
    }
  }

  async function* items(): AsyncGenerator<P['data'][number]> {
    for await (const page of pages()) yield* page.data as P['data'][number][];
  }

  return Object.assign(first, { pages, [Symbol.asyncIterator]: items });
}

/** The `cursor` query parameter of a link (openapi.yaml parameter `Cursor`), or `undefined`. */
function cursorOf(link: string): string | undefined {
  try {
    return new URL(link).searchParams.get('cursor') ?? undefined;
  } catch {
    return undefined;
  }
}
