import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../call.js';
import type { TargetRef } from '../define-conformance-suite.js';

const NOT_FOUND = { message: 'Prospect not found.' };

/** `getProspect`, and the 404 every prospect path gives for ids that are not the workspace's. */
export function getProspectSuite(target: TargetRef): void {
  describe('getProspect and unknown ids', () => {
    let token: string;
    let prospectId: string;
    let foreignId: string;
    beforeAll(async () => {
      token = await (await target().workspace()).token();
      prospectId = (await call(target(), 'POST', '/prospects', { token, body: { company: 'Acme' } })).body.id;
      const other = await (await target().workspace()).token();
      foreignId = (await call(target(), 'POST', '/prospects', { token: other, body: { company: 'Theirs' } }))
        .body.id;
    });

    it('200 with the prospect', async () => {
      const answer = await call(target(), 'GET', `/prospects/${prospectId}`, { token });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ id: prospectId, company: 'Acme' });
    });

    const ids: Array<[string, () => string]> = [
      ['a well-formed unknown id', () => 'prs_01JD3Z6X8Y9ABCDEFGHJKMNPQR'],
      ['a malformed id', () => 'not-an-id'],
      ['an id of another kind', () => 'out_01JD3Z6X8Y9ABCDEFGHJKMNPQR'],
      ['an id longer than 64 characters', () => `prs_${'0'.repeat(100)}`],
      ['an id with encoded characters', () => 'prs%2F..%2Fx'],
      ['a lower-cased id', () => prospectId.toLowerCase()],
      ['an id with an encoded NUL', () => 'prs_%00'],
      ["another workspace's id", () => foreignId],
    ];
    it.each(ids)('404 for %s on every prospect path', async (_name, id) => {
      const answers = await Promise.all([
        call(target(), 'GET', `/prospects/${id()}`, { token }),
        call(target(), 'PATCH', `/prospects/${id()}`, { token, body: { company: 'Mine now' } }),
        call(target(), 'POST', `/prospects/${id()}/outcomes`, { token, body: { outcome: 'Won' } }),
      ]);
      for (const answer of answers) expect([answer.status, answer.body]).toEqual([404, NOT_FOUND]);
    });

    it('checks the prospect before the body and the query: 404, not 422', async () => {
      const answers = await Promise.all([
        call(target(), 'PATCH', `/prospects/${foreignId}`, { token, body: { company: null, extra: 1 } }),
        call(target(), 'POST', `/prospects/${foreignId}/outcomes`, { token, body: {} }),
        call(target(), 'GET', `/prospects/${foreignId}?unknown=1`, { token }),
      ]);
      for (const answer of answers) expect([answer.status, answer.body]).toEqual([404, NOT_FOUND]);
    });

    it("leaves another workspace's prospect unchanged", async () => {
      const theirs = await (await target().workspace()).token();
      const created = await call(target(), 'POST', '/prospects', {
        token: theirs,
        body: { company: 'Theirs' },
      });
      await call(target(), 'PATCH', `/prospects/${created.body.id}`, { token, body: { company: 'Mine' } });
      const read = await call(target(), 'GET', `/prospects/${created.body.id}`, { token: theirs });
      expect(read.body).toEqual(created.body);
    });

    it('ignores an unknown query parameter on an existing prospect', async () => {
      const answer = await call(target(), 'GET', `/prospects/${prospectId}?expand=outcomes&_=1`, { token });
      expect([answer.status, answer.body.id]).toEqual([200, prospectId]);
    });
  });
}
