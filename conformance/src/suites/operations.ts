import type { Ability } from '@prospectkit/core';

/** The contract's operations, with a request each that would succeed given the right token. */
export const OPERATIONS: ReadonlyArray<{
  operationId: string;
  method: string;
  path: (prospectId: string) => string;
  ability: Ability;
  body?: unknown;
}> = [
  { operationId: 'listProspects', method: 'GET', path: () => '/prospects', ability: 'prospects:read' },
  { operationId: 'getProspect', method: 'GET', path: (id) => `/prospects/${id}`, ability: 'prospects:read' },
  {
    operationId: 'createProspect',
    method: 'POST',
    path: () => '/prospects',
    ability: 'prospects:write',
    body: { company: 'Acme Ltd' },
  },
  {
    operationId: 'updateProspect',
    method: 'PATCH',
    path: (id) => `/prospects/${id}`,
    ability: 'prospects:write',
    body: {},
  },
  {
    operationId: 'recordOutcome',
    method: 'POST',
    path: (id) => `/prospects/${id}/outcomes`,
    ability: 'outcomes:write',
    body: { outcome: 'Interested' },
  },
];
