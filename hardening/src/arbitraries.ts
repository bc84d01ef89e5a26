import fc from 'fast-check';
import type { ContractChecker, OperationId } from './contract.js';
import type { Outgoing } from './http.js';

/** Tokens and ids the generated requests use. */
export interface FuzzContext {
  /** A token with every ability. */
  token: string;
  /** Per operation, a live token without the ability it needs. */
  lacking: Record<OperationId, string>;
  /** Well-formed tokens that must get 401. */
  expired: string;
  revoked: string;
  unknown: string;
  /** Prospects of the token's workspace. */
  prospectIds: readonly string[];
  /** A prospect of another workspace (must look unknown). */
  foreignProspectId: string;
}

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
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

const ulid = fc
  .array(fc.constantFrom(...CROCKFORD.split('')), { minLength: 26, maxLength: 26 })
  .map((chars) => `0${chars.slice(1).join('')}`);

/** A text that survives trimming: a visible first character, then anything (up to `max` graphemes). */
const text = (max: number) =>
  fc
    .tuple(
      fc.constantFrom('A', 'z', '7', 'Ω', 'Ä', '東', '😀', '\u05d0'),
      fc.string({ maxLength: max, unit: 'grapheme' }),
    )
    .map(([first, rest]) => first + rest);

const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null, freq: 5 });

const tag = fc
  .tuple(fc.constantFrom('a', 'B', 'vip', 'emea', 'ü'), fc.string({ maxLength: 20 }))
  .map(([first, rest]) => (first + rest).slice(0, 50));

