import { describe, expect, it } from 'vitest';
import { allowedMethods, CONTRACT_OPERATIONS, matchOperation } from './contract-operations.js';

describe('CONTRACT_OPERATIONS', () => {
  it('reads every operation of the contract with its ability', () => {
    expect(
      CONTRACT_OPERATIONS.map((o) => [o.operationId, o.method, o.path, o.ability, o.hasProspectId]),
    ).toEqual([
      ['listProspects', 'GET', '/prospects', 'prospects:read', false],
      ['createProspect', 'POST', '/prospects', 'prospects:write', false],
      ['getProspect', 'GET', '/prospects/{id}', 'prospects:read', true],
      ['updateProspect', 'PATCH', '/prospects/{id}', 'prospects:write', true],
      ['recordOutcome', 'POST', '/prospects/{id}/outcomes', 'outcomes:write', true],
    ]);
  });

  it('knows the methods of each path', () => {
    expect(allowedMethods('/prospects/{id}')).toEqual(['GET', 'PATCH']);
    expect(allowedMethods('/nope')).toEqual([]);
  });

  it.each([
    ['POST /prospects', { method: 'POST', path: '/prospects' }, { op: 'createProspect', id: '' }],
    ['HEAD as GET', { method: 'HEAD', path: '/prospects/prs_1' }, { op: 'getProspect', id: 'prs_1' }],
    [
      'any case, trailing slash',
      { method: 'PATCH', path: '/PROSPECTS/prs_1/' },
      { op: 'updateProspect', id: 'prs_1' },
    ],
    [
      'percent-decoded id',
      { method: 'POST', path: '/prospects/a%20b/outcomes' },
      { op: 'recordOutcome', id: 'a b' },
    ],
    [
      'malformed escape: no id',
      { method: 'GET', path: '/prospects/%E0' },
      { op: 'getProspect', id: undefined },
    ],
    ['405: known path', { method: 'DELETE', path: '/prospects/prs_1' }, { op: undefined, id: 'prs_1' }],
    ['404: unknown path', { method: 'GET', path: '/nope' }, { op: undefined, id: '' }],
  ])('matchOperation: %s', (_name, given, want: { op: string | undefined; id: string | undefined }) => {
    const match = matchOperation(given.method, given.path);
    expect([match.operation?.operationId, match.prospectId]).toEqual([want.op, want.id]);
  });
});
