import { describe, expect, it } from 'vitest';
import type { Prospect } from './schemas.js';
import { prospectContractIssues, repairStoredProspect } from './stored-prospect.js';

const stored: Prospect = {
  id: 'prs_01JD0000000000000000000000',
  company: 'Acme Ltd',
  domain: 'acme.example',
  website: 'https://acme.example',
  location: null,
  contact_name: 'Ada',
  contact_email: 'ada@acme.example',
  contact_first_name: null,
  contact_last_name: null,
  contact_title: null,
  contact_phone: null,
  contact_profile_url: null,
  city: null,
  region: null,
  country: null,
  custom_fields: {},
  notes: null,
  tags: ['emea'],
  owner_id: null,
  outcome: null,
  created_at: '2026-11-22T00:00:00.000Z',
  updated_at: '2026-11-22T00:00:00.000Z',
};

describe('prospectContractIssues', () => {
  it('finds nothing in a prospect that follows the contract', () => {
    expect(prospectContractIssues(stored)).toEqual([]);
  });

  it.each([
    // Each was accepted by the first contract's `^[Hh][Tt][Tt][Pp][Ss]?://` (commit cdc3e97).
    ['https://'],
    ['https://:80'],
    ['https://?x'],
    ['https://ada@/'],
    // The pattern accepts it; WHATWG URL parsing (core's isWebsite) does not.
    ['https://acme.example:99999'],
  ])('finds the website %s', (website) => {
    expect(prospectContractIssues({ ...stored, website }).map((i) => i.path)).toContainEqual(['website']);
  });
});

describe('repairStoredProspect', () => {
  it('leaves a valid prospect as it is', () => {
    expect(repairStoredProspect(stored)).toEqual({ prospect: stored, repairs: [] });
  });

  it.each<[string, Partial<Prospect>, Partial<Prospect>, string[]]>([
    [
      'an invalid website becomes null, kept in a new notes line',
      { website: 'https://' },
      { website: null, notes: 'Website removed on upgrade, not a valid URL: https://' },
      ['website'],
    ],
    [
      'the line goes below existing notes',
      { website: 'https://:80', notes: 'Met at the fair.' },
      { website: null, notes: 'Met at the fair.\nWebsite removed on upgrade, not a valid URL: https://:80' },
      ['website'],
    ],
    [
      'notes without room for a line stay as they are (the caller keeps the original)',
      { website: 'https://', notes: 'n'.repeat(9_990) },
      { website: null, notes: `${'n'.repeat(9_990)}` },
      ['website'],
    ],
    [
      'an invalid tag is dropped and kept in the notes',
      { tags: ['emea', ' '] },
      { tags: ['emea'], notes: 'Tag removed on upgrade, not a valid tag:  ' },
      ['tags'],
    ],
  ])('%s', (_name, given, want, fields) => {
    const { prospect, repairs } = repairStoredProspect({ ...stored, ...given });
    expect(prospect).toEqual({ ...stored, ...given, ...want });
    expect(repairs.map((r) => r.field)).toEqual(fields);
    expect(prospectContractIssues(prospect)).toEqual([]);
  });

  it('names where the value is kept when only that fits', () => {
    const notes = 'n'.repeat(9_900);
    const { prospect } = repairStoredProspect(
      { ...stored, website: `https://?${'x'.repeat(200)}`, notes },
      {
        keptIn: 'the table prospect_repairs',
      },
    );
    expect(prospect.notes).toBe(
      `${notes}\nWebsite removed on upgrade, not a valid URL (kept in the table prospect_repairs)`,
    );
  });
});
