import { type FieldIssue, fieldMessage } from '@prospectkit/core';
import type { FieldErrors } from './form-fields.js';

/** How a form names its fields: the form's own names for the API's, and the labels the page shows. */
export interface IssueNaming {
  /** The form's name of an API field where they differ (`value_minor` is the form's `value`). */
  rename?: Record<string, string>;
  /** The label the page shows for an API field path (`contact_email` → `Contact email`, `tags.1` → `Tag 2`). */
  label?: (path: string) => string | undefined;
}

/**
 * The API's 422 rules (core's `fieldMessage`, as `toValidationBody` words them) as a form's errors, in the words of
 * the page: the first message of each field, keyed by the form's field name, naming the field by its label.
 *
 * @example
 * issueErrors([{ path: ['company'], keyword: 'blank' }], { label: () => 'Company' }); // { company: 'Company is required.' }
 * @see openapi.yaml `components.schemas.ValidationError`
 */
export function issueErrors(issues: readonly FieldIssue[], naming: IssueNaming = {}): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : 'body';
    const name = naming.rename?.[key] ?? key;
    if (errors[name] === undefined) errors[name] = fieldMessage(issue, naming.label);
  }
  return errors;
}
