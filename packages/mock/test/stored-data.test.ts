import { API_VERSION } from '@prospectkit/core';
import { describe, expect, it } from 'vitest';
import { api, useMock } from './msw-harness.js';

// The same data the server's upgrade test (packages/server/test/upgrade.test.ts) stores with migrations 1-13.
const EXPORTED = [
  { id: 'prs_01JD0000000000000000000001', company: 'Bare Scheme Ltd', website: 'https://' },
  {
    id: 'prs_01JD0000000000000000000002',
    company: 'Port Only Ltd',
    website: 'https://:80',
    notes: 'Met at the fair.',
  },
  { id: 'prs_01JD0000000000000000000003', company: 'Big Port Ltd', website: 'https://bigport.example:99999' },
];

describe("the mock's import of data an earlier server stored", () => {
  const { mock } = useMock({ seed: { prospects: EXPORTED } });

  it('repairs each seeded prospect as the server upgrade does, and answers it through every read', async () => {
    for (const { id, website, notes } of EXPORTED) {
      const got = await api('GET', `/prospects/${id}`);
      expect(got.status).toBe(200);
      expect(got.headers.get('api-version')).toBe(API_VERSION);
      const line = `Website removed on upgrade, not a valid URL: ${website}`;
      expect(got.body).toMatchObject({ website: null, notes: notes ? `${notes}\n${line}` : line });
    }
    const list = await api('GET', '/prospects?search=port');
    expect(list.body.data.map((p: { id: string }) => p.id).sort()).toEqual([
      EXPORTED[1]?.id,
      EXPORTED[2]?.id,
    ]);
  });

  it('refuses a PATCH whose result would break the contract (a field stored as is), writing nothing', async () => {
    const id = EXPORTED[0]?.id as string;
    mock.db.prospects.update(id, { website: 'https://' });
    const refused = await api('PATCH', `/prospects/${id}`, { body: { notes: 'x' } });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors)).toEqual(['website']);
    expect(mock.db.prospects.get(id)?.notes).not.toBe('x');
    const fixed = await api('PATCH', `/prospects/${id}`, { body: { notes: 'x', website: null } });
    expect([fixed.status, fixed.body.notes]).toEqual([200, 'x']);
  });
});
