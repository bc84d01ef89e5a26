/** One `sl-violations` entry as Prism 5 writes it. */
export interface PrismViolation {
  /** `['request', ...]` or `['response', ...]`, then the path to the offending part. */
  location: string[];
  severity: 'Error' | 'Warning' | 'Information' | 'Hint';
  code?: string | number;
  message: string;
}

/** The parsed `sl-violations` header (JSON; cut at 8 KiB behind a "Too many violations!" prefix). */
export interface ParsedViolations {
  violations: PrismViolation[];
  /** Prism cut the header: there were more than it could list. */
  truncated: boolean;
  /** The truncated header's text, so it can still be searched for response entries. */
  raw: string;
}

/** Parses Prism's `sl-violations` header value. */
export function parseViolations(header: string): ParsedViolations {
  if (header.startsWith('Too many violations!')) return { violations: [], truncated: true, raw: header };
  return { violations: JSON.parse(header) as PrismViolation[], truncated: false, raw: header };
}

/**
 * How many errors Prism found in the response (not the request: the suites send bad requests on purpose). A cut
 * header that names the response at all counts as one, so truncation can never hide a violation.
 */
export function responseErrors(parsed: ParsedViolations): number {
  if (parsed.truncated) return parsed.raw.includes('"location":["response"') ? 1 : 0;
  return parsed.violations.filter((v) => v.location[0] === 'response' && v.severity === 'Error').length;
}
