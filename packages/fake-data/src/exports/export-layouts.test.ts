import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { APOLLO_PEOPLE_HEADER, apolloPeopleCsv } from './apollo-people-csv.js';
import { HUBSPOT_CONTACTS_HEADER, hubspotContactsCsv } from './hubspot-contacts-csv.js';
import { LEMLIST_LEADS_HEADER, lemlistLeadsCsv } from './lemlist-leads-csv.js';

describe.each([
  ['HubSpot contacts', hubspotContactsCsv, HUBSPOT_CONTACTS_HEADER, 19],
  ['Apollo people', apolloPeopleCsv, APOLLO_PEOPLE_HEADER, 46],
  ['lemlist leads', lemlistLeadsCsv, LEMLIST_LEADS_HEADER, 17],
] as const)('%s export', (_, make, header, columns) => {
  const { csv, people } = make({ seed: 1, count: 1000 });
  const [head, ...rows] = parse(csv) as string[][];

  it('has its columns and one row per person, every row as wide as the header', () => {
    expect(head).toEqual([...header]);
    expect(head?.length).toBe(columns);
    expect(rows.length).toBe(1000);
    expect(rows.every((r) => r.length === columns)).toBe(true);
  });

  it('holds the hard cases: accents, Japanese names, quoted commas, blank and repeated emails, colleagues', () => {
    expect(people.some((p) => /[à-ÿ]/i.test(p.firstName + p.lastName))).toBe(true);
    expect(people.some((p) => /[\u3040-\u30ff\u4e00-\u9fff]/.test(p.lastName))).toBe(true);
    expect(csv).toMatch(/"[^"\r\n]*,[^"\r\n]*"/);
    expect(people.some((p) => p.email === '')).toBe(true);
    expect(people.some((p) => p.repeat)).toBe(true);
    const perCompany = new Map<string, number>();
    for (const p of people) perCompany.set(p.company, (perCompany.get(p.company) ?? 0) + 1);
    expect([...perCompany.values()].some((n) => n >= 3)).toBe(true);
  });

  it('is the same for the same seed', () => {
    expect(make({ seed: 1, count: 1000 }).csv).toBe(csv);
  });
});
