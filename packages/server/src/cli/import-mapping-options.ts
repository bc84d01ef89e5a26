import { readFile } from 'node:fs/promises';
import type { CustomFieldDefinition } from '@prospectkit/core';
import {
  type ColumnMapping,
  customFieldKey,
  type DuplicateMode,
  type GuessedFieldType,
  isDuplicateMode,
  type MappingTarget,
  type NewFieldSpec,
  PROSPECT_IMPORT_FIELDS,
} from '../import/index.js';
import { CliError } from './cli-error.js';

/** `--duplicates`'s words: the short ones of the CLI and the engine's own. */
export const DUPLICATES_CHOICES: Record<string, DuplicateMode> = {
  skip: 'skip',
  create: 'create',
  update: 'update_fill_empty',
  overwrite: 'update_overwrite',
  update_fill_empty: 'update_fill_empty',
  update_overwrite: 'update_overwrite',
};

/**
 * What `--mapping FILE.json` reads and `--dry-run --json` writes (beside the job and its report): the header
 * row it was made for, one target per column, the custom fields to create, and the duplicate mode.
 */
export interface MappingFile {
  headers: string[];
  mapping: ColumnMapping;
  newFields: NewFieldSpec[];
  duplicates: DuplicateMode;
}

const FIELDS = new Set<string>(PROSPECT_IMPORT_FIELDS.map((f) => f.field));

/** The column of a header: exactly, else without regard to case and surrounding spaces; `-1` when none. */
function columnOf(headers: readonly string[], name: string): number {
  const exact = headers.indexOf(name);
  if (exact !== -1) return exact;
  const wanted = name.trim().toLowerCase();
  return headers.findIndex((h) => h.trim().toLowerCase() === wanted);
}

/**
 * Applies `--map "Header[+Header...]=target"` options to a mapping: the named columns go to the target (a
 * prospect field or `custom:<key>` of an existing custom field); other columns the suggestion had given that
 * target lose it, so `--map` says where a field comes from. A header holding `+` is found whole first.
 *
 * @throws {CliError} naming every unknown header and every unknown field at once (exit status 2)
 * @example
 * applyMapOptions(['First Name', 'Last Name', 'Company'], [null, null, 'company'], ['First Name+Last Name=contact_name'], []);
 * // ['contact_name', 'contact_name', 'company']
 */
export function applyMapOptions(
  headers: readonly string[],
  base: ColumnMapping,
  specs: readonly string[],
  fields: readonly CustomFieldDefinition[],
): ColumnMapping {
  const mapping = [...base];
  const unknownHeaders: string[] = [];
  const unknownFields: string[] = [];
  const assigned = new Map<MappingTarget, number[]>();
  for (const spec of specs) {
    const at = spec.lastIndexOf('=');
    const left = at === -1 ? '' : spec.slice(0, at);
    const target = spec.slice(at + 1).trim();
    if (at === -1 || left.trim() === '' || target === '') {
      throw new CliError(`--map "${spec}": write it as "Header=field" or "Header 1+Header 2=field".`);
    }
    const key = customFieldKey(target as MappingTarget);
    if (key !== undefined ? !fields.some((f) => f.key === key) : !FIELDS.has(target))
      unknownFields.push(target);
    const whole = columnOf(headers, left);
    const names = whole !== -1 ? [left] : left.split('+');
    const columns: number[] = [];
    for (const name of names) {
      const column = columnOf(headers, name);
      if (column === -1) unknownHeaders.push(name.trim());
      else columns.push(column);
    }
    assigned.set(target as MappingTarget, [...(assigned.get(target as MappingTarget) ?? []), ...columns]);
  }
  const problems = [
    unknownHeaders.length > 0 &&
      `no column ${unknownHeaders.map((h) => `"${h}"`).join(', ')} in the file (its columns: ${headers.map((h) => `"${h}"`).join(', ')})`,
    unknownFields.length > 0 &&
      `no field ${unknownFields.map((f) => `"${f}"`).join(', ')} (fields: ${[...FIELDS].join(', ')}, or custom:<key> of the workspace's custom fields${fields.length > 0 ? `: ${fields.map((f) => f.key).join(', ')}` : ''})`,
  ].filter(Boolean);
  if (problems.length > 0) throw new CliError(`--map: ${problems.join('; ')}.`);
  for (const [target, columns] of assigned) {
    mapping.forEach((t, i) => {
      if (t === target && !columns.includes(i)) mapping[i] = null;
    });
    // Several columns for a field that takes one: describeMappingProblems names them with the rest.
    for (const column of columns) mapping[column] = target;
  }
  return mapping;
}

