import type { FuzzContext } from './fuzz-context.js';
import type { HostileBase, HostileCase } from './hostile-case.js';

/** Hostile paths, headers and queries: traversal, oversized headers and URLs, odd tokens, repeated parameters. */
export function hostileRequestCases({ id, auth, json }: HostileBase, ctx: FuzzContext): HostileCase[] {
  const cases: HostileCase[] = [];
  const get = (
    name: string,
    path: string,
    expected: readonly number[] = [404],
    headers: Record<string, string> = auth,
  ) => cases.push({ name, operation: 'getProspect', request: { method: 'GET', path, headers }, expected });
  for (const traversal of [
    '..%2F..%2Fetc%2Fpasswd',
    '../../etc/passwd',
    '%2e%2e/%2e%2e/healthz',
    '..',
    '%2e%2e',
    `${id}%00`,
    `${id}%2F..%2F${id}`,
    '%ff%fe',
    '%',
    '%25',
    '%E0%A4%A',
    'prs_%00%00',
    `${id}/`,
    `${id};jsessionid=1`,
    '\\..\\..\\windows\\win.ini',
    'x'.repeat(5000),
  ]) {
    get(
      `traversal ${traversal.slice(0, 30)}`,
      `/api/v1/prospects/${traversal}`,
      traversal === `${id}/` ? [200] : [404],
    );
    cases.push({
      name: `traversal in PATCH ${traversal.slice(0, 30)}`,
      operation: 'updateProspect',
      request: {
        method: 'PATCH',
        path: `/api/v1/prospects/${traversal}`,
        headers: json,
        body: '{"notes":"x"}',
      },
      expected: traversal === `${id}/` ? [200] : [404],
    });
    cases.push({
      name: `traversal in outcomes ${traversal.slice(0, 30)}`,
      operation: 'recordOutcome',
      request: {
        method: 'POST',
        path: `/api/v1/prospects/${traversal}/outcomes`,
        headers: json,
        body: '{"outcome":"Won"}',
      },
      expected: traversal === `${id}/` ? [201, 404] : [404],
    });
  }
  get('header of 20 KB', `/api/v1/prospects/${id}`, [431], { ...auth, 'x-filler': 'f'.repeat(20_000) });
  get('URL of 20 KB', `/api/v1/prospects?search=${'s'.repeat(20_000)}`, [431]);
  cases.push({
    name: 'search of 8,000 characters',
    operation: 'listProspects',
    request: { method: 'GET', path: `/api/v1/prospects?search=${'s'.repeat(8000)}`, headers: auth },
    expected: [422],
  });
  get('token of 8,000 characters', `/api/v1/prospects/${id}`, [401], {
    accept: 'application/json',
    authorization: `Bearer ${'a'.repeat(8000)}`,
  });
  get('many headers', `/api/v1/prospects/${id}`, [200], {
    ...auth,
    ...Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`x-h${i}`, 'v'.repeat(20)])),
  });
  get('request id of 129 characters', `/api/v1/prospects/${id}`, [200], {
    ...auth,
    'x-request-id': 'r'.repeat(129),
  });
  get('request id with spaces', `/api/v1/prospects/${id}`, [200], { ...auth, 'x-request-id': 'a b\tc' });
  get('two bearer tokens', `/api/v1/prospects/${id}`, [401], {
    accept: 'application/json',
    authorization: `Bearer ${ctx.token} Bearer ${ctx.token}`,
  });
  get('lower-case scheme', `/api/v1/prospects/${id}`, [401, 200], {
    accept: 'application/json',
    authorization: `bearer ${ctx.token}`,
  });
  get('NUL in the id', `/api/v1/prospects/${id}%00`, [404]);
  get('token with trailing NUL escape', `/api/v1/prospects/${id}`, [401], {
    accept: 'application/json',
    authorization: `Bearer ${ctx.token}%00`,
  });
  for (const query of [
    'page=1&page=2',
    'per_page[]=1',
    'search[a]=b',
    'page=1e1',
    'page=%00',
    'per_page=+5',
    'page=0x10',
    'search=%',
    'search=%ZZ',
  ]) {
    cases.push({
      name: `list query ${query}`,
      operation: 'listProspects',
      request: { method: 'GET', path: `/api/v1/prospects?${query}`, headers: auth },
      expected: [200, 422],
    });
  }
  cases.push({
    name: 'GET with a body',
    operation: 'listProspects',
    request: { method: 'GET', path: '/api/v1/prospects', headers: json, body: '{' },
    expected: [200],
  });
  return cases;
}
