import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../call.js';
import type { TargetRef } from '../define-conformance-suite.js';
import { validationBody } from '../matchers.js';

interface Listed {
  id: string;
  company: string;
  created_at: string;
  updated_at: string;
}

const FIXTURES = [
  { company: 'Société Générale', tags: ['q4', 'salesnav'], owner_id: 'tm_ada' },
  { company: 'zeta Labs', tags: ['q4'], owner_id: 'tm_bob' },
  { company: 'Zürich Versicherung', tags: ['salesnav'] },
  { company: 'Alpha GmbH', tags: [], owner_id: 'tm_ada' },
  { company: 'Straße Bau', tags: ['q4', 'salesnav', 'emea'] },
  { company: 'Wonka Industries', tags: [] },
];

/**
 * `listProspects`' filters, sorts, cursors and counts (openapi.yaml parameters `TagFilter`, `OwnerIdFilter`,
 * `OutcomeFilter`, `CreatedAfter`, `CreatedBefore`, `Sort`, `Cursor`, `Count`), and search without accents.
 */
export function listFiltersSuite(target: TargetRef): void {
  describe('listProspects: filters, sort, cursor and count', () => {
    let token: string;
    let created: Listed[];
    const list = (query: string) => call(target(), 'GET', `/prospects${query}`, { token });
    const companies = (answer: { body: { data: Listed[] } }) => answer.body.data.map((p) => p.company);
    const byCompany = (ids: string[]) => ids.map((id) => created.find((p) => p.id === id)?.company);

    beforeAll(async () => {
      token = await (await target().workspace()).token();
      created = [];
      for (const body of FIXTURES)
        created.push((await call(target(), 'POST', '/prospects', { token, body })).body);
      const won = created[5] as Listed;
      const meeting = created[1] as Listed;
      await call(target(), 'POST', `/prospects/${won.id}/outcomes`, { token, body: { outcome: 'Won' } });
      await call(target(), 'POST', `/prospects/${meeting.id}/outcomes`, {
        token,
        body: { outcome: 'Meeting booked' },
      });
      // The last change: Alpha GmbH is the most recently active.
      const alpha = await call(target(), 'PATCH', `/prospects/${(created[3] as Listed).id}`, {
        token,
        body: { notes: 'called' },
      });
      created[3] = alpha.body;
    });

    it.each<[string, string, string[]]>([
      ['one tag', '?tag=salesnav', ['Straße Bau', 'Zürich Versicherung', 'Société Générale']],
      ['every tag of several', '?tag=q4&tag=salesnav', ['Straße Bau', 'Société Générale']],
      ['a tag as stored, white space around it ignored', '?tag=%20emea%20', ['Straße Bau']],
      ['a tag in another case: not found', '?tag=Q4', []],
      ['an owner', '?owner_id=tm_ada', ['Alpha GmbH', 'Société Générale']],
      ['no owner', '?owner_id=none', ['Wonka Industries', 'Straße Bau', 'Zürich Versicherung']],
      ['an outcome', '?outcome=Won', ['Wonka Industries']],
      [
        'no outcome',
        '?outcome=none',
        ['Straße Bau', 'Alpha GmbH', 'Zürich Versicherung', 'Société Générale'],
      ],
      ['filters together', '?tag=q4&owner_id=tm_ada', ['Société Générale']],
      ['a filter and search', '?tag=salesnav&search=zurich', ['Zürich Versicherung']],
      ['a search word that names an outcome finds only companies', '?search=won', ['Wonka Industries']],
    ])('filters by %s', async (_name, query, expected) => {
      const answer = await list(query);
      expect(answer.status).toBe(200);
      expect(companies(answer)).toEqual(expected);
      expect(answer.body.meta).toMatchObject({
        total: expected.length,
        total_relation: 'eq',
        has_more: false,
      });
    });

    it('filters by creation time, strictly after and strictly before', async () => {
      const pivot = (created[2] as Listed).created_at;
      const after = await list(`?created_after=${encodeURIComponent(pivot)}&per_page=100`);
      const before = await list(`?created_before=${encodeURIComponent(pivot)}&per_page=100`);
      const want = (keep: (t: number) => boolean) =>
        created
          .filter((p) => keep(Date.parse(p.created_at)))
          .map((p) => p.id)
          .sort()
          .reverse();
      expect(
        after.body.data
          .map((p: Listed) => p.id)
          .sort()
          .reverse(),
      ).toEqual(want((t) => t > Date.parse(pivot)));
      expect(
        before.body.data
          .map((p: Listed) => p.id)
          .sort()
          .reverse(),
      ).toEqual(want((t) => t < Date.parse(pivot)));
      expect(after.body.data.some((p: Listed) => p.id === (created[2] as Listed).id)).toBe(false);
    });

    it.each([
      ['societe', ['Société Générale']],
      ['SOCIÉTÉ', ['Société Générale']],
      ['zurich', ['Zürich Versicherung']],
      ['strasse', ['Straße Bau']],
      ['generale societe', ['Société Générale']],
    ])('searches %s without regard to accents', async (term, expected) => {
      const answer = await list(`?search=${encodeURIComponent(term)}`);
      expect(companies(answer)).toEqual(expected);
    });

    it.each<[string, (all: Listed[]) => string[]]>([
      ['newest', (all) => [...all].reverse().map((p) => p.company)],
      ['oldest', (all) => all.map((p) => p.company)],
      [
        'company_asc',
        () => [
          'Alpha GmbH',
          'Société Générale',
          'Straße Bau',
          'Wonka Industries',
          'zeta Labs',
          'Zürich Versicherung',
        ],
      ],
      [
        'company_desc',
        () => [
          'Zürich Versicherung',
          'zeta Labs',
          'Wonka Industries',
          'Straße Bau',
          'Société Générale',
          'Alpha GmbH',
        ],
      ],
    ])('sorts %s', async (sort, expected) => {
      const answer = await list(`?sort=${sort}`);
      expect(answer.status).toBe(200);
      expect(companies(answer)).toEqual(expected(created));
    });

    it('sorts by last activity, the latest change first', async () => {
      const answer = await list('?sort=last_activity');
      expect(answer.body.data[0].company).toBe('Alpha GmbH');
      const times = answer.body.data.map((p: Listed) => Date.parse(p.updated_at));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    });

    it.each(['newest', 'oldest', 'company_asc', 'company_desc', 'last_activity'])(
      'walks every page of sort %s by links.next, then back by links.prev, with the filters kept',
      async (sort) => {
        const whole = await list(`?sort=${sort}&per_page=100`);
        const order = whole.body.data.map((p: Listed) => p.id);
        const walked: string[] = [];
        let answer = await list(`?sort=${sort}&per_page=2`);
        const pages = [answer];
        walked.push(...answer.body.data.map((p: Listed) => p.id));
        while (answer.body.links.next) {
          expect(answer.body.links.next).toContain(
            sort === 'newest' ? 'per_page=2&cursor=' : `sort=${sort}&per_page=2&cursor=`,
          );
          answer = await call(target(), 'GET', answer.body.links.next.slice(target().baseUrl.length), {
            token,
          });
          pages.push(answer);
          walked.push(...answer.body.data.map((p: Listed) => p.id));
        }
        expect(walked).toEqual(order);
        expect(pages.map((p) => p.body.meta.current_page)).toEqual([1, 2, 3]);
        expect(pages.map((p) => p.body.meta.has_more)).toEqual([true, true, false]);
        const back = await call(
          target(),
          'GET',
          String(pages[2]?.body.links.prev).slice(target().baseUrl.length),
          { token },
        );
        expect(back.body.data.map((p: Listed) => p.id)).toEqual(order.slice(2, 4));
        expect(back.body.meta).toMatchObject({ current_page: 2, from: 3, to: 4 });
        const first = await call(
          target(),
          'GET',
          (back.body.links.prev as string).slice(target().baseUrl.length),
          { token },
        );
        expect(first.body.data.map((p: Listed) => p.id)).toEqual(order.slice(0, 2));
        expect(first.body.links.prev).toBeNull();
      },
    );

    it('keeps the filters, sort and count in the cursor links', async () => {
      const answer = await list('?tag=q4&sort=oldest&count=exact&per_page=1');
      expect(byCompany(answer.body.data.map((p: Listed) => p.id))).toEqual(['Société Générale']);
      const next = new URL(answer.body.links.next);
      expect([...next.searchParams.keys()]).toEqual(['tag', 'sort', 'count', 'per_page', 'cursor']);
      const second = await call(
        target(),
        'GET',
        `${next.pathname.replace(/^.*\/prospects/, '/prospects')}${next.search}`,
        { token },
      );
      expect(companies(second)).toEqual(['zeta Labs']);
      expect(second.body.meta).toMatchObject({ current_page: 2, total: 3, total_relation: 'eq' });
    });

    it.each([
      ['with count=none', '&count=none'],
      ['by default', ''],
    ])('counts nothing %s: has_more, and a total that is a lower bound', async (_name, count) => {
      const first = await list(`?tag=q4${count}&per_page=2`);
      expect(first.body.meta).toMatchObject({
        total: 3,
        total_relation: 'gte',
        has_more: true,
        last_page: 2,
      });
      // The links keep a count that is not the default, and only then.
      expect(new URL(first.body.links.next).searchParams.has('count')).toBe(false);
      const last = await list(`?tag=q4${count}&per_page=2&page=2`);
      expect(last.body.meta).toMatchObject({ total: 3, total_relation: 'eq', has_more: false, last_page: 2 });
      const without = await list(`?per_page=2${count}`);
      expect(without.body.meta).toMatchObject({ total: 6, total_relation: 'eq' });
    });

    it('counts exactly with count=exact, count=capped below the cap, and by default a list that fits its page', async () => {
      for (const query of ['?tag=salesnav&count=exact', '?tag=salesnav', '?tag=salesnav&count=capped'])
        expect((await list(query)).body.meta).toMatchObject({
          total: 3,
          total_relation: 'eq',
          has_more: false,
        });
    });

    it.each<[string, string, Record<string, string[]>]>([
      ['an unknown sort', '?sort=asc', { sort: ['The selected sort is invalid.'] }],
      ['an unknown outcome', '?outcome=won', { outcome: ['The selected outcome is invalid.'] }],
      ['an unknown count', '?count=estimate', { count: ['The selected count is invalid.'] }],
      [
        'a created_after that is no date-time',
        '?created_after=yesterday',
        { created_after: ['The created_after field must be a valid RFC 3339 date-time.'] },
      ],
      [
        'an empty tag',
        '?tag=',
        { 'tag.0': ['The tag.0 field is required.', 'The tag.0 field format is invalid.'] },
      ],
      ['a NUL in a tag', '?tag=a%00b', { 'tag.0': ['The tag.0 field must not contain NUL characters.'] }],
      [
        'a NUL in owner_id',
        '?owner_id=a%00b',
        { owner_id: ['The owner_id field must not contain NUL characters.'] },
      ],
    ])('422 for %s', async (_name, query, errors) => {
      const answer = await list(query);
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual(validationBody(errors));
    });

    it('422 for a cursor not made by the list, or made for another sort', async () => {
      const message =
        'The cursor is not one this list gave for this sort. Follow links.next or links.prev as they are, with the same sort.';
      const forged = await list('?cursor=bm90LWEtY3Vyc29y');
      expect(forged.status).toBe(422);
      expect(forged.body).toEqual(validationBody({ cursor: [message] }));
      const page = await list('?per_page=1');
      const cursor = new URL(page.body.links.next).searchParams.get('cursor');
      const other = await list(`?sort=oldest&cursor=${cursor}`);
      expect(other.status).toBe(422);
      expect(other.body).toEqual(validationBody({ cursor: [message] }));
    });
  });
}
