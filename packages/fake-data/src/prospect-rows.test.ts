import { describe, expect, it } from 'vitest';
import { PROSPECT_CSV_HEADER, toCsvLine } from './prospect-csv.js';
import { prospectRows } from './prospect-rows.js';

describe('prospectRows', () => {
  it('gives the same rows for the same seed, other rows for another, and the same prospects with workspaceIds', () => {
    const a = Array.from(prospectRows({ seed: 7, count: 50 }));
    expect(Array.from(prospectRows({ seed: 7, count: 50 }))).toEqual(a);
    expect(Array.from(prospectRows({ seed: 8, count: 50 }))).not.toEqual(a);
    const tenants = Array.from(prospectRows({ seed: 7, count: 50, workspaceIds: ['ws_a', 'ws_b'] }));
    expect(tenants.map(({ workspace_id, ...rest }) => rest)).toEqual(a);
    expect(new Set(tenants.map((r) => r.workspace_id))).toEqual(new Set(['ws_a', 'ws_b']));
  });

  it('makes realistic, varied prospects: company domains and common providers, valid lengths', () => {
    const rows = Array.from(prospectRows({ seed: 1, count: 2000 }));
    const emails = rows.flatMap((r) => (r.contact_email ? [r.contact_email] : []));
    expect(emails.some((e) => e.endsWith('@gmail.com'))).toBe(true);
    expect(rows.some((r) => r.domain !== null && r.contact_email?.endsWith(`@${r.domain}`))).toBe(true);
    expect(new Set(rows.map((r) => r.company)).size).toBeGreaterThan(1500);
    for (const r of rows) {
      expect(r.company.length).toBeLessThanOrEqual(255);
      expect(r.contact_email ?? 'a@b.c').toMatch(/^[a-z0-9._]+@[a-z0-9.-]+\.[a-z]+$/);
      expect(r.domain ?? 'a.b').toMatch(/^[a-z0-9-]+(\.[a-z]+)+$/);
    }
  });
});

describe('toCsvLine', () => {
  it('quotes what needs quoting, leaves null empty and joins tags with ;', () => {
    const line = toCsvLine({
      company: 'Acme, "the" Ltd',
      domain: null,
      website: null,
      location: 'Paris\nFrance',
      contact_name: 'Ada',
      contact_email: null,
      notes: null,
      tags: ['a', 'b'],
    });
    expect(PROSPECT_CSV_HEADER).toBe('company,domain,website,location,contact_name,contact_email,notes,tags');
    expect(line).toBe('"Acme, ""the"" Ltd",,,"Paris\nFrance",Ada,,,a;b');
  });
});
