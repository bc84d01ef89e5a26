import type { ValidateFunction } from 'ajv';
import { ajvFieldIssues } from './ajv-field-issues.js';
import { createContractAjv } from './contract-ajv.js';
import { contract } from './generated/contract.js';
import { isWebsite, OPTIONAL_PROSPECT_TEXT } from './prospect-input.js';
import type { Prospect } from './schemas.js';
import type { FieldIssue } from './validation-messages.js';

/** The fields a repair may clear: optional text, where `null` means "not known" (openapi.yaml `Prospect`). */
type ClearableField = Exclude<(typeof OPTIONAL_PROSPECT_TEXT)[number], 'notes'>;
const CLEARABLE = OPTIONAL_PROSPECT_TEXT.filter((f): f is ClearableField => f !== 'notes');

/** The contract's limit on `notes` (openapi.yaml `Notes`), which a repair's note line must respect. */
const NOTES_MAX_LENGTH = 10_000;

let validator: ValidateFunction | undefined;

/**
 * Why a prospect as stored would break the contract if answered as is: the contract's `Prospect` schema
 * (ajv, as the server's response validator reads it), and the rules JSON Schema cannot say that input was held
 * to (a `website` that `new URL()` refuses, such as a port over 65535). Rows written by an earlier release
 * under older rules are the case in point (docs/versioning.md, "Stored data").
 *
 * @param prospect a prospect as the API would answer it
 * @returns the issues, by field (empty when the prospect follows the contract)
 * @example
 * prospectContractIssues({ ...prospect, website: 'https://' }); // [{ path: ['website'], keyword: 'pattern' }]
 * @see openapi.yaml `components.schemas.Prospect`
 */
export function prospectContractIssues(prospect: Prospect): FieldIssue[] {
  validator ??= createContractAjv(false).compile({
    components: (contract as unknown as { components: unknown }).components,
    $ref: '#/components/schemas/Prospect',
  });
  const issues = validator(prospect) ? [] : ajvFieldIssues(validator.errors ?? []);
  if (
    typeof prospect.website === 'string' &&
    !isWebsite(prospect.website) &&
    !issues.some((i) => i.path[0] === 'website')
  )
    issues.push({ path: ['website'], keyword: 'format', format: 'uri' });
  return issues;
}

/** One field a repair changed: what it held, and why it could not stay. */
export interface StoredFieldRepair {
  field: ClearableField | 'tags';
  /** The value as it was stored (a tag, for `tags`). */
  original: string;
  /** e.g. `not a valid URL` */
  reason: string;
}

const REASONS: Partial<Record<ClearableField, string>> = {
  website: 'not a valid URL',
  contact_email: 'not a valid email address',
  domain: 'not a valid hostname',
};

/** `contact_email` as `Contact email`, for the note line. */
const label = (field: string) => {
  const words = field.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * The line a repair adds to `notes` so the original stays visible in the API and the app, e.g.
 * `Website removed on upgrade, not a valid URL: https://`. When the notes have no room for the value
 * (openapi.yaml `Notes`: 10,000 characters), the line names where it is kept instead, and when they have no
 * room for that either, there is no line.
 */
function withNoteLine(notes: string | null, repair: StoredFieldRepair, keptIn: string): string | null {
  const what = repair.field === 'tags' ? 'Tag' : label(repair.field);
  const lines = [
    `${what} removed on upgrade, ${repair.reason}: ${repair.original}`,
    `${what} removed on upgrade, ${repair.reason} (kept in ${keptIn})`,
  ];
  for (const line of lines) {
    const next = notes === null || notes === '' ? line : `${notes}\n${line}`;
    if (next.length <= NOTES_MAX_LENGTH) return next;
  }
  return notes;
}

/**
 * Brings a prospect stored under older rules into today's contract, the same way on the server (migration 14)
 * and in the mock (a seed): an optional text field that breaks the contract becomes `null`, a tag that breaks
 * it is dropped, and each original is kept in a last line of `notes` (see the note line above). `company`,
 * `notes` and the outcome have had the same rules since the first contract, so nothing else is repaired.
 *
 * @param prospect the stored prospect, as the API would answer it
 * @param options.keptIn where the caller also keeps the originals, named in a note line that has no room for
 *   the value. Default `'the upgrade log'`
 * @returns the prospect to store instead, and one repair per value changed (none: store it as it is)
 * @example
 * repairStoredProspect({ ...prospect, website: 'https://', notes: null });
 * // { prospect: { ...prospect, website: null, notes: 'Website removed on upgrade, not a valid URL: https://' },
 * //   repairs: [{ field: 'website', original: 'https://', reason: 'not a valid URL' }] }
 * @see docs/versioning.md, "Stored data"
 */
export function repairStoredProspect(
  prospect: Prospect,
  options: { keptIn?: string } = {},
): { prospect: Prospect; repairs: StoredFieldRepair[] } {
  const issues = prospectContractIssues(prospect);
  if (issues.length === 0) return { prospect, repairs: [] };
  const repaired: Prospect = { ...prospect, tags: [...prospect.tags] };
  const repairs: StoredFieldRepair[] = [];
  for (const field of CLEARABLE) {
    const value = prospect[field];
    if (typeof value !== 'string' || !issues.some((i) => i.path[0] === field)) continue;
    repaired[field] = null;
    repairs.push({ field, original: value, reason: REASONS[field] ?? 'not valid' });
  }
  const badTags = new Set(
    issues.filter((i) => i.path[0] === 'tags' && i.path.length === 2).map((i) => Number(i.path[1])),
  );
  repaired.tags = prospect.tags.filter((tag, index) => {
    if (!badTags.has(index)) return true;
    repairs.push({ field: 'tags', original: tag, reason: 'not a valid tag' });
    return false;
  });
  for (const repair of repairs)
    repaired.notes = withNoteLine(repaired.notes, repair, options.keptIn ?? 'the upgrade log');
  return { prospect: repaired, repairs };
}
