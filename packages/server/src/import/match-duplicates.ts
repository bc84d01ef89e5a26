import { newId } from '@prospectkit/core';
import type { Sql } from '../db/database.js';
import { findImportMatchCandidates } from '../store/import-matches.js';
import type { PreparedRow } from './row-preparer.js';

/** What a row is matched on (docs/importing.md, "Duplicates"). */
type MatchKind = 'email' | 'name' | 'domain';

/** A valid row and the key it is matched on, or none (a row without email, person or domain is never a duplicate). */
interface Keyed {
  row: PreparedRow & { input: NonNullable<PreparedRow['input']> };
  kind: MatchKind | undefined;
  key: string | undefined;
  /** The row's other keys, which a later row may find its prospect by. */
  others: string[];
}

/** A row found to be a duplicate: of an existing prospect, or of an earlier row of the file. */
export interface DuplicateMatch {
  kind: MatchKind;
  /** The matched prospect; `null` when the earlier row of the file created none yet (a dry run). */
  prospectId: string | null;
  /** The earlier line of the file with the same key, when the match is inside the file. */
  line?: number;
}

/**
 * A row remembered under one of its keys: its line and the prospect it created, updated or matched. `secondary`:
 * a key the row was not matched on (a created row's name-at-company or domain beside its email, say), so the
 * workspace was not asked about it and may hold an older prospect with it.
 */
export interface SeenRow {
  line: number;
  prospectId: string | null;
  secondary?: true;
}

/** The rows seen so far in a run, by key. */
export type SeenKeys = Map<string, SeenRow>;

/**
 * Keys a run that writes remembers run-wide (about 7 MB), so a run's memory stays bounded however large the file:
 * past it, a duplicate of a row of an earlier batch is still found, through the prospect that row created, and
 * the report names that prospect rather than the line. The rows of the batch being matched are always
 * remembered, since the table does not hold them yet. A dry run writes nothing for the table to answer, so it
 * remembers every key. Exported for the tests, which fill a run's keys up to it.
 */
export const SEEN_LIMIT = 50_000;

const MATCH_KINDS = ['email', 'name', 'domain'] as const;

const keyOf = (kind: MatchKind, ...parts: string[]) =>
  `${kind}\u001f${parts.map((p) => p.trim().toLowerCase()).join('\u001f')}`;

/**
 * Every key a prospect with these values is matched by, the row's own first (docs/importing.md, "Duplicates"):
 * its email; its name at its company; its domain. A row is matched on the first it has; a stored prospect, and
 * so an earlier row of the file, is found by any of them.
 */
function keysOf(values: {
  company: string;
  domain?: string | null | undefined;
  contact_name?: string | null | undefined;
  contact_email?: string | null | undefined;
}): Array<{ kind: MatchKind; key: string }> {
  const keys: Array<{ kind: MatchKind; key: string }> = [];
  if (values.contact_email) keys.push({ kind: 'email', key: keyOf('email', values.contact_email) });
  if (values.contact_name)
    keys.push({ kind: 'name', key: keyOf('name', values.contact_name, values.company) });
  if (values.domain) keys.push({ kind: 'domain', key: keyOf('domain', values.domain) });
  return keys;
}

function keyRow(row: Keyed['row']): Keyed {
  const [own, ...others] = keysOf(row.input);
  return { row, kind: own?.kind, key: own?.key, others: others.map((k) => k.key) };
}

/** The value a row of this kind is looked up by in the workspace (its email, company or domain). */
const lookupValue = (kind: MatchKind, input: Keyed['row']['input']): string =>
  (kind === 'email' ? input.contact_email : kind === 'name' ? input.company : input.domain) as string;

/**
 * The workspace's oldest prospect for each key of `keyed`'s kinds: one lookup per kind, each answered oldest
 * first, and each candidate kept only under the key of the kind it was looked up by, so the oldest wins
 * whichever other rows share the batch.
 */
async function oldestInWorkspace(tx: Sql, workspaceId: string, keyed: readonly Keyed[]) {
  const oldest = new Map<string, string>();
  for (const kind of MATCH_KINDS) {
    const values = keyed.flatMap((k) => (k.kind === kind ? [lookupValue(kind, k.row.input)] : []));
    if (values.length === 0) continue;
    const candidates = await findImportMatchCandidates(tx, workspaceId, {
      emails: kind === 'email' ? values : [],
      companies: kind === 'name' ? values : [],
      domains: kind === 'domain' ? values : [],
    });
    for (const candidate of candidates) {
      const key = keysOf(candidate).find((k) => k.kind === kind)?.key;
      if (key !== undefined && !oldest.has(key)) oldest.set(key, candidate.id);
    }
  }
  return oldest;
}

/**
 * Matches a batch's valid rows against the workspace and the rows before them in the file: a row with an email
 * on the email (case-insensitive); a person without one on their name at the same company; a company-only row
 * on the domain (so colleagues at one company, with their own emails, are not duplicates of each other). The
 * oldest matching prospect wins. A created row is remembered under every key its prospect would be found by,
 * so a later row matches it the same whether or not a batch ends between them; `seen` carries the keys across
 * batches, so a duplicate inside the file says so (a resumed run knows only the committed prospects, which the
 * table answers).
 *
 * @param seen the run's keys so far; updated with this batch's rows (up to {@link SEEN_LIMIT} keys)
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
  // A key remembered as the row's own was asked of the workspace then; any other must be asked now.
  const ask = keyed.filter((k) => k.key !== undefined && (seen.get(k.key)?.secondary ?? true));
  const existing = await oldestInWorkspace(tx, workspaceId, ask);
  const batch: SeenKeys = new Map();
  const recall = (key: string) => batch.get(key) ?? seen.get(key);
  const remember = (key: string, entry: SeenRow) => {
    batch.set(key, entry);
    if (options.dryRun || seen.has(key) || seen.size < SEEN_LIMIT) seen.set(key, entry);
  };
  return keyed.map(({ row, kind, key, others }) => {
    const created = () => newId('prospect', options.now.getTime());
    if (kind === undefined || key === undefined) return { newId: created() };
    const earlier = recall(key);
    if (earlier && !earlier.secondary)
      return { match: { kind, prospectId: earlier.prospectId, line: earlier.line } };
    const id = existing.get(key);
    // An earlier row found only by one of its other keys is younger than a prospect the workspace already had.
    if (id !== undefined && id !== earlier?.prospectId) {
      remember(key, { line: row.line, prospectId: id });
      return { match: { kind, prospectId: id } };
    }
    if (earlier) return { match: { kind, prospectId: earlier.prospectId, line: earlier.line } };
    const fresh = created();
    const prospectId = options.dryRun ? null : fresh;
    remember(key, { line: row.line, prospectId });
    for (const other of others)
      if (!recall(other)) remember(other, { line: row.line, prospectId, secondary: true });
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
