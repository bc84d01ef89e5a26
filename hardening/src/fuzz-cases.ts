import fc from 'fast-check';
import { breakOutcome, breakProspect } from './body-faults.js';
import type { ContractChecker, OperationId } from './contract.js';
import type { FuzzContext } from './fuzz-context.js';
import type { Outgoing } from './http.js';
import { AUTH_FAULTS, GOOD_TYPES, malformedId, WRONG_TYPES } from './request-faults.js';
import { outcomeBody, prospectFields } from './valid-bodies.js';

/** A generated request and the status the contract's order of checks says it must get. */
export interface FuzzCase {
  operation: OperationId;
  /** Which faults were injected, e.g. `valid`, `auth:expired+body:unknown-field`. */
  label: string;
  request: Outgoing;
  expected: number;
  /** The JSON body sent, when the request is valid (to compare with the answer). */
  sent?: Record<string, unknown>;
}

const BASE = '/api/v1';

const parses = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/**
 * Requests for one contract operation: valid ones, and ones with faults injected along the contract's order
 * of checks (authentication, ability, media, existence, validation). The expected status is the first failing
 * check's.
 *
 * @see openapi.yaml `info.description` (Order of checks)
 */
export function fuzzCases(
  operation: OperationId,
  ctx: FuzzContext,
  checker: ContractChecker,
): fc.Arbitrary<FuzzCase> {
  const hasBody =
    operation === 'createProspect' || operation === 'updateProspect' || operation === 'recordOutcome';
  const hasId = operation !== 'listProspects' && operation !== 'createProspect';
  const valid =
    operation === 'recordOutcome'
      ? outcomeBody(checker)
      : operation === 'createProspect'
        ? prospectFields(checker, true)
        : prospectFields(checker, false);
  const broken =
    operation === 'recordOutcome' ? breakOutcome() : breakProspect(operation === 'createProspect');
  const never = fc.constant(undefined);
  // A fault in one of `rarity` cases, so that about half of all requests are valid.
  const maybe = <T>(arb: fc.Arbitrary<T>, rarity: number) =>
    fc.oneof({ weight: rarity - 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb });
  return fc
    .record({
      auth: maybe(fc.constantFrom(...AUTH_FAULTS), 10),
      media: hasBody
        ? maybe(
            fc.oneof(
              fc.constantFrom(...WRONG_TYPES).map((type) => ({ kind: 'type' as const, type })),
              fc.constantFrom('malformed', 'truncated').map((kind) => ({ kind, type: '' })),
            ),
            10,
          )
        : never,
      id: hasId
        ? maybe(
            fc.oneof(
              fc.constant({ kind: 'foreign', value: ctx.foreignProspectId }),
              malformedId.map((value) => ({ kind: 'unknown', value })),
            ),
            10,
          )
        : never,
      body: valid,
      breakBody: hasBody ? maybe(broken, 5) : never,
      query:
        operation === 'listProspects'
          ? fc.record({
              // An empty `search=` is no filter (openapi.yaml `components.parameters.Search`). NUL is refused
              // with 422 (PostgreSQL text cannot hold it); see the hostile cases.
              search: maybe(
                fc.string({ maxLength: 255, unit: 'binary' }).map((s) => s.replaceAll('\u0000', '')),
                2,
              ),
              page: maybe(fc.oneof(fc.integer({ min: 1, max: 5 }), fc.constant(2_147_483_647)), 2),
              per_page: maybe(fc.integer({ min: 1, max: 100 }), 2),
            })
          : never,
      breakQuery:
        operation === 'listProspects'
          ? maybe(
              fc.constantFrom(
                ['page', '0'],
                ['page', '-1'],
                ['page', 'abc'],
                ['page', '1.5'],
                ['page', '2147483648'],
                ['per_page', '0'],
                ['per_page', '101'],
                ['per_page', 'ten'],
                ['page', '0x2'],
                ['page', '1e1'],
                ['page', '+2'],
                ['per_page', '010'],
                ['search', 's'.repeat(256)],
              ),
              5,
            )
          : never,
      existing: fc.constantFrom(...ctx.prospectIds),
      goodType: fc.constantFrom(...GOOD_TYPES),
      truncateAt: fc.double({ min: 0, max: 1, noNaN: true }),
    })
    .map((c) => {
      const labels: string[] = [];
      let expected = operation === 'createProspect' || operation === 'recordOutcome' ? 201 : 200;
      const fail = (status: number, label: string) => {
        labels.push(label);
        // The first failing check in the contract's order answers; statuses here come in that order.
        if (expected < 400) expected = status;
      };
      const headers: Record<string, string> = { accept: 'application/json' };
      if (c.auth === 'missing') fail(401, 'auth:missing');
      else if (c.auth === 'malformed') {
        headers.authorization = `Bearer ${ctx.token.slice(0, -1)}${ctx.token.endsWith('a') ? 'b' : 'a'}`;
        fail(401, 'auth:malformed');
      } else if (c.auth === 'basic') {
        headers.authorization = `Basic ${Buffer.from('user:pass').toString('base64')}`;
        fail(401, 'auth:basic');
      } else if (c.auth === 'unknown' || c.auth === 'expired' || c.auth === 'revoked') {
        headers.authorization = `Bearer ${ctx[c.auth]}`;
        fail(401, `auth:${c.auth}`);
      } else if (c.auth === 'lacking') {
        headers.authorization = `Bearer ${ctx.lacking[operation]}`;
        fail(403, 'auth:lacking');
      } else headers.authorization = `Bearer ${ctx.token}`;

      let body: string | undefined;
      let sent: Record<string, unknown> | undefined;
      if (hasBody) {
        const value = c.breakBody ? c.breakBody.apply(c.body) : c.body;
        body = JSON.stringify(value);
        if (!c.breakBody) sent = c.body;
        headers['content-type'] = c.goodType;
        if (c.media?.kind === 'type') {
          if (c.media.type === '') delete headers['content-type'];
          else headers['content-type'] = c.media.type;
          fail(415, `media:type(${c.media.type || 'none'})`);
        } else if (c.media?.kind === 'malformed') {
          body = `${body.slice(0, -1)},}`;
          fail(400, 'media:malformed');
        } else if (c.media?.kind === 'truncated') {
          body = body.slice(
            0,
            Math.max(1, Math.min(body.length - 1, Math.floor(c.truncateAt * body.length))),
          );
          if (parses(body)) body = '{';
          fail(400, 'media:truncated');
        }
      }
      let id = c.existing;
      if (c.id) {
        id = c.id.value;
        fail(404, `id:${c.id.kind}`);
      }
      if (c.breakBody) fail(422, `body:${c.breakBody.name}`);
      let path = `${BASE}/prospects`;
      if (hasId) path += `/${encodeURIComponent(id)}`;
      if (operation === 'recordOutcome') path += '/outcomes';
      if (operation === 'listProspects' && c.query) {
        const query = new URLSearchParams();
        for (const [key, value] of Object.entries(c.query))
          if (value !== undefined) query.set(key, String(value));
        if (c.breakQuery) {
          query.set(c.breakQuery[0] as string, c.breakQuery[1] as string);
          fail(422, `query:${c.breakQuery[0]}=${(c.breakQuery[1] as string).slice(0, 12)}`);
        }
        const q = query.toString();
        if (q) path += `?${q}`;
      }
      const method =
        operation === 'listProspects' || operation === 'getProspect'
          ? 'GET'
          : operation === 'updateProspect'
            ? 'PATCH'
            : 'POST';
      const request = { method, path, headers, ...(body !== undefined ? { body } : {}) };
      return {
        operation,
        label: labels.length ? labels.join('+') : 'valid',
        request,
        expected,
        ...(expected < 400 && sent ? { sent } : {}),
      };
    });
}
