import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildProspect } from '../src/index.js';
import { api, useMock } from './msw-harness.js';

describe('mock.http: typed overrides', () => {
  const { mock, msw } = useMock();

  it("takes precedence over the mock's handler, checked against the contract", async () => {
    const prospect = buildProspect({ company: 'From the override' });
    msw.use(
      mock.http.get('/prospects/{id}', ({ params, response }) =>
        response(200).json({ ...prospect, id: params.id }),
      ),
    );
    const answer = await api('GET', '/prospects/prs_anything');
    expect(answer.body).toEqual({ ...prospect, id: 'prs_anything' });
  });

  it('answers any status the contract lists for the operation', async () => {
    msw.use(mock.http.post('/prospects', ({ response }) => response(500).json({ message: 'Server Error.' })));
    expect((await api('POST', '/prospects', { body: { company: 'A' } })).status).toBe(500);
  });

  it('rejects paths, statuses and bodies the contract does not have, at compile time', () => {
    const checks = [
      // @ts-expect-error: the contract has no DELETE /prospects/{id}
      () => mock.http.delete('/prospects/{id}', () => HttpResponse.json({})),
      // @ts-expect-error: getProspect never answers 201
      () => mock.http.get('/prospects/{id}', ({ response }) => response(201).json({})),
      // @ts-expect-error: a prospect needs every key
      () => mock.http.get('/prospects/{id}', ({ response }) => response(200).json({ id: 'prs_x' })),
    ];
    expect(checks).toHaveLength(3);
  });
});
