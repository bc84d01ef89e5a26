/** The list's query parameters a view keeps (the page's form and the API's names); never `page` or `cursor`. */
const KEPT = [
  'search',
  'tag',
  'owner_id',
  'outcome',
  'added_from',
  'added_to',
  'created_after',
  'created_before',
  'sort',
  'per_page',
  'count',
];
/** The custom field filters (`custom_fields[key]`, `custom_fields_gte[key]`, `custom_fields_lte[key]`), kept too. */
const CUSTOM_FIELD_PARAM = /^custom_fields(_gte|_lte)?\[[a-z][a-z0-9_]{0,39}\]$/;
/** A view's name: 1-100 characters after trimming. Its query: at most 2,000 characters (STYLE.md 16). */
const NAME_MAX = 100;
export const QUERY_MAX = 2000;

/**
 * A saved view as the form sends it: the name trimmed, and the list's query string with only the parameters a
 * view keeps, empty ones dropped.
 *
 * @returns the view, or the problem to show
 */
export function readSavedViewForm(
  body: Record<string, unknown>,
): { name: string; query: string } | { problem: string } {
  const name = typeof body.name === 'string' ? body.name.trim() : '';
  if (name === '' || name.length > NAME_MAX || name.includes('\u0000'))
    return { problem: `Name the view in 1 to ${NAME_MAX} characters to save it.` };
  const sent = new URLSearchParams(typeof body.query === 'string' ? body.query : '');
  const kept = new URLSearchParams();
  for (const [key, value] of sent)
    if ((KEPT.includes(key) || CUSTOM_FIELD_PARAM.test(key)) && value !== '' && !value.includes('\u0000'))
      kept.append(key, value);
  const query = kept.toString();
  if (query.length > QUERY_MAX) return { problem: 'This view has too many filters to save.' };
  return { name, query };
}
