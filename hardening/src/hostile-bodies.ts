import { gzipSync } from 'node:zlib';
import type { OperationId } from './contract.js';
import type { HostileBase, HostileCase } from './hostile-case.js';

const MIB = 1024 * 1024;

const nested = (depth: number, open: string, close: string, inner = '1') =>
  open.repeat(depth) + inner + close.repeat(depth);

/** Hostile bodies for every operation that takes one: malformed JSON, size limits, content types, nesting. */
export function hostileBodyCases({ id, auth, json }: HostileBase): HostileCase[] {
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
  return cases;
}
