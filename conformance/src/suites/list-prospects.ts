import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../call.js';
import type { TargetRef } from '../define-conformance-suite.js';
import { validationBody } from '../matchers.js';

const FIXTURES = [
  {
    company: 'Acme Ltd',
    domain: 'acme.example',
    contact_name: 'Ada Lovelace',
    contact_email: 'ada@acme.example',
  },
  {
    company: 'Globex',
    domain: 'globex.example',
    contact_name: 'Hank Scorpio',
    contact_email: 'hank@globex.example',
  },
  {
    company: 'Initech',
    notes: 'acme competitor',
    location: 'Acmeville',
    contact_email: 'peter@initech.example',
  },
  { company: '100% Organic_Foods', contact_name: 'Back\\Slash' },
  { company: 'Umbrella', domain: 'umbrella.example', contact_email: 'ALICE@UMBRELLA.EXAMPLE' },
];

/** `listProspects`: newest first, the paginator envelope and its edges, links keeping `search`, and search. */
export function listProspectsSuite(target: TargetRef): void {
  describe('listProspects', () => {
    let token: string;
    let ids: string[];
    const list = (query = '') => call(target(), 'GET', `/prospects${query}`, { token });
    const listUrl = () => `${target().baseUrl}/prospects`;
    const companies = (answer: { body: { data: Array<{ company: string }> } }) =>
      answer.body.data.map((p) => p.company);
    /** A link that keeps `kept` and carries a cursor (openapi.yaml parameter `Cursor`). */
    const cursorLink = (kept: string) =>
      new RegExp(`^${listUrl().replace(/[.?]/g, '\\$&')}\\?${kept}&cursor=[A-Za-z0-9_-]+$`);

    beforeAll(async () => {
      token = await (await target().workspace()).token();
      ids = [];
      for (const body of FIXTURES)
        ids.push((await call(target(), 'POST', '/prospects', { token, body })).body.id);
    });

    it('lists newest first with the default page size, in the Laravel paginator shape', async () => {
      const answer = await list();
      expect(answer.status).toBe(200);
      expect(companies(answer)).toEqual(FIXTURES.map((f) => f.company).reverse());
      expect(answer.body.data.map((p: { id: string }) => p.id)).toEqual([...ids].reverse());
      expect(answer.body.links).toEqual({
        first: `${listUrl()}?per_page=25&page=1`,
        last: `${listUrl()}?per_page=25&page=1`,
        prev: null,
        next: null,
      });
      expect(answer.body.meta).toEqual({
        current_page: 1,
        from: 1,
        last_page: 1,
        path: listUrl(),
        per_page: 25,
        to: 5,
        total: 5,
        total_relation: 'eq',
        has_more: false,
      });
    });

    it('pages through with per_page, links pointing at the neighbours', async () => {
      const first = await list('?per_page=2');
      expect(companies(first)).toEqual(['Umbrella', '100% Organic_Foods']);
      expect(first.body.links).toEqual({
        first: `${listUrl()}?per_page=2&page=1`,
        last: `${listUrl()}?per_page=2&page=3`,
        prev: null,
        next: expect.stringMatching(cursorLink('per_page=2')),
      });
      expect(first.body.meta).toMatchObject({ has_more: true, total_relation: 'eq' });
      const middle = await list('?per_page=2&page=2');
      expect(companies(middle)).toEqual(['Initech', 'Globex']);
      expect(middle.body.links.prev).toMatch(cursorLink('per_page=2'));
      expect(middle.body.links.next).toMatch(cursorLink('per_page=2'));
      expect(middle.body.meta).toMatchObject({ current_page: 2, from: 3, to: 4, last_page: 3, total: 5 });
      const last = await list('?page=3&per_page=2');
      expect(companies(last)).toEqual(['Acme Ltd']);
      expect(last.body.links.next).toBeNull();
      expect(last.body.meta).toMatchObject({ current_page: 3, from: 5, to: 5, last_page: 3 });
    });

    it('answers a page past the last with 200 and empty data, prev pointing at the last page', async () => {
      const answer = await list('?per_page=2&page=9');
      expect(answer.status).toBe(200);
      expect(answer.body.data).toEqual([]);
      expect(answer.body.links.prev).toBe(`${listUrl()}?per_page=2&page=3`);
      expect(answer.body.links.next).toBeNull();
      expect(answer.body.meta).toEqual({
        current_page: 9,
        from: null,
        last_page: 3,
        path: listUrl(),
        per_page: 2,
        to: null,
        total: 5,
        total_relation: 'eq',
        has_more: false,
      });
    });

    it('answers the largest page number and page size', async () => {
      const answer = await list('?page=2147483647&per_page=100');
      expect(answer.status).toBe(200);
      expect(answer.body.data).toEqual([]);
      expect(answer.body.meta).toMatchObject({ current_page: 2147483647, per_page: 100, last_page: 1 });
    });

    it('answers an empty workspace with last_page 1 and null from and to', async () => {
      const empty = await (await target().workspace()).token();
      const answer = await call(target(), 'GET', '/prospects', { token: empty });
      expect(answer.body).toEqual({
        data: [],
        links: {
          first: `${listUrl()}?per_page=25&page=1`,
          last: `${listUrl()}?per_page=25&page=1`,
          prev: null,
          next: null,
        },
        meta: {
          current_page: 1,
          from: null,
          last_page: 1,
          path: listUrl(),
          per_page: 25,
          to: null,
          total: 0,
          total_relation: 'eq',
          has_more: false,
        },
      });
    });

    // The rules of openapi.yaml, parameter `Search`: word prefixes, or an email or domain prefix.
    it.each([
      ['a word of company, in any case', 'GLOBEX', ['Globex']],
      ['the start of a word of company', 'glob', ['Globex']],
      ['the start of a word of contact_name', 'lovel', ['Acme Ltd']],
      ['a word of contact_email', 'peter', ['Initech']],
      ['a word found in several columns', 'example', ['Umbrella', 'Initech', 'Globex', 'Acme Ltd']],
      ['words in any order, across columns', 'scorpio GLOB', ['Globex']],
      ['words of one column in another order', 'ltd acme', ['Acme Ltd']],
      ['every word, not any', 'acme globex', []],
      ['the inside of a word: not found', 'velace', []],
      ['a term in notes or location only: not found', 'acmeville', []],
      ['a domain, from its start', 'umbrella.exa', ['Umbrella']],
      ['a whole domain, in any case', 'GLOBEX.example', ['Globex']],
      ['the inside of a domain: not found', 'brella.example', []],
      ['an email, from its start, stored in capitals', 'alice@umbrella', ['Umbrella']],
      ['a whole email, in any case', 'Ada@Acme.Example', ['Acme Ltd']],
      ['the inside of an email: not found', 'lice@umbrella', []],
      ['an email domain alone: not found', '@acme.example', []],
      ['punctuation, which separates words', '100%', ['100% Organic_Foods']],
      ['an underscore, which separates words', 'organic_foods', ['100% Organic_Foods']],
      ['a backslash, which separates words', 'back\\slash', ['100% Organic_Foods']],
      ['only punctuation, which finds nothing', '%_%', []],
      ['no match', 'nothing-here', []],
    ])('searches by %s', async (_name, term, expected) => {
      const answer = await list(`?search=${encodeURIComponent(term)}`);
      expect(answer.status).toBe(200);
      expect(companies(answer)).toEqual(expected);
      expect(answer.body.meta.total).toBe(expected.length);
    });

    it.each([
      ['non-ASCII letters', 'ärzte', 1],
      ['a dotted capital I, lowered to i', 'istanbul', 1],
      ['i and a combining dot above, the dot ignored as an accent', 'i\u0307stanbul', 1],
      ['a final capital sigma, lowered to σ', 'οδοσ', 1],
      ['a final capital sigma, not lowered to ς', 'οδος', 0],
    ])('searches %s one letter at a time, like PostgreSQL lower(unaccent())', async (_name, term, total) => {
      const own = await (await target().workspace()).token();
      await call(target(), 'POST', '/prospects', { token: own, body: { company: 'İSTANBUL ΟΔΟΣ Ärzte' } });
      const answer = await call(target(), 'GET', `/prospects?search=${encodeURIComponent(term)}`, {
        token: own,
      });
      expect(answer.body.meta.total).toBe(total);
    });

    it('keeps search, count and per_page in every link', async () => {
      const answer = await list('?search=example&count=capped&per_page=1&page=2');
      expect(companies(answer)).toEqual(['Initech']);
      expect(answer.body.links).toEqual({
        first: `${listUrl()}?search=example&count=capped&per_page=1&page=1`,
        last: `${listUrl()}?search=example&count=capped&per_page=1&page=4`,
        prev: expect.stringMatching(cursorLink('search=example&count=capped&per_page=1')),
        next: expect.stringMatching(cursorLink('search=example&count=capped&per_page=1')),
      });
      // Counting nothing (the default), `last` is the lower bound the page gives: one page past this one.
      const uncounted = await list('?search=example&per_page=1&page=2');
      expect(uncounted.body.links.last).toBe(`${listUrl()}?search=example&per_page=1&page=3`);
      const spaced = await list(`?search=${encodeURIComponent('acme ltd')}`);
      expect(spaced.body.links.first).toBe(`${listUrl()}?search=acme+ltd&per_page=25&page=1`);
    });

    it.each<[string, string, Record<string, string[]>]>([
      ['per_page 101', '?per_page=101', { per_page: ['The per_page field must not be greater than 100.'] }],
      ['per_page 0', '?per_page=0', { per_page: ['The per_page field must be at least 1.'] }],
      ['page 0', '?page=0', { page: ['The page field must be at least 1.'] }],
      ['a negative page', '?page=-1', { page: ['The page field must be at least 1.'] }],
      ['a page that is not a number', '?page=two', { page: ['The page field must be an integer.'] }],
      ['a fractional page', '?page=1.5', { page: ['The page field must be an integer.'] }],
      ['a repeated page', '?page=1&page=2', { page: ['The page field must be an integer.'] }],
      ['an empty page', '?page=', { page: ['The page field must be an integer.'] }],
      ['a hexadecimal page', '?page=0x2', { page: ['The page field must be an integer.'] }],
      ['a page in exponent notation', '?page=1e1', { page: ['The page field must be an integer.'] }],
      ['a page with a plus sign', '?page=%2B2', { page: ['The page field must be an integer.'] }],
      ['a page with a decimal point', '?page=2.0', { page: ['The page field must be an integer.'] }],
      ['a page with white space', '?page=%202', { page: ['The page field must be an integer.'] }],
      [
        'a per_page with a leading zero',
        '?per_page=010',
        { per_page: ['The per_page field must be an integer.'] },
      ],
      ['a page of two zeros', '?page=00', { page: ['The page field must be an integer.'] }],
      [
        'a search over 255 characters',
        `?search=${'s'.repeat(256)}`,
        { search: ['The search field must not be greater than 255 characters.'] },
      ],
      ['a repeated search', '?search=a&search=b', { search: ['The search field must be a string.'] }],
      ['a NUL in search', '?search=a%00b', { search: ['The search field must not contain NUL characters.'] }],
      [
        'page and per_page both out of range',
        '?page=0&per_page=101',
        {
          page: ['The page field must be at least 1.'],
          per_page: ['The per_page field must not be greater than 100.'],
        },
      ],
      [
        'a hexadecimal page and per_page out of range',
        '?page=0x2&per_page=101',
        {
          page: ['The page field must be an integer.'],
          per_page: ['The per_page field must not be greater than 100.'],
        },
      ],
      [
        'page 0 beside an unknown parameter',
        '?page=0&order=company',
        { page: ['The page field must be at least 1.'] },
      ],
    ])('422 for %s', async (_name, query, errors) => {
      const answer = await list(query);
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual(validationBody(errors));
    });

    it('treats an empty search as no filter, and leaves it out of the links', async () => {
      const answer = await list('?search=&per_page=2');
      expect(answer.status).toBe(200);
      expect(companies(answer)).toEqual(['Umbrella', '100% Organic_Foods']);
      expect(answer.body.meta.total).toBe(5);
      expect(answer.body.links.next).toMatch(cursorLink('per_page=2'));
    });

    it('ignores unknown query parameters (an order, a cache-buster, an empty one)', async () => {
      const plain = await list('?per_page=2');
      const answer = await list('?order=asc&_=1732240000&per_page=2&utm_source=&Page=9');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(plain.body);
    });

    it('accepts page and per_page in decimal digits', async () => {
      const answer = await list('?page=2&per_page=10');
      expect(answer.status).toBe(200);
      expect(answer.body.meta).toMatchObject({ current_page: 2, per_page: 10 });
    });

    it('422 for a page past int32', async () => {
      const answer = await list('?page=2147483648');
      expect(answer.status).toBe(422);
      expect(Object.keys(answer.body.errors)).toEqual(['page']);
      expect(answer.body.errors.page).toContain('The page field must not be greater than 2147483647.');
    });
  });
}
