import createFetchClient, { type Client } from 'openapi-fetch';
import type { paths } from './generated/openapi.js';

/** Options of {@link createClient}. */
export interface ClientOptions {
  /** Base address including `/api/v1`, e.g. `http://localhost:3000/api/v1`. */
  baseUrl: string;
  /** API token, `pkt_...`, sent as `Authorization: Bearer <token>`. */
  token: string;
  /** A fetch implementation. Default: `globalThis.fetch`. */
  fetch?: typeof fetch;
}

/** A ProspectKit API client: the typed openapi-fetch methods over the contract's paths. */
export type ProspectKitClient = Client<paths>;

/**
 * Creates a typed client for the Prospect Management API.
 *
 * @example
 * const client = createClient({ baseUrl: 'http://localhost:3000/api/v1', token: process.env.PROSPECTKIT_TOKEN! });
 * const { data } = await client.GET('/prospects', { params: { query: { search: 'acme' } } });
 * @see openapi.yaml
 */
export function createClient(options: ClientOptions): ProspectKitClient {
  return createFetchClient<paths>({
    baseUrl: options.baseUrl,
    headers: { Authorization: `Bearer ${options.token}`, Accept: 'application/json' },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}
