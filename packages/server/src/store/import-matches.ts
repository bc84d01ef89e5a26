import type { Sql } from '../db/database.js';

/** A stored prospect an import row may match, with the values it is matched on. */
export interface ImportMatchCandidate {
  id: string;
  company: string;
  domain: string | null;
  contact_name: string | null;
  contact_email: string | null;
}

/**
 * Both lower-case forms of each value: JavaScript's and ASCII-only (what `lower()` gives under the C locale,
 * PGlite's), so the database's `lower(column) = any(...)` finds a value in either locale; the caller compares
 * the candidates in JavaScript.
 */
function lowerForms(values: readonly string[]): string[] {
  const forms = new Set<string>();
  for (const value of values) {
    forms.add(value.toLowerCase());
    forms.add(value.replace(/[A-Z]+/g, (s) => s.toLowerCase()));
  }
  return [...forms];
}

/**
 * The workspace's prospects that may match an import batch's rows, oldest first (docs/importing.md,
 * "Duplicates"): those whose contact email is one of `emails`, whose company is one of `companies` (a person
 * without an email matches on their name at the same company) and those whose domain is one of `domains` (a
 * company-only row). Looked up through migration 10's (workspace_id, lower(contact_email)) and (workspace_id,
 * lower(domain)) indexes and migration 20's (workspace_id, lower(company)).
 *
 * @param keys each list compared without regard to case; an empty list looks nothing up
 * @returns the candidates; the caller decides which row matches which
 */
export async function findImportMatchCandidates(
  db: Sql,
  workspaceId: string,
  keys: { emails: readonly string[]; companies: readonly string[]; domains: readonly string[] },
): Promise<ImportMatchCandidate[]> {
  const select =
    'select id, company, domain, contact_name, contact_email from prospects where workspace_id = $1';
  const found: ImportMatchCandidate[] = [];
  const lookups: [string, readonly string[], string][] = [
    ['lower(contact_email)', keys.emails, 'contact_email is not null'],
    ['lower(company)', keys.companies, 'contact_name is not null'],
    ['lower(domain)', keys.domains, 'domain is not null'],
  ];
  for (const [expression, values, also] of lookups) {
    if (values.length === 0) continue;
    const rows = await db.query<ImportMatchCandidate & Record<string, unknown>>(
      `${select} and ${expression} = any($2::text[]) and ${also} order by created_at, id`,
      [workspaceId, lowerForms(values)],
    );
    found.push(...rows);
  }
  return found;
}
