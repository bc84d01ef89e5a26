/**
 * `Authorization: Bearer <token>`, the scheme in any case (RFC 9110 section 11.1: auth schemes are
 * case-insensitive), one space, then the token.
 */
const BEARER = /^bearer ([^\s]+)$/i;

/**
 * The token of an `Authorization` header, or `undefined` when the header is missing or is not one bearer token.
 *
 * @param header the header's value, e.g. `bearer pkt_...`; `null` or `undefined` when it was not sent
 * @returns the token, e.g. `pkt_...`
 * @example bearerToken('BEARER pkt_abc') // 'pkt_abc'
 * @see openapi.yaml `components.securitySchemes.bearerAuth`
 */
export function bearerToken(header: string | null | undefined): string | undefined {
  return BEARER.exec(header ?? '')?.[1];
}
