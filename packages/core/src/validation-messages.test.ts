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
    [{ path: ['search'], keyword: 'nul' }, 'The search field must not contain NUL characters.'],
    [
      { path: ['meeting_at'], keyword: 'date_range' },
      'The meeting_at field must be between 0001-01-01 and 9999-12-31 in UTC.',
    ],
    [
      { path: ['currency'], keyword: 'required_with', with: 'value_minor' },
      'The currency field is required when value_minor is set.',
    ],
  ])('%o', (issue, message) => {
    expect(fieldMessage(issue)).toBe(message);
  });

  it.each<[FieldIssue, string, string]>([
    [{ path: ['company'], keyword: 'blank' }, 'Company', 'Company is required.'],
    [
      { path: ['contact_email'], keyword: 'format', format: 'email' },
      'Contact email',
      'Contact email must be a valid email address.',
    ],
    [{ path: ['tags', '1'], keyword: 'distinct' }, 'Tag 2', 'Tag 2 has a duplicate value.'],
    [{ path: ['outcome'], keyword: 'enum' }, 'Outcome', 'Outcome is not one of the choices.'],
    [
      { path: ['notes'], keyword: 'maxLength', limit: 10000 },
      'Notes',
      'Notes must not be greater than 10000 characters.',
    ],
  ])('%o labelled %s', (issue, label, message) => {
    expect(fieldMessage(issue, () => label)).toBe(message);
  });

  it('names the other field of a required_with rule by its label too', () => {
    const labels: Record<string, string> = { currency: 'Currency', value_minor: 'Opportunity value' };
    expect(
      fieldMessage({ path: ['currency'], keyword: 'required_with', with: 'value_minor' }, (p) => labels[p]),
    ).toBe('Currency is required when Opportunity value is set.');
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
