import { ABILITIES, type Ability, newId } from '@prospectkit/core';
import { createProspectKitMock } from '@prospectkit/mock';
import { setupServer } from 'msw/node';
import type { ConformanceTarget } from '../conformance-target.js';

/**
 * `@prospectkit/mock` behind msw's `setupServer` in this process: every `fetch` to its base URL is answered by
 * the mock. Tokens are the mock's `db.tokens`; events are `mock.events`.
 */
export async function startMockTarget(): Promise<ConformanceTarget> {
  const baseUrl = 'http://prospectkit.mock/api/v1';
  const rateLimit = 1_000_000;
  const mock = createProspectKitMock({ baseUrl, auth: {}, rateLimit: { limit: rateLimit } });
  const msw = setupServer(...mock.handlers);
  msw.listen({ onUnhandledRequest: 'error' });
  let minted = 0;
  const mint = (abilities: readonly Ability[], workspaceId: string) => {
    const token = `token-${++minted}`;
    mock.db.tokens.set(token, abilities, { workspaceId });
    return token;
  };
  return {
    name: 'mock',
    baseUrl,
    fetch: (input, init) => globalThis.fetch(input, init),
    rateLimit,
    async workspace() {
      const id = newId('workspace');
      return {
        id,
        token: async (abilities = ABILITIES) => mint(abilities, id),
        defineCustomFields: async (fields) => mock.db.customFields.set(fields, { workspaceId: id }),
      };
    },
    async revokedToken() {
      const token = mint(ABILITIES, mock.db.workspaceId);
      mock.db.tokens.delete(token);
      return token;
    },
    async events() {
      return [...mock.events];
    },
    async rateLimited(limit) {
      const other = `http://rate-limited-${++minted}.mock/api/v1`;
      msw.use(...createProspectKitMock({ baseUrl: other, rateLimit: { limit } }).handlers);
      return { baseUrl: other, token: 'any-token' };
    },
    async close() {
      msw.close();
    },
  };
}
