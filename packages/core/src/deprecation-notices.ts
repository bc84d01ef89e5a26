import { contract } from './generated/contract.js';

/** An operation or parameter of the contract that may be deprecated (docs/versioning.md, "Deprecation"). */
export interface Deprecatable {
  deprecated?: boolean;
  /** When it was (or will be) deprecated: an RFC 3339 date or date-time, e.g. `2027-01-01`. */
  'x-deprecated-at'?: string;
  /** When it stops working: an RFC 3339 date or date-time. */
  'x-sunset-at'?: string;
}

/** The `Deprecation` (RFC 9745) and `Sunset` (RFC 8594) headers of an answer; empty when nothing is deprecated. */
export type DeprecationHeaders = Partial<Record<'Deprecation' | 'Sunset', string>>;

/** What a request sent, as far as deprecation goes: the names of its query parameters and headers. */
export interface SentParameters {
  query: Iterable<string>;
  /** Whether a request header is present (any case). */
  hasHeader(name: string): boolean;
}

// biome-ignore lint/suspicious/noExplicitAny: parts of a parsed OpenAPI document
type Node = Record<string, any>;

const seconds = (date: string) => Math.floor(Date.parse(date) / 1000);

/**
 * The headers for the deprecated things a request touched: `Deprecation: @<seconds>` from the earliest
 * `x-deprecated-at`, and `Sunset: <HTTP-date>` from the earliest `x-sunset-at` (left out when none is set).
 * A deprecated thing without a valid `x-deprecated-at` is a contract error, which core's tests refuse.
 *
 * @example
 * deprecationHeaders([{ deprecated: true, 'x-deprecated-at': '2027-01-01', 'x-sunset-at': '2027-07-01' }]);
 * // { Deprecation: '@1798761600', Sunset: 'Thu, 01 Jul 2027 00:00:00 GMT' }
 */
export function deprecationHeaders(touched: readonly Deprecatable[]): DeprecationHeaders {
  const at = touched
    .map((t) => t['x-deprecated-at'])
    .filter((d): d is string => d !== undefined && Number.isFinite(Date.parse(d)))
    .sort((a, b) => Date.parse(a) - Date.parse(b));
  const sunset = touched
    .map((t) => t['x-sunset-at'])
    .filter((d): d is string => d !== undefined && Number.isFinite(Date.parse(d)))
    .sort((a, b) => Date.parse(a) - Date.parse(b));
  const headers: DeprecationHeaders = {};
  if (at[0] !== undefined) headers.Deprecation = `@${seconds(at[0])}`;
  if (sunset[0] !== undefined) headers.Sunset = new Date(sunset[0]).toUTCString();
  return headers;
}

/**
 * Reads a contract's deprecations once: for each `operationId`, the operation if it is deprecated, and its
 * deprecated parameters (its own and its path's, `$ref`s followed). The function it returns gives the headers
 * for one request, from what the request sent; an operation with nothing deprecated costs one map lookup.
 *
 * @param document a parsed OpenAPI document (default: the contract)
 * @returns `(operationId, sent) => headers`
 * @example
 * const notices = createDeprecationNotices(contract);
 * notices('listProspects', { query: ['page'], hasHeader: () => false }); // {}
 * @see openapi.yaml `info.description` (Versioning); docs/versioning.md
 */
export function createDeprecationNotices(
  document: unknown = contract,
): (operationId: string, sent: SentParameters) => DeprecationHeaders {
  const doc = document as Node;
  const resolve = (node: Node): Node =>
    typeof node?.$ref === 'string'
      ? resolve(
          (node.$ref as string)
            .replace(/^#\//, '')
            .split('/')
            .reduce((at: Node, key: string) => at?.[key], doc),
        )
      : node;
  const byOperation = new Map<string, { operation?: Deprecatable; parameters: Node[] }>();
  for (const item of Object.values((doc.paths ?? {}) as Record<string, Node>)) {
    for (const operation of Object.values(item) as Node[]) {
      if (typeof operation?.operationId !== 'string') continue;
      const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])]
        .map(resolve)
        .filter((p: Node) => p?.deprecated === true);
      if (operation.deprecated === true || parameters.length > 0)
        byOperation.set(operation.operationId, {
          ...(operation.deprecated === true ? { operation } : {}),
          parameters,
        });
    }
  }
  return (operationId, sent) => {
    const found = byOperation.get(operationId);
    if (!found) return {};
    const query = new Set(sent.query);
    const touched: Deprecatable[] = found.operation ? [found.operation] : [];
    for (const p of found.parameters)
      if ((p.in === 'query' && query.has(p.name)) || (p.in === 'header' && sent.hasHeader(p.name)))
        touched.push(p);
    return deprecationHeaders(touched);
  };
}
