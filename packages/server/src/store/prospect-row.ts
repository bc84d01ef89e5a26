import type { CustomFieldValue, OutcomeState, Prospect } from '@prospectkit/core';

/** A row of `prospects` as the driver returns the columns of {@link ROW}. */
export interface ProspectRow {
  id: string;
  company: string;
  domain: string | null;
  website: string | null;
  location: string | null;
  contact_name: string | null;
  contact_email: string | null;
  contact_first_name: string | null;
  contact_last_name: string | null;
  contact_title: string | null;
  contact_phone: string | null;
  contact_profile_url: string | null;
  city: string | null;
  region: string | null;
  country: string | null;
  custom_fields: Record<string, CustomFieldValue> | null;
  notes: string | null;
  tags: string[];
  owner_id: string | null;
  outcome: string | null;
  meeting_at: Date | null;
  value_minor: number | string | bigint | null;
  currency: string | null;
  outcome_updated_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/**
 * The columns a prospect is read from (those of {@link ProspectRow}): not `*`, which would also carry the
 * stored `search_words` of migration 10 to the server on every row only to be dropped.
 */
export const ROW = `id, company, domain, website, location, contact_name, contact_email, contact_first_name,
  contact_last_name, contact_title, contact_phone, contact_profile_url, city, region, country, custom_fields, notes, tags, owner_id,
  outcome, meeting_at, value_minor, currency, outcome_updated_at, created_at, updated_at`;

const iso = (value: Date | null) => (value === null ? null : value.toISOString());
const num = (value: number | string | bigint | null) => (value === null ? null : Number(value));

/** The row as the contract's `Prospect`: every key present, `null` where unset. */
export function toProspect(row: ProspectRow): Prospect {
  return {
    id: row.id,
    company: row.company,
    domain: row.domain,
    website: row.website,
    location: row.location,
    contact_name: row.contact_name,
    contact_email: row.contact_email,
    contact_first_name: row.contact_first_name,
    contact_last_name: row.contact_last_name,
    contact_title: row.contact_title,
    contact_phone: row.contact_phone,
    contact_profile_url: row.contact_profile_url,
    city: row.city,
    region: row.region,
    country: row.country,
    custom_fields: row.custom_fields ?? {},
    notes: row.notes,
    tags: row.tags ?? [],
    owner_id: row.owner_id,
    outcome:
      row.outcome_updated_at === null
        ? null
        : {
            outcome: row.outcome as OutcomeState['outcome'],
            meeting_at: iso(row.meeting_at),
            value_minor: num(row.value_minor),
            currency: row.currency,
            updated_at: row.outcome_updated_at.toISOString(),
          },
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
