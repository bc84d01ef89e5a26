import { describe, expect, it } from 'vitest';
import { allowedMethods, CONTRACT_OPERATIONS } from './contract-operations.js';
import { OPERATIONS } from './operations/index.js';

describe('CONTRACT_OPERATIONS', () => {
  it('reads every operation of the contract with its ability, and the mock implements each', () => {
    expect(
      CONTRACT_OPERATIONS.map((o) => [o.operationId, o.method, o.path, o.ability, o.hasProspectId]),
    ).toEqual([
      ['listProspects', 'GET', '/prospects', 'prospects:read', false],
      ['createProspect', 'POST', '/prospects', 'prospects:write', false],
      ['getProspect', 'GET', '/prospects/{id}', 'prospects:read', true],
      ['updateProspect', 'PATCH', '/prospects/{id}', 'prospects:write', true],
      ['recordOutcome', 'POST', '/prospects/{id}/outcomes', 'outcomes:write', true],
    ]);
    expect(Object.keys(OPERATIONS).sort()).toEqual(CONTRACT_OPERATIONS.map((o) => o.operationId).sort());
  });

  it('knows the methods of each path', () => {
    expect(allowedMethods('/prospects/{id}')).toEqual(['GET', 'PATCH']);
    expect(allowedMethods('/nope')).toEqual([]);
  });
});
