import { newId } from '@prospectkit/core';
import type { Sql } from '../db/database.js';
import { findImportMatchCandidates, type ImportMatchCandidate } from '../store/import-matches.js';
import type { PreparedRow } from './row-preparer.js';

/** What a row is matched on (docs/importing.md, "Duplicates"). */
type MatchKind = 'email' | 'name' | 'domain';

/** A valid row and the key it is matched on, or none (a row without email, person or domain is never a duplicate). */
interface Keyed {
  row: PreparedRow & { input: NonNullable<PreparedRow['input']> };
  kind: MatchKind | undefined;
  key: string | undefined;
}

/** A row found to be a duplicate: of an existing prospect, or of an earlier row of the file. */
export interface DuplicateMatch {
  kind: MatchKind;
  /** The matched prospect; `null` when the earlier row of the file created none yet (a dry run). */
  prospectId: string | null;
  /** The earlier line of the file with the same key, when the match is inside the file. */
  line?: number;
}

/** The rows seen so far in a run, by key: the first line and the prospect it created, updated or matched. */
export type SeenKeys = Map<string, { line: number; prospectId: string | null }>;

/**
 * Keys a run that writes remembers (about 7 MB), so a run's memory stays bounded however large the file: past
 * it, a duplicate of an earlier row is still found, through the prospect that row created, and the report names
 * that prospect rather than the line. A dry run writes nothing for the table to answer, so it remembers every key.
 */
const SEEN_LIMIT = 50_000;

const keyOf = (kind: MatchKind, ...parts: string[]) =>
  `${kind}\u001f${parts.map((p) => p.trim().toLowerCase()).join('\u001f')}`;

function keyRow(row: Keyed['row']): Keyed {
  const { input } = row;
  if (input.contact_email) return { row, kind: 'email', key: keyOf('email', input.contact_email) };
  if (input.contact_name) return { row, kind: 'name', key: keyOf('name', input.contact_name, input.company) };
  if (input.domain) return { row, kind: 'domain', key: keyOf('domain', input.domain) };
  return { row, kind: undefined, key: undefined };
}

const candidateKey = (kind: MatchKind, c: ImportMatchCandidate): string | undefined =>
  kind === 'email'
    ? c.contact_email
      ? keyOf('email', c.contact_email)
      : undefined
    : kind === 'name'
      ? c.contact_name
        ? keyOf('name', c.contact_name, c.company)
        : undefined
      : c.domain
        ? keyOf('domain', c.domain)
        : undefined;

/**
 * Matches a batch's valid rows against the workspace and the rows before them in the file: a row with an email
 * on the email (case-insensitive); a person without one on their name at the same company; a company-only row
 * on the domain (so colleagues at one company, with their own emails, are not duplicates of each other). The
 * oldest matching prospect wins. `seen` carries the keys of the run's earlier rows across batches, so a
 * duplicate inside the file says so (a resumed run knows only the committed prospects, which the table answers).
 *
 * @param seen the run's keys so far; updated with this batch's rows
 * @param options.dryRun a dry run creates nothing, so a later row matching a new one names no prospect
 * @param options.now the time in the ids of the prospects to create
 * @returns for each row, in order, its match, or the id of the prospect to create (`undefined` match: new)
 */
export async function matchDuplicates(
  tx: Sql,
  workspaceId: string,
  rows: readonly Keyed['row'][],
  seen: SeenKeys,
  options: { dryRun: boolean; now: Date },
): Promise<Array<{ match: DuplicateMatch; newId?: undefined } | { match?: undefined; newId: string }>> {
  const keyed = rows.map(keyRow);
  const unseen = keyed.filter((k) => k.key !== undefined && !seen.has(k.key));
  const emails = unseen.flatMap((k) => (k.kind === 'email' ? [k.row.input.contact_email as string] : []));
  const companies = unseen.flatMap((k) => (k.kind === 'name' ? [k.row.input.company] : []));
  const domains = unseen.flatMap((k) => (k.kind === 'domain' ? [k.row.input.domain as string] : []));
  const existing = new Map<string, string>();
  for (const candidate of await findImportMatchCandidates(tx, workspaceId, { emails, companies, domains })) {
    for (const kind of ['email', 'name', 'domain'] as const) {
      const key = candidateKey(kind, candidate);
      if (key !== undefined && !existing.has(key)) existing.set(key, candidate.id);
    }
  }
  return keyed.map(({ row, kind, key }) => {
    const created = () => newId('prospect', options.now.getTime());
    if (kind === undefined || key === undefined) return { newId: created() };
    const earlier = seen.get(key);
    if (earlier) return { match: { kind, prospectId: earlier.prospectId, line: earlier.line } };
    const id = existing.get(key);
    const remember = options.dryRun || seen.size < SEEN_LIMIT;
    if (id !== undefined) {
      if (remember) seen.set(key, { line: row.line, prospectId: id });
      return { match: { kind, prospectId: id } };
    }
    const fresh = created();
    if (remember) seen.set(key, { line: row.line, prospectId: options.dryRun ? null : fresh });
    return { newId: fresh };
  });
}

/** Why a row is a duplicate, for the report: `the same contact email as prospect pro_… ` / `… as line 12 of this file`. */
export function describeMatch(match: DuplicateMatch): string {
  const on =
    match.kind === 'email'
      ? 'the same contact email'
      : match.kind === 'name'
        ? 'the same contact name at the same company'
        : 'the same domain (a row without a person)';
  if (match.line !== undefined) {
    const of = match.prospectId ? ` (prospect ${match.prospectId})` : '';
    return `${on} as line ${match.line} of this file${of}`;
  }
  return `${on} as prospect ${match.prospectId}`;
}
