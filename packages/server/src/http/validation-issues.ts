import type { FieldIssue } from '@prospectkit/core';

/** One error item of express-openapi-validator: `{ path: '/body/tags/3', message, errorCode: 'maxLength.openapi.validation' }`. */
export interface ValidatorErrorItem {
  path: string;
  message: string;
  errorCode?: string;
}

const LOCATIONS = new Set(['body', 'query', 'path', 'headers']);

/**
 * Turns express-openapi-validator's error items into field issues for the 422 body. The validator keeps ajv's
 * keyword in `errorCode` and the bound only in its English message, so the bound is read from there.
 */
export function toFieldIssues(items: readonly ValidatorErrorItem[]): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const item of items) {
    const keyword = (item.errorCode ?? '').replace(/\.openapi\.validation$/, '');
    // oneOf/anyOf wrappers repeat what their branches already said.
    if (keyword === 'oneOf' || keyword === 'anyOf' || keyword === 'if') continue;
    const segments = item.path.split('/').filter((s) => s !== '');
    const path = LOCATIONS.has(segments[0] ?? '') ? segments.slice(1) : segments;
    const issue: FieldIssue = { path: path.map(decodePointer), keyword };
    // ajv names both equal items, earlier or later first depending on the item schema; like Laravel's
    // `distinct` and `normalizeProspectInput`, the later one is reported at its own path (`tags.1`).
    const duplicate = keyword === 'uniqueItems' ? /items ## (\d+) and (\d+)/.exec(item.message) : null;
    if (duplicate) issue.path = [...issue.path, String(Math.max(Number(duplicate[1]), Number(duplicate[2])))];
    const bound = /(-?\d+(?:\.\d+)?)/.exec(item.message);
    if (bound) issue.limit = Number(bound[1]);
    const format = /format "([^"]+)"/.exec(item.message);
    if (format) issue.format = format[1] as string;
    const type = /^must be ([a-z,]+)$/.exec(item.message);
    if (keyword === 'type' && type) issue.type = type[1] as string;
    issues.push(issue);
  }
  return issues;
}

function decodePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}
