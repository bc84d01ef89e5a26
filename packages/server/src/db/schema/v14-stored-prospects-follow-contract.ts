import { type Prospect, repairStoredProspect } from '@prospectkit/core';
import type { Sql } from '../database.js';
import type { Migration } from './migration.js';

/** Rows read per statement while looking for rows to repair (keyset on the primary key). */
const BATCH_ROWS = 1000;

/** A prospect row as this migration reads it (the columns of migrations 1 to 13). */
interface StoredRow {
  id: string;
  workspace_id: string;
  company: string;
  domain: string | null;
  website: string | null;
  location: string | null;
  contact_name: string | null;
  contact_email: string | null;
  notes: string | null;
  tags: string[] | null;
  owner_id: string | null;
  outcome: string | null;
  meeting_at: Date | null;
  value_minor: number | string | bigint | null;
  currency: string | null;
  outcome_updated_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

/**
 * The row as the API answers it. Written out here, not imported from the store, so that this migration keeps
 * reading the columns of its time whatever the store reads later.
 */
function asProspect(row: StoredRow): Prospect {
  return {
    id: row.id,
    company: row.company,
    domain: row.domain,
    website: row.website,
    location: row.location,
    contact_name: row.contact_name,
    contact_email: row.contact_email,
    // Today's contract has the fields of migration 18, which did not exist yet: none is set.
    contact_first_name: null,
    contact_last_name: null,
    contact_title: null,
    contact_phone: null,
    contact_profile_url: null,
    city: null,
    region: null,
    country: null,
    custom_fields: {},
    notes: row.notes,
    tags: row.tags ?? [],
    owner_id: row.owner_id,
    outcome:
      row.outcome_updated_at === null
        ? null
        : {
            outcome: row.outcome as NonNullable<Prospect['outcome']>['outcome'],
            meeting_at: iso(row.meeting_at),
            value_minor: row.value_minor === null ? null : Number(row.value_minor),
            currency: row.currency,
            updated_at: row.outcome_updated_at.toISOString(),
          },
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/**
 * Reads every prospect and repairs those that break today's contract with core's `repairStoredProspect`, the
 * rule the mock applies to a seed: a field that breaks it becomes `null` (a tag is dropped), its original is
 * kept in a line of the notes and in `prospect_repairs`, and `updated_at` moves so that clients syncing by it
 * fetch the prospect again.
 */
async function repairStoredProspects(tx: Sql): Promise<void> {
  for (let after = ''; ; ) {
    const rows = await tx.query<StoredRow & Record<string, unknown>>(
      `select id, workspace_id, company, domain, website, location, contact_name, contact_email, notes, tags,
         owner_id, outcome, meeting_at, value_minor, currency, outcome_updated_at, created_at, updated_at
       from prospects where id > $1 order by id limit $2`,
      [after, BATCH_ROWS],
    );
    for (const row of rows) {
      const { prospect, repairs } = repairStoredProspect(asProspect(row), {
        keptIn: 'the table prospect_repairs',
      });
      if (repairs.length === 0) continue;
      await tx.query(
        `update prospects set domain = $3, website = $4, location = $5, contact_name = $6, contact_email = $7,
           owner_id = $8, tags = $9, notes = $10, updated_at = now()
         where workspace_id = $1 and id = $2`,
        [
          row.workspace_id,
          row.id,
          prospect.domain,
          prospect.website,
          prospect.location,
          prospect.contact_name,
          prospect.contact_email,
          prospect.owner_id,
          prospect.tags,
          prospect.notes,
        ],
      );
      for (const repair of repairs)
        await tx.query(
          `insert into prospect_repairs (workspace_id, prospect_id, field, original, reason, migration)
           values ($1, $2, $3, $4, $5, 14)`,
          [row.workspace_id, row.id, repair.field, repair.original, repair.reason],
        );
    }
    if (rows.length < BATCH_ROWS) return;
    after = (rows.at(-1) as StoredRow).id;
  }
}

export const v14: Migration = {
  version: 14,
  name: 'stored prospects follow the contract',
  // Rows an earlier release stored under older rules, such as a website `https://` (the first contract's
  // pattern `^[Hh][Tt][Tt][Pp][Ss]?://` allowed it; openapi.yaml `Website` now requires a host), made GET,
  // the list and search answer 500 in development. prospect_repairs keeps each value changed, whole, for the
  // operator; the prospect's notes say so to its users (docs/versioning.md, "Stored data").
  sql: `
    create table prospect_repairs (
      id bigint generated always as identity primary key,
      workspace_id text not null references workspaces(id),
      prospect_id text not null references prospects(id),
      field text not null,
      original text not null,
      reason text not null,
      migration integer not null,
      repaired_at timestamptz not null default now()
    );
    create index prospect_repairs_prospect on prospect_repairs (workspace_id, prospect_id);
  `,
  run: repairStoredProspects,
};
