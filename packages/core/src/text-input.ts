import type { FieldIssue } from './validation-messages.js';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Text as the database keeps it: a lone UTF-16 surrogate (allowed in a JSON string, impossible in UTF-8) becomes
 * U+FFFD, which is what the PostgreSQL and PGlite drivers write for it.
 */
export function toStoredText(value: string): string {
  return value.replace(LONE_SURROGATE, '\uFFFD');
}

function collect(value: unknown, path: string[], issues: FieldIssue[]): void {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) {
      issues.push({ path, keyword: 'nul' });
    }
  } else if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) collect(item, [...path, String(i)], issues);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) collect(item, [...path, key], issues);
  }
}

/**
 * U+0000 in a schema-valid query or body, which PostgreSQL text cannot hold: one issue per string that has
 * it, the query's strings first (`search`, each `tag`, `owner_id`, ...), then the body's, in order. The `nul`
 * step of the order of checks, after validation and before the operation's own rules, on the server and the
 * mock alike.
 *
 * @param query the validated query (`{ search: 'a', tag: ['b'] }`), or a lone `search` string, or `undefined`
 * @param body the parsed JSON body, or `undefined`
 * @see order-of-checks.ts
 */
export function nulIssues(query: unknown, body: unknown): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (typeof query === 'string') collect(query, ['search'], issues);
  else collect(query, [], issues);
  if (body !== undefined) collect(body, [], issues);
  return issues;
}
