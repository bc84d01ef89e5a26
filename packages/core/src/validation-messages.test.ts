import { describe, expect, it } from 'vitest';
import { type FieldIssue, fieldMessage, toValidationBody } from './validation-messages.js';

describe('fieldMessage', () => {
  it.each<[FieldIssue, string]>([
    [{ path: ['company'], keyword: 'required' }, 'The company field is required.'],
    [{ path: ['company'], keyword: 'pattern' }, 'The company field is required.'],
    [{ path: ['stage'], keyword: 'additionalProperties' }, 'The stage field is prohibited.'],
    [
      { path: ['notes'], keyword: 'maxLength', limit: 10000 },
      'The notes field must not be greater than 10000 characters.',
    ],
    [
      { path: ['per_page'], keyword: 'maximum', limit: 100 },
      'The per_page field must not be greater than 100.',
    ],
    [{ path: ['page'], keyword: 'minimum', limit: 1 }, 'The page field must be at least 1.'],
    [{ path: ['tags'], keyword: 'maxItems', limit: 50 }, 'The tags field must not have more than 50 items.'],
    [{ path: ['tags', '2'], keyword: 'distinct' }, 'The tags.2 field has a duplicate value.'],
    [{ path: ['outcome'], keyword: 'enum' }, 'The selected outcome is invalid.'],
    [{ path: ['owner_id'], keyword: 'type', type: 'string,null' }, 'The owner_id field must be a string.'],
    [
      { path: ['contact_email'], keyword: 'format', format: 'email' },
      'The contact_email field must be a valid email address.',
    ],
    [{ path: ['website'], keyword: 'pattern' }, 'The website field must be a valid URL.'],
    [{ path: ['currency'], keyword: 'pattern' }, 'The currency field format is invalid.'],
    [{ path: [], keyword: 'minProperties', limit: 1 }, 'The request body must contain at least one field.'],
  ])('%o', (issue, message) => {
    expect(fieldMessage(issue)).toBe(message);
  });
});

describe('toValidationBody', () => {
  it.each<[string, FieldIssue[], string]>([
    ['one error', [{ path: ['company'], keyword: 'required' }], 'The company field is required.'],
    [
      'two errors',
      [
        { path: ['company'], keyword: 'required' },
        { path: ['tags', '1'], keyword: 'distinct' },
      ],
      'The company field is required. (and 1 more error)',
    ],
    [
      'three errors, one repeated',
      [
        { path: ['company'], keyword: 'minLength', limit: 1 },
        { path: ['company'], keyword: 'pattern' },
        { path: ['notes'], keyword: 'type', type: 'string' },
        { path: ['x'], keyword: 'additionalProperties' },
      ],
      'The company field is required. (and 2 more errors)',
    ],
  ])('%s', (_name, issues, message) => {
    const body = toValidationBody(issues);
    expect(body.message).toBe(message);
    for (const issue of issues) expect(body.errors[issue.path.join('.')]).toContain(fieldMessage(issue));
  });
});
