import { describe, expect, it } from 'vitest';
import { createDeprecationNotices, type Deprecatable } from './deprecation-notices.js';
import { contract } from './generated/contract.js';

const fragment = {
  paths: {
    '/old': {
      get: {
        operationId: 'oldThing',
        deprecated: true,
        'x-deprecated-at': '2027-01-01',
        'x-sunset-at': '2027-07-01',
      },
    },
    '/things': {
      parameters: [{ name: 'X-Legacy', in: 'header', deprecated: true, 'x-deprecated-at': '2026-06-01' }],
      get: {
        operationId: 'listThings',
        parameters: [{ $ref: '#/components/parameters/Sort' }, { name: 'page', in: 'query' }],
      },
    },
  },
  components: {
    parameters: {
      Sort: { name: 'sort', in: 'query', deprecated: true, 'x-deprecated-at': '2026-12-01T12:00:00Z' },
    },
  },
};
const notices = createDeprecationNotices(fragment);
const sent = (query: string[], headers: string[] = []) => ({
  query,
  hasHeader: (name: string) => headers.some((h) => h.toLowerCase() === name.toLowerCase()),
});

describe('createDeprecationNotices', () => {
  it.each([
    [
      'a deprecated operation: Deprecation and Sunset',
      'oldThing',
      sent([]),
      {
        Deprecation: '@1798761600',
        Sunset: 'Thu, 01 Jul 2027 00:00:00 GMT',
      },
    ],
    [
      'a deprecated query parameter ($ref) that is sent',
      'listThings',
      sent(['sort']),
      { Deprecation: '@1796126400' },
    ],
    ['a deprecated parameter that is not sent: nothing', 'listThings', sent(['page']), {}],
    [
      'a deprecated header of the path, sent in any case: the earliest date wins',
      'listThings',
      sent(['sort'], ['x-legacy']),
      {
        Deprecation: '@1780272000',
      },
    ],
    ['an operation with nothing deprecated', 'newThing', sent(['sort']), {}],
  ])('%s', (_name, operationId, request, want) => {
    expect(notices(operationId, request)).toEqual(want);
  });

  it("today's contract deprecates nothing without the date the headers need", () => {
    const deprecated: Array<[string, Deprecatable]> = [];
    const walk = (node: unknown, path: string) => {
      if (node === null || typeof node !== 'object') return;
      const n = node as Deprecatable & Record<string, unknown>;
      if (n.deprecated === true) deprecated.push([path, n]);
      for (const [key, value] of Object.entries(n)) walk(value, `${path}.${key}`);
    };
    walk(contract, '');
    for (const [path, node] of deprecated) {
      expect([path, Number.isFinite(Date.parse(node['x-deprecated-at'] ?? ''))]).toEqual([path, true]);
      if (node['x-sunset-at'] !== undefined)
        expect(Date.parse(node['x-sunset-at'])).toBeGreaterThan(Date.parse(node['x-deprecated-at'] ?? ''));
    }
    expect(createDeprecationNotices()('listProspects', sent(['search', 'page', 'per_page']))).toEqual({});
  });
});
