import type { FieldIssue } from './validation-messages.js';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Text as the database keeps it: a lone UTF-16 surrogate (allowed in a JSON string, impossible in UTF-8) becomes
 * U+FFFD, which is what the PostgreSQL and PGlite drivers write for it.
 */
export function toStoredText(value: string): string {
  return value.replace(LONE_SURROGATE, '\uFFFD');
}

/**
 * PostgreSQL text cannot hold U+0000, so a value with it is refused with a 422 before it reaches the database
 * (which would fail the request with a 500).
 *
 * @returns one issue at `path` when `value` contains U+0000, else none
 */
export function nulIssues(path: readonly string[], value: string): FieldIssue[] {
  if (!value.includes('\u0000')) return [];
  return [{ path, keyword: 'nul', message: `The ${path.join('.')} field must not contain a NUL character.` }];
}

/**
 * The rules of `listProspects`' query that its JSON Schema cannot say: `search` without U+0000.
 *
 * @see openapi.yaml operationId `listProspects`
 */
export function listQueryIssues(query: { search?: string | undefined }): FieldIssue[] {
  return query.search === undefined ? [] : nulIssues(['search'], query.search);
}
