import { appendFileSync } from 'node:fs';
import { ABILITIES, type Ability, type WebhookEvent } from '@prospectkit/core';
import {
  addCustomField,
  createApiToken,
  createWorkspace,
  openDatabase,
  revokeApiToken,
} from '@prospectkit/server';
import type { ConformanceTarget } from '../conformance-target.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A reference server already running as its own process, as `npm run test:hardening` starts it. */
export interface ProcessTargetOptions {
  /** The server's base URL including `/api/v1`, as its links and `Location` headers name it. */
  baseUrl: string;
  /** The server's database, where tokens are minted and events are read. */
  databaseUrl: string;
  /** The same API with a small rate limit (another process on another database), and a token for it. */
  rateLimited: { limit: number; baseUrl: string; token: string };
  /**
   * Validating proxies in front of the servers: `{ [server base URL]: proxy origin }`. A request to a server is
   * sent to its proxy instead (contract paths below the proxy's origin, e.g. Prism's). Default: none.
   */
  proxies?: Record<string, string>;
  /** A file that gets one JSON line per request (method, URL, route, status, `sl-violations`). Default: none. */
  exchangesFile?: string;
}

/** One request as the process target saw it, written to `exchangesFile`. */
export interface Exchange {
  method: string;
  url: string;
  /** `proxy` when it went through a validating proxy, `direct` when the proxy cannot carry it faithfully. */
  route: 'proxy' | 'direct';
  status: number;
  /** The proxy's `sl-violations` header, verbatim (JSON, or Prism's "Too many violations! ..." prefix). */
  violations?: string;
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;

/**
 * Whether a validating proxy that parses the body (Prism reads JSON with a 10 MB limit and forwards it
 * re-serialised) would answer for the server or change the body: a JSON content type over a body that is not
 * JSON or is a bare scalar, or a body on GET. So would a HEAD: the contract lists no HEAD operations (HEAD is
 * answered like GET, see openapi.yaml `info.description`), and Prism answers one it cannot route with its own
 * 500. Such requests go to the server directly; the rest go through it.
 */
function proxyCannotCarry(method: string, headers: Headers, body: unknown): boolean {
  if (method === 'HEAD') return true;
  if (body === undefined || body === null) return false;
  if (method === 'GET' || method === 'HEAD') return true;
  if (!JSON_TYPE.test(headers.get('content-type') ?? '')) return false;
  const text = typeof body === 'string' ? body : new TextDecoder().decode(body as Uint8Array);
  if (text.length > 10_000_000) return true;
  try {
    // Prism forwards a parsed `null`, `0` or `false` as no body and a string without its quotes.
    const parsed: unknown = JSON.parse(text);
    return parsed === null || typeof parsed !== 'object';
  } catch {
    return true;
  }
}

/**
 * The reference server as a separate process (`npm run test:hardening` starts it on a throwaway PostgreSQL
 * database), optionally behind validating proxies: each request goes to the proxy of the server it names, and
 * is logged with the proxy's `sl-violations` header, so the proxy referees every answer the suite checks.
 */
export async function startProcessTarget(options: ProcessTargetOptions): Promise<ConformanceTarget> {
  const db = await openDatabase({ databaseUrl: options.databaseUrl }, { migrate: false });
  const { id: workspaceId } = await createWorkspace(db, 'Conformance workspace');
  const mint = async (workspace: string, abilities: readonly Ability[] = ABILITIES) =>
    (
      await createApiToken(db, {
        workspaceId: workspace,
        name: 'conformance',
        abilities,
        expiresAt: new Date(Date.now() + DAY_MS),
      })
    ).token;
  const proxies = Object.entries(options.proxies ?? {});
  const proxiedFetch: typeof fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    const method = (init?.method ?? 'GET').toUpperCase();
    const proxy = proxies.find(([server]) => url === server || url.startsWith(`${server}/`));
    let route: Exchange['route'] = 'direct';
    let sent = url;
    if (proxy && !proxyCannotCarry(method, new Headers(init?.headers), init?.body)) {
      route = 'proxy';
      sent = `${proxy[1]}${url.slice(proxy[0].length)}`;
    }
    const response = await globalThis.fetch(sent, init);
    if (options.exchangesFile) {
      const exchange: Exchange = { method, url, route, status: response.status };
      const violations = response.headers.get('sl-violations');
      if (violations) exchange.violations = violations;
      appendFileSync(options.exchangesFile, `${JSON.stringify(exchange)}\n`);
    }
    return response;
  };
  return {
    name: proxies.length ? 'server process behind a validating proxy' : 'server process',
    baseUrl: options.baseUrl,
    fetch: proxiedFetch,
    // test:hardening starts its servers with this limit, so that the suite's requests never reach it.
    rateLimit: 1_000_000,
    async workspace() {
      const { id } = await createWorkspace(db, 'Conformance workspace');
      return {
        id,
        token: (abilities) => mint(id, abilities),
        defineCustomFields: async (fields) => {
          for (const field of fields) await addCustomField(db, id, field, new Date());
        },
      };
    },
    async revokedToken() {
      const { token, record } = await createApiToken(db, {
        workspaceId,
        name: 'revoked',
        abilities: ABILITIES,
        expiresAt: new Date(Date.now() + DAY_MS),
      });
      await revokeApiToken(db, record.id);
      return token;
    },
    async events() {
      const rows = await db.query<{ body: string }>('select body from events order by occurred_at, id');
      return rows.map((row) => JSON.parse(row.body) as WebhookEvent);
    },
    async rateLimited(limit) {
      if (limit !== options.rateLimited.limit) {
        throw new Error(
          `The process target has a rate-limited server at ${options.rateLimited.limit} per minute, not ${limit}; start it with that limit.`,
        );
      }
      return { baseUrl: options.rateLimited.baseUrl, token: options.rateLimited.token };
    },
    async close() {
      await db.close();
    },
  };
}
