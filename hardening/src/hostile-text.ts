import type { HostileBase, HostileCase } from './hostile-case.js';

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

/** Hostile text in a created prospect: sizes at and past the limits, and odd Unicode in fields and the search. */
export function hostileTextCases({ id, auth, json }: HostileBase): HostileCase[] {
  const cases: HostileCase[] = [];
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
  return cases;
}
