import { lowerLikePostgres } from './prospect-search.js';

/**
 * Letters PostgreSQL's `unaccent` rewrites that Unicode does not decompose into a letter and a mark
 * (`unaccent.rules`, contrib/unaccent): `ß` is `ss`, `ø` is `o`, `ł` is `l`.
 */
const NOT_DECOMPOSED: Readonly<Record<string, string>> = {
  ß: 'ss',
  ẞ: 'SS',
  Æ: 'AE',
  æ: 'ae',
  Œ: 'OE',
  œ: 'oe',
  Ø: 'O',
  ø: 'o',
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ð: 'D',
  ð: 'd',
  Þ: 'TH',
  þ: 'th',
  ı: 'i',
  Ħ: 'H',
  ħ: 'h',
  Ŧ: 'T',
  ŧ: 't',
  ſ: 's',
};
const SPECIAL = new RegExp(`[${Object.keys(NOT_DECOMPOSED).join('')}]`, 'gu');
// The combining diacritical marks (U+0300-U+036F), which `unaccent` drops; other marks (kana's dakuten) stay.
const DIACRITICS = /[\u0300-\u036f]/g;

/**
 * Text as search and the company sort compare it: accents taken off as PostgreSQL's `unaccent` does for Latin,
 * Greek and Cyrillic letters (a letter with a diacritic becomes its base letter; `ß`, `æ`, `ø`, `ł` and the
 * others `unaccent` spells out become theirs), then lowered like PostgreSQL's `lower()`. The server stores
 * `lower(unaccent(text))` (migration 19, `prospect_fold`); the mock calls this.
 *
 * @param text any text
 * @returns the folded text, e.g. `societe` for `Société`
 * @example
 * foldForSearch('Société Zürich Straße'); // 'societe zurich strasse'
 * @see openapi.yaml parameters `Search` and `Sort`
 */
export function foldForSearch(text: string): string {
  const stripped = text
    .normalize('NFD')
    .replace(DIACRITICS, '')
    .normalize('NFC')
    .replace(SPECIAL, (ch) => NOT_DECOMPOSED[ch] ?? ch);
  return lowerLikePostgres(stripped);
}
