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
 * U+0000 in a schema-valid `search` or body, which PostgreSQL text cannot hold: one issue per string that has
 * it, `search` first, then the body's strings in order. The `nul` step of the order of checks, after
 * validation and before the operation's own rules, on the server and the mock alike.
 *
 * @see order-of-checks.ts
 */
export function nulIssues(search: unknown, body: unknown): FieldIssue[] {
  const issues: FieldIssue[] = [];
  collect(search, ['search'], issues);
  if (body !== undefined) collect(body, [], issues);
  return issues;
}
