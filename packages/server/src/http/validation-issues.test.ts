import { describe, expect, it } from 'vitest';
import { toFieldIssues } from './validation-issues.js';

describe('toFieldIssues', () => {
  // ajv's message names the pair earlier-first for `$ref` item schemas and later-first for typed ones.
  it.each([
    ['earlier first', 'must NOT have duplicate items (items ## 1 and 3 are identical)'],
    ['later first', 'must NOT have duplicate items (items ## 3 and 1 are identical)'],
  ])('reports the later of two duplicate items (%s)', (_name, message) => {
    const issues = toFieldIssues([
      { path: '/body/tags', message, errorCode: 'uniqueItems.openapi.validation' },
    ]);
    expect(issues.map((issue) => [issue.keyword, issue.path])).toEqual([['uniqueItems', ['tags', '3']]]);
  });
});
