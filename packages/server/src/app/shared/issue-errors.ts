import { type FieldIssue, toValidationBody } from '@prospectkit/core';
import type { FieldErrors } from './form-fields.js';

/**
 * The API's 422 messages (core's `toValidationBody`) as a form's errors: the first message of each field, keyed
 * by the field's dotted path (`company`, `tags.2`), renamed by `rename` where a form's field is not named as
 * the API's (`value_minor` is the form's `value`).
 *
 * @example
 * issueErrors([{ path: ['company'], keyword: 'blank' }]); // { company: 'The company field is required.' }
 * @see openapi.yaml `components.schemas.ValidationError`
 */
export function issueErrors(issues: readonly FieldIssue[], rename: Record<string, string> = {}): FieldErrors {
  const errors: FieldErrors = {};
  for (const [key, messages] of Object.entries(toValidationBody(issues).errors)) {
    const name = rename[key] ?? key;
    if (messages[0] !== undefined && errors[name] === undefined) errors[name] = messages[0];
  }
  return errors;
}