/** A custom field key from a header: letters without accents, lower case, `_` between words, at most 40. */
export function keyFromHeader(header: string): string {
  const key = header
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  const start = /^[a-z]/.test(key) ? key : `field_${key}`;
  return start.slice(0, 40).replace(/_+$/, '') || 'field';
}

/**
 * `--create-fields`: a custom field for every column still unmapped, keyed from its header ({@link keyFromHeader},
 * `_2`, `_3`... when two headers give one key), labelled by the header, typed by its values' guess. A column
 * whose key the workspace already has maps to that field instead (so the same export imports again).
 */
export function createFieldsForUnmapped(
  headers: readonly string[],
  mapping: ColumnMapping,
  guesses: readonly GuessedFieldType[],
  fields: readonly CustomFieldDefinition[],
): { mapping: ColumnMapping; newFields: NewFieldSpec[] } {
  const next = [...mapping];
  const newFields: NewFieldSpec[] = [];
  const taken = new Set(next.flatMap((t) => customFieldKey(t) ?? []));
  headers.forEach((header, column) => {
    if (next[column] !== null) return;
    const base = keyFromHeader(header);
    const existing = fields.find((f) => f.key === base);
    if (existing && !taken.has(base)) {
      next[column] = `custom:${base}`;
      taken.add(base);
      return;
    }
    let key = base;
    for (let n = 2; taken.has(key) || fields.some((f) => f.key === key); n += 1) {
      key = `${base.slice(0, 40 - String(n).length - 1)}_${n}`;
    }
    taken.add(key);
    const guess = guesses[column] ?? { type: 'text' as const };
    newFields.push({
      column,
      key,
      label: header.trim().slice(0, 100) || key,
      type: guess.type,
      ...(guess.options && { options: guess.options }),
    });
    next[column] = `custom:${key}`;
  });
  return { mapping: next, newFields };
}

/**
 * Reads `--mapping FILE.json` (the format `--dry-run --json` writes; see {@link MappingFile}) for a file with
 * these headers. New fields that the workspace has by now (created by an earlier run) are not created again.
 *
 * @throws {CliError} when the file cannot be read, is not such JSON, or was made for other headers (naming them)
 */
export async function readMappingFile(
  path: string,
  headers: readonly string[],
  fields: readonly CustomFieldDefinition[],
): Promise<MappingFile> {
  let parsed: Partial<MappingFile>;
  try {
    parsed = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new CliError(`--mapping ${path}: ${(error as Error).message}`);
  }
  if (!Array.isArray(parsed.mapping)) {
    throw new CliError(`--mapping ${path}: no "mapping" array (one field or null per column).`);
  }
  if (Array.isArray(parsed.headers)) {
    const differ = headers.flatMap((h, i) => (parsed.headers?.[i] === h ? [] : [`"${h}"`]));
    const extra = parsed.headers.slice(headers.length).map((h) => `"${h}"`);
    if (differ.length > 0 || extra.length > 0) {
      throw new CliError(
        `--mapping ${path} was made for other columns: the file's ${[...differ, ...extra].join(', ')} differ from it.`,
      );
    }
  }
  const newFields = (Array.isArray(parsed.newFields) ? parsed.newFields : []).filter(
    (f) => !fields.some((existing) => existing.key === f.key),
  );
  const duplicates = isDuplicateMode(parsed.duplicates) ? parsed.duplicates : 'skip';
  return { headers: [...headers], mapping: parsed.mapping, newFields, duplicates };
}
