import type { ErrorObject } from 'ajv';
import { describe, expect, it } from 'vitest';
import { ajvFieldIssues } from './ajv-field-issues.js';
import type { FieldIssue } from './validation-messages.js';

const error = (keyword: string, instancePath: string, params: Record<string, unknown>): ErrorObject =>
  ({ keyword, instancePath, params, schemaPath: '#' }) as ErrorObject;

describe('ajvFieldIssues', () => {
  it.each<[string, { given: ErrorObject; want: FieldIssue[] }]>([
    [
      'required names the missing property',
      {
        given: error('required', '/body', { missingProperty: 'company' }),
        want: [{ path: ['company'], keyword: 'required' }],
      },
    ],
    [
      'additionalProperties names the extra property',
      {
        given: error('additionalProperties', '/body', { additionalProperty: 'status' }),
        want: [{ path: ['status'], keyword: 'additionalProperties' }],
      },
    ],
    [
      'a bound is the limit',
      {
        given: error('maxLength', '/body/tags/3', { limit: 50 }),
        want: [{ path: ['tags', '3'], keyword: 'maxLength', limit: 50 }],
      },
    ],
    [
      'a format',
      {
        given: error('format', '/body/contact_email', { format: 'email' }),
        want: [{ path: ['contact_email'], keyword: 'format', format: 'email' }],
      },
    ],
    [
      'a type, union types joined',
      {
        given: error('type', '/body/website', { type: 'string,null' }),
        want: [{ path: ['website'], keyword: 'type', type: 'string,null' }],
      },
    ],
    [
      'a duplicate at the later index, whichever order ajv names them',
      {
        given: error('uniqueItems', '/body/tags', { i: 3, j: 1 }),
        want: [{ path: ['tags', '3'], keyword: 'uniqueItems' }],
      },
    ],
    [
      'the body as a whole has an empty path',
      {
        given: error('type', '/body', { type: 'object' }),
        want: [{ path: [], keyword: 'type', type: 'object' }],
      },
    ],
    [
      'a query parameter is named by itself',
      {
        given: error('minimum', '/query/page', { limit: 1 }),
        want: [{ path: ['page'], keyword: 'minimum', limit: 1 }],
      },
    ],
    [
      'JSON Pointer escapes are decoded',
      {
        given: error('additionalProperties', '/body', { additionalProperty: 'a~1b~0c' }),
        want: [{ path: ['a/b~c'], keyword: 'additionalProperties' }],
      },
    ],
    [
      'oneOf wrappers are skipped',
      { given: error('oneOf', '/body/outcome', { passingSchemas: null }), want: [] },
    ],
    ['anyOf wrappers are skipped', { given: error('anyOf', '/body/outcome', {}), want: [] }],
  ])('%s', (_name, { given, want }) => {
    expect(ajvFieldIssues([given])).toEqual(want);
  });
});
