/**
 * The one spelling of an integer query parameter: decimal digits, a minus sign for a negative number, and no
 * plus sign, white space, decimal point, exponent or leading zero (`0`, `25`, `-1`; not `+2`, `2.0`, `1e1`,
 * `0x2` or `010`). A negative number is spelled right and then refused by the schema's `minimum`.
 *
 * @see openapi.yaml `components.parameters.Page`, `components.parameters.PerPage`
 */
export const QUERY_INTEGER = /^-?(?:0|[1-9][0-9]*)$/;

/**
 * Stands in for an integer parameter spelled otherwise. It is not a number in any notation, so the schema's
 * own `type: integer` check refuses it with the message of `?page=two`, next to the query's other errors.
 */
const NOT_AN_INTEGER = 'not an integer';

/**
 * A copy of `query` in which every parameter of `names` whose value is one string not matching
 * {@link QUERY_INTEGER} is replaced by a value the schema validator refuses as "must be an integer". Validators
 * coerce query strings with `Number()`, which would read `0x2`, `1e1`, `+2` and `2.0` as numbers; the
 * contract's `type: integer` admits only decimal digits. Other values (a repeated parameter's list, a missing
 * one) are left to the schema.
 *
 * @param query the parsed query, e.g. `{ page: '0x2', search: 'acme' }`
 * @param names the integer parameters of the operation, e.g. `['page', 'per_page']`
 * @returns the same keys; a new object, `query` is not changed
 * @example strictQueryIntegers({ page: '1e1' }, ['page']) // { page: 'not an integer' }
 */
export function strictQueryIntegers<Q extends Record<string, unknown>>(query: Q, names: Iterable<string>): Q {
  const strict: Record<string, unknown> = { ...query };
  for (const name of names) {
    const value = strict[name];
    if (typeof value === 'string' && !QUERY_INTEGER.test(value)) strict[name] = NOT_AN_INTEGER;
  }
  return strict as Q;
}