/** RFC 3339 date-times the contract's `MeetingAt` accepts, with and without offsets, plus edge values. */
const meetingAt = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .date({
        min: new Date('1970-01-01T00:00:00Z'),
        max: new Date('9999-12-30T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString()),
  },
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        fc.date({
          min: new Date('1971-01-01T00:00:00Z'),
          max: new Date('9998-12-30T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.integer({ min: -14, max: 14 }),
        fc.constantFrom('00', '30', '45'),
      )
      .map(([d, h, m]) => {
        const sign = h < 0 ? '-' : '+';
        return `${d.toISOString().slice(0, 19)}${sign}${String(Math.abs(h)).padStart(2, '0')}:${m}`;
      }),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '2016-12-31T23:59:60Z',
      '0001-01-01T00:00:00Z',
      '9999-12-31T23:59:59.999Z',
      '2026-02-28T12:00:00.123456789Z',
      '2026-06-01t10:00:00z',
      '2026-06-01T10:00:00-00:00',
      '1969-12-31T23:59:59Z',
    ),
  },
);

function prospectFields(checker: ContractChecker, create: boolean) {
  const fields = {
    company: text(40),
    domain: optional(fc.domain()),
    website: optional(
      fc.webUrl({ validSchemes: ['http', 'https'], withQueryParameters: true, withFragments: true }),
    ),
    location: optional(fc.string({ maxLength: 80 })),
    contact_name: optional(text(40)),
    contact_email: optional(fc.emailAddress()),
    notes: optional(fc.string({ maxLength: 400, unit: 'grapheme' })),
    tags: optional(fc.uniqueArray(tag, { maxLength: 12, selector: (t) => t.trim() })),
    owner_id: optional(fc.string({ maxLength: 64 })),
  };
  const schema = checker.schema(create ? 'ProspectCreate' : 'ProspectUpdate');
  return fc
    .record(fields, { requiredKeys: create ? ['company'] : [] })
    .filter((body) => schema(body) === true) as fc.Arbitrary<Record<string, unknown>>;
}

function outcomeBody(checker: ContractChecker) {
  const schema = checker.schema('RecordOutcomeRequest');
  // value_minor and currency travel together so the merged state is always consistent (201, never 422).
  const value = fc.oneof(
    fc.constant({}),
    fc.constant({ value_minor: null, currency: null }),
    fc.record({
      value_minor: fc.oneof(fc.maxSafeNat(), fc.integer({ min: 0, max: 1_000_000 })),
      currency: fc.stringMatching(/^[A-Z]{3}$/),
    }),
  );
  return fc
    .tuple(
      fc.record(
        {
          outcome: optional(fc.constantFrom('Interested', 'Not interested', 'Meeting booked', 'Won', 'Lost')),
          meeting_at: optional(meetingAt),
        },
        { requiredKeys: [] },
      ),
      value,
    )
    .map(([a, b]) => ({ ...a, ...b }) as Record<string, unknown>)
    .filter((body) => Object.keys(body).length > 0 && schema(body) === true);
}

/** Ways to make a prospect body fail the contract's schema or its trimming rules (422). */
function breakProspect(create: boolean) {
  const long = (n: number) => fc.constant('x'.repeat(n));
  return fc.oneof(
    fc
      .record({
        key: fc.constantFrom('unknown', 'id', 'created_at', 'outcome', 'Company', ''),
        value: fc.jsonValue(),
      })
      .map(({ key, value }) => ({
        name: 'unknown-field',
        apply: (b: Record<string, unknown>) => ({ ...b, [key]: value }),
      })),
    fc
      .record({
        key: fc.constantFrom(
          'company',
          'domain',
          'website',
          'location',
          'contact_name',
          'contact_email',
          'notes',
          'tags',
          'owner_id',
        ),
        value: fc.oneof(
          fc.integer(),
          fc.boolean(),
          fc.dictionary(fc.string(), fc.integer(), { maxKeys: 2 }),
          fc.double({ noNaN: true, noDefaultInfinity: true }),
        ),
      })
      .map(({ key, value }) => ({
        name: `wrong-type:${key}`,
        apply: (b: Record<string, unknown>) => ({ ...b, [key]: value }),
      })),
    fc
      .tuple(
        fc.constantFrom(
          ['company', 256],
          ['domain', 254],
          ['website', 2049],
          ['location', 256],
          ['contact_name', 256],
          ['contact_email', 255],
          ['notes', 10_001],
          ['owner_id', 65],
        ),
        fc.integer({ min: 0, max: 50 }),
      )
      .chain(([[key, n], extra]) =>
        long((n as number) + extra).map((value) => ({
          name: `too-long:${key}`,
          apply: (b: Record<string, unknown>) => ({
            ...b,
            [key as string]:
              key === 'website'
                ? `https://a.example/${value}`
                : key === 'contact_email'
                  ? `${value}@a.example`
                  : value,
          }),
        })),
      ),
    fc.constantFrom(
      { name: 'blank-company', apply: (b: Record<string, unknown>) => ({ ...b, company: ' \t\n ' }) },
      { name: 'empty-company', apply: (b: Record<string, unknown>) => ({ ...b, company: '' }) },
      { name: 'bad-email', apply: (b: Record<string, unknown>) => ({ ...b, contact_email: 'not-an-email' }) },
      {
        name: 'bad-website',
        apply: (b: Record<string, unknown>) => ({ ...b, website: 'ftp://files.example/x' }),
      },
      {
        name: 'relative-website',
        apply: (b: Record<string, unknown>) => ({ ...b, website: '/just/a/path' }),
      },
      { name: 'bad-domain', apply: (b: Record<string, unknown>) => ({ ...b, domain: '-bad-.example..' }) },
      { name: 'tags-duplicate', apply: (b: Record<string, unknown>) => ({ ...b, tags: ['vip', 'vip'] }) },
      {
        name: 'tags-duplicate-after-trim',
        apply: (b: Record<string, unknown>) => ({ ...b, tags: ['vip', ' vip '] }),
      },
      { name: 'tags-blank', apply: (b: Record<string, unknown>) => ({ ...b, tags: ['ok', '   '] }) },
      { name: 'tags-too-long', apply: (b: Record<string, unknown>) => ({ ...b, tags: ['t'.repeat(51)] }) },
      {
        name: 'tags-too-many',
        apply: (b: Record<string, unknown>) => ({
          ...b,
          tags: Array.from({ length: 51 }, (_, i) => `t${i}`),
        }),
      },
      { name: 'tags-not-strings', apply: (b: Record<string, unknown>) => ({ ...b, tags: [1, null, {}] }) },
      ...(create
        ? [
            {
              name: 'company-missing',
              apply: (b: Record<string, unknown>) => {
                const { company: _, ...rest } = b;
                return rest;
              },
            },
          ]
        : []),
      { name: 'company-null', apply: (b: Record<string, unknown>) => ({ ...b, company: null }) },
      { name: 'body-array', apply: () => [{ company: 'Acme' }] },
      { name: 'body-string', apply: () => 'Acme' },
      { name: 'body-number', apply: () => 42 },
      { name: 'body-null', apply: () => null },
    ),
  );
}

function breakOutcome() {
  return fc.constantFrom(
    { name: 'empty', apply: () => ({}) },
    { name: 'unknown-field', apply: (b: Record<string, unknown>) => ({ ...b, note: 'x' }) },
    { name: 'bad-outcome', apply: (b: Record<string, unknown>) => ({ ...b, outcome: 'won' }) },
    {
      name: 'bad-meeting',
      apply: (b: Record<string, unknown>) => ({ ...b, meeting_at: '2026-13-01T00:00:00Z' }),
    },
    {
      name: 'meeting-no-zone',
      apply: (b: Record<string, unknown>) => ({ ...b, meeting_at: '2026-06-01T10:00:00' }),
    },
    {
      name: 'meeting-year-0',
      apply: (b: Record<string, unknown>) => ({ ...b, meeting_at: '0000-01-01T00:00:00Z' }),
    },
    {
      name: 'meeting-before-year-1-utc',
      apply: (b: Record<string, unknown>) => ({ ...b, meeting_at: '0001-01-01T00:00:00+01:00' }),
    },
    {
      name: 'meeting-date-only',
      apply: (b: Record<string, unknown>) => ({ ...b, meeting_at: '2026-06-01' }),
    },
    { name: 'negative-value', apply: () => ({ value_minor: -1, currency: 'EUR' }) },
    { name: 'fractional-value', apply: () => ({ value_minor: 1.5, currency: 'EUR' }) },
    { name: 'huge-value', apply: () => ({ value_minor: 2 ** 53, currency: 'EUR' }) },
    { name: 'string-value', apply: () => ({ value_minor: '100', currency: 'EUR' }) },
    { name: 'lower-currency', apply: () => ({ value_minor: 100, currency: 'eur' }) },
    { name: 'long-currency', apply: () => ({ value_minor: 100, currency: 'EURO' }) },
    { name: 'value-without-currency', apply: () => ({ value_minor: 100, currency: null }) },
    { name: 'currency-without-value', apply: () => ({ value_minor: null, currency: 'EUR' }) },
    { name: 'body-array', apply: () => [] },
    { name: 'body-null', apply: () => null },
  );
}

const AUTH_FAULTS = ['missing', 'malformed', 'basic', 'unknown', 'expired', 'revoked', 'lacking'] as const;
const WRONG_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'application/jsonx',
  'multipart/form-data; boundary=x',
  'application/json-patch+json',
  'text/json',
  'application/json; charset=latin1',
  '',
];
const GOOD_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'Application/JSON',
  'application/json;charset=UTF-8',
];

const malformedId = fc.oneof(
  ulid.map((u) => `prs_${u}`),
  ulid.map((u) => `prs_${u.toLowerCase()}`),
  fc.string({ minLength: 1, maxLength: 80 }),
  fc.constantFrom(
    '..',
    '.',
    '%00',
    'prs_',
    'null',
    'undefined',
    '0',
    '-1',
    "' or 1=1 --",
    'prs_01JD3Z6X8Y9ABCDEFGHJKMNPQR/../x',
  ),
  fc.string({ minLength: 65, maxLength: 300 }),
);

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
