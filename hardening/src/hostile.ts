import { gzipSync } from 'node:zlib';
import type { Agent } from 'undici';
import type { FuzzContext } from './arbitraries.js';
import type { ContractChecker, OperationId } from './contract.js';
import { Evaluator } from './evaluate.js';
import { type Outgoing, send } from './http.js';
import type { Tally } from './tally.js';

const MIB = 1024 * 1024;

interface HostileCase {
  name: string;
  operation: OperationId;
  request: Outgoing;
  /** Acceptable statuses. 431 is Node's own answer to oversized headers, before the app (outside the contract). */
  expected: readonly number[];
}

/** Options of {@link hostileInput}. */
export interface HostileOptions {
  part: string;
  origin: string;
  agent: Agent;
  context: FuzzContext;
  checker: ContractChecker;
  tally: Tally;
  rounds: number;
}

/** Percent-encodes like `encodeURIComponent`, but a lone surrogate becomes its WTF-8 bytes instead of throwing. */
function encodeLoose(value: string): string {
  let out = '';
  for (const char of value) {
    const code = char.codePointAt(0) as number;
    if (code >= 0xd800 && code <= 0xdfff) {
      out +=
        `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
    } else out += encodeURIComponent(char);
  }
  return out;
}

const nested = (depth: number, open: string, close: string, inner = '1') =>
  open.repeat(depth) + inner + close.repeat(depth);

/** The raw hostile requests: malformed bodies, size limits, content types, nesting, Unicode, headers, paths. */
export function hostileCases(ctx: FuzzContext): HostileCase[] {
  const id = ctx.prospectIds[0] as string;
  const auth = { authorization: `Bearer ${ctx.token}`, accept: 'application/json' };
  const json = { ...auth, 'content-type': 'application/json' };
  const cases: HostileCase[] = [];
  const bodyOps: Array<[OperationId, string, string]> = [
    ['createProspect', 'POST', '/api/v1/prospects'],
    ['updateProspect', 'PATCH', `/api/v1/prospects/${id}`],
    ['recordOutcome', 'POST', `/api/v1/prospects/${id}/outcomes`],
  ];
  const malformed = [
    '{',
    '{"company":',
    '{"company":"x"',
    '[1,2',
    'nul',
    "{'company':'x'}",
    '{"company":"x",}',
    '{"company":"x"}}',
    '{"company":"x"} trailing',
    '\u0000',
    '{"company":"\\x41"}',
    '{"company":"\\ud800\\"}',
    '{company:"x"}',
    '{"company":"x"/*c*/}',
    '\ufeff\ufeff{"company":"x"}',
    ' ',
  ];
  for (const [operation, method, path] of bodyOps) {
    for (const body of malformed)
      cases.push({
        name: `malformed ${JSON.stringify(body).slice(0, 30)}`,
        operation,
        request: { method, path, headers: json, body },
        expected: [400],
      });
    const big = `{"company":"${'a'.repeat(MIB)}"}`;
    cases.push({
      name: 'over 1 MiB',
      operation,
      request: { method, path, headers: json, body: big },
      expected: [413],
    });
    cases.push({
      name: 'over 1 MiB truncated',
      operation,
      request: { method, path, headers: json, body: big.slice(0, MIB + 10) },
      expected: [413],
    });
    cases.push({
      name: 'half MiB truncated',
      operation,
      request: { method, path, headers: json, body: big.slice(0, MIB / 2) },
      expected: [400],
    });
    cases.push({
      name: 'over 1 MiB chunked',
      operation,
      request: {
        method,
        path,
        headers: json,
        body: big,
        chunked: true,
      },
      expected: [413],
    });
    cases.push({
      name: 'over 1 MiB, wrong type',
      operation,
      request: { method, path, headers: { ...auth, 'content-type': 'text/plain' }, body: big },
      expected: [415],
    });
    cases.push({
      name: 'over 1 MiB, no token',
      operation,
      request: { method, path, headers: { 'content-type': 'application/json' }, body: big },
      expected: [401],
    });
    cases.push({
      name: 'gzip bomb',
      operation,
      request: {
        method,
        path,
        headers: { ...json, 'content-encoding': 'gzip' },
        body: gzipSync(Buffer.from(`{"company":"${'0'.repeat(64 * MIB)}"}`)),
      },
      expected: [413],
    });
    cases.push({
      name: 'bad gzip',
      operation,
      request: { method, path, headers: { ...json, 'content-encoding': 'gzip' }, body: '{"company":"x"}' },
      expected: [400, 415],
    });
    cases.push({
      name: 'unknown encoding',
      operation,
      request: {
        method,
        path,
        headers: { ...json, 'content-encoding': 'compress' },
        body: '{"company":"x"}',
      },
      expected: [415],
    });
    cases.push({
      name: 'utf-16 charset',
      operation,
      request: {
        method,
        path,
        headers: { ...auth, 'content-type': 'application/json; charset=utf-16' },
        body: '{"company":"x"}',
      },
      expected: [400, 415],
    });
    cases.push({
      name: 'no content type',
      operation,
      request: { method, path, headers: auth, body: '{"company":"x"}' },
      expected: [415],
    });
    cases.push({
      name: 'deep arrays',
      operation,
      request: { method, path, headers: json, body: `{"tags":${nested(100_000, '[', ']')}}` },
      expected: [400, 422],
    });
    cases.push({
      name: 'deep objects',
      operation,
      request: { method, path, headers: json, body: `{"x":${nested(60_000, '{"a":', '}')}}` },
      expected: [400, 422],
    });
    cases.push({
      name: 'deep top-level',
      operation,
      request: { method, path, headers: json, body: nested(200_000, '[', ']') },
      expected: [400, 422],
    });
    cases.push({
      name: 'many keys',
      operation,
      request: {
        method,
        path,
        headers: json,
        body: JSON.stringify(Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, i]))),
      },
      expected: [422],
    });
    cases.push({
      name: 'huge number',
      operation,
      request: {
        method,
        path,
        headers: json,
        body: `{"value_minor":1${'0'.repeat(5000)},"currency":"EUR","company":"x"}`,
      },
      expected: [422],
    });
    cases.push({
      name: 'proto keys',
      operation,
      request: {
        method,
        path,
        headers: json,
        body: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}',
      },
      expected: [422],
    });
  }
  const create = (
    name: string,
    body: string,
    expected: readonly number[],
    headers: Record<string, string> = json,
  ) =>
    cases.push({
      name,
      operation: 'createProspect',
      request: { method: 'POST', path: '/api/v1/prospects', headers, body },
      expected,
    });
  create('company of 1,000,000 characters', JSON.stringify({ company: 'a'.repeat(1_000_000) }), [422]);
  create('notes of 10,001 characters', JSON.stringify({ company: 'x', notes: 'n'.repeat(10_001) }), [422]);
  create(
    'notes of 10,000 astral characters',
    JSON.stringify({ company: 'x', notes: '😀'.repeat(10_000) }),
    [201],
  );
  create('1 MiB of escapes', JSON.stringify({ company: 'x', notes: '\u0001'.repeat(170_000) }), [413, 422]);
  const odd: Array<[string, string]> = [
    ['RTL override', 'Acme \u202eevil\u202c Ltd'],
    ['RTL marks', '\u200fשלום\u200f Ltd'],
    ['zero-width joiner', 'A\u200dB\u200c\u2060C'],
    ['emoji sequence', '👩‍👩‍👧‍👦 Family 🇪🇺'],
    ['combining marks', `Z${'\u0301\u0302\u0303'.repeat(20)}algo`],
    ['BOM inside', 'Acme\ufeffLtd'],
    ['noncharacters', 'Acme \uffff \ufffe Ltd'],
    ['astral', 'Acme \u{10ffff} \u{1d11e}'],
    ['lone high surrogate', 'Acme \ud800 Ltd'],
    ['lone low surrogate', 'Acme \udc00 Ltd'],
    ['NUL', 'Acme\u0000Ltd'],
    ['control characters', 'Acme\u0001\u0007\u001b[31mLtd'],
    ['line separators', 'Acme\u2028\u2029Ltd'],
  ];
  for (const [name, value] of odd) {
    // NUL cannot be stored in PostgreSQL text: the server refuses it with 422 (found by this suite).
    const stored = name === 'NUL' ? [422] : [201];
    create(
      `odd Unicode in company: ${name}`,
      JSON.stringify({ company: value, notes: value, tags: [value.slice(0, 40)] }),
      stored,
    );
    cases.push({
      name: `odd Unicode in search: ${name}`,
      operation: 'listProspects',
      request: { method: 'GET', path: `/api/v1/prospects?search=${encodeLoose(value)}`, headers: auth },
      expected: name === 'NUL' ? [422] : [200],
    });
    cases.push({
      name: `odd Unicode in update: ${name}`,
      operation: 'updateProspect',
      request: {
        method: 'PATCH',
        path: `/api/v1/prospects/${id}`,
        headers: json,
        body: JSON.stringify({ location: value, contact_name: value }),
      },
      expected: stored.map((s) => (s === 201 ? 200 : s)),
    });
  }
  create(
    'raw invalid UTF-8',
    Buffer.concat([
      Buffer.from('{"company":"Acme '),
      Buffer.from([0xc3, 0x28, 0xff, 0xfe]),
      Buffer.from('"}'),
    ]) as unknown as string,
    [201, 400],
  );
  create(
    'overlong UTF-8 NUL',
    Buffer.concat([
      Buffer.from('{"company":"A'),
      Buffer.from([0xc0, 0x80]),
      Buffer.from('"}'),
    ]) as unknown as string,
    [201, 400],
  );
  create('BOM before body', '\ufeff{"company":"x"}', [201, 400]);
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

/** Sends every hostile case `rounds` times and checks the answers; then the server must still answer. */
export async function hostileInput(options: HostileOptions): Promise<void> {
  const evaluator = new Evaluator(options.checker, options.tally, options.part);
  const cases = hostileCases(options.context);
  let outside = 0;
  for (let round = 0; round < options.rounds; round++) {
    for (const c of cases) {
      const seen = await send(options.origin, c.request, options.agent);
      if (seen.status === 431 && c.expected.includes(431)) {
        options.tally.requestsSent++;
        outside++;
        continue;
      }
      evaluator.record(c.operation, c.name, seen, c.expected, '');
    }
  }
  options.tally.figure(
    'hostile: cases',
    `${cases.length} x ${options.rounds}; ${outside} answered 431 by Node before the app`,
  );
}
