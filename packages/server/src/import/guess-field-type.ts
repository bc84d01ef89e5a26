import { CUSTOM_FIELD_OPTION_LIMIT, type CustomFieldType, isWebsite } from '@prospectkit/core';

/** A type guessed for a new custom field, with the options of a select. */
export interface GuessedFieldType {
  /** The type the values fit best: text when nothing narrower fits every non-blank value. */
  type: CustomFieldType;
  /** The distinct values in first-seen order, for `single_select` and `multi_select`; absent otherwise. */
  options?: string[];
}

/** What a checkbox cell may say (compared in lower case); see {@link cellToCustomValue}. */
const TRUE_WORDS = new Set(['true', 'yes', 'y']);
const FALSE_WORDS = new Set(['false', 'no', 'n']);
/** A plain number: no leading zeros (a postcode or an id with them stays text), no thousands separators. */
const NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?$/;
const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Several options in one cell are separated by `;` or `|` (a comma is too common in free text). */
export const MULTI_SELECT_SEPARATOR = /[;|]/;
/** An option longer than this is free text, not a choice (the contract allows 255). */
const OPTION_MAX_LENGTH = 60;

/**
 * Guesses a custom field's type from a sample of a column's cells (blank cells ignored), most specific first:
 * `checkbox` (every value true/false/yes/no), `number`, `date` (ISO `YYYY-MM-DD`, what the contract takes),
 * `email`, `url` (core's `isWebsite`), `multi_select` (values separated by `;` or `|`, few distinct options),
 * `single_select` (at most 50 distinct short values, each seen at least twice on average), else `text`.
 * The guess is a suggestion: the page lets the person change it, and a row whose value the type refuses is
 * rejected with the field named.
 *
 * @param values the column's cells, e.g. the first 1,000 rows
 * @example
 * guessFieldType(['Director', 'VP', 'Director', 'VP', '']); // { type: 'single_select', options: ['Director', 'VP'] }
 * guessFieldType(['Director', 'VP', 'Director', '']); // { type: 'text' } ('VP' is seen once)
 * guessFieldType(['12', '7.5']); // { type: 'number' }
 */
export function guessFieldType(values: readonly string[]): GuessedFieldType {
  const cells = values.map((v) => v.trim()).filter((v) => v !== '');
  if (cells.length === 0) return { type: 'text' };
  const all = (test: (cell: string) => boolean) => cells.every(test);
  if (all((c) => TRUE_WORDS.has(c.toLowerCase()) || FALSE_WORDS.has(c.toLowerCase())))
    return { type: 'checkbox' };
  if (all((c) => NUMBER.test(c))) return { type: 'number' };
  if (all((c) => ISO_DATE.test(c))) return { type: 'date' };
  if (all((c) => EMAIL.test(c))) return { type: 'email' };
  if (all((c) => /^https?:\/\//i.test(c) && isWebsite(c))) return { type: 'url' };
  const parts = cells.flatMap(splitOptions);
  const options = [...new Set(parts)];
  const fewOptions = (count: number) =>
    options.length <= CUSTOM_FIELD_OPTION_LIMIT &&
    options.every((o) => o.length <= OPTION_MAX_LENGTH) &&
    count >= options.length * 2;
  if (parts.length > cells.length && fewOptions(parts.length)) return { type: 'multi_select', options };
  const distinct = [...new Set(cells)];
  if (
    distinct.length <= CUSTOM_FIELD_OPTION_LIMIT &&
    distinct.every((o) => o.length <= OPTION_MAX_LENGTH) &&
    cells.length >= distinct.length * 2
  ) {
    return { type: 'single_select', options: distinct };
  }
  return { type: 'text' };
}

function splitOptions(cell: string): string[] {
  return cell
    .split(MULTI_SELECT_SEPARATOR)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

/**
 * A cell as the value a custom field of `type` takes (what `custom_fields` in a `POST /prospects` body would
 * hold): a number for `number` (or the text, so core refuses it with the field named), `true`/`false` for
 * `checkbox` (true/yes/y/1, false/no/n/0), the parts for `multi_select`, else the trimmed text.
 *
 * @see openapi.yaml `components.schemas.CustomFieldValues`
 */
export function cellToCustomValue(type: CustomFieldType, cell: string): unknown {
  const text = cell.trim();
  switch (type) {
    case 'number':
      return NUMBER.test(text) || /^-?\d*\.?\d+(e[+-]?\d+)?$/i.test(text) ? Number(text) : text;
    case 'checkbox': {
      const word = text.toLowerCase();
      if (TRUE_WORDS.has(word) || word === '1') return true;
      if (FALSE_WORDS.has(word) || word === '0') return false;
      return text;
    }
    case 'multi_select':
      return [...new Set(splitOptions(text))];
    default:
      return text;
  }
}
