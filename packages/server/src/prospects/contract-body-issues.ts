import { type FieldIssue, nulIssues, type OperationId, validateRequest } from '@prospectkit/core';

/**
 * What the API's `validate` and `nul` steps would refuse in a body sent to an operation: the contract's schema
 * (core's `validateRequest`, the same validators the API runs), then U+0000 in a string. The app's forms build
 * an API body and check it here before calling the operation's own function, so a form is held to the API's
 * rules and messages.
 *
 * @returns the issues (empty when the body would reach the operation)
 * @example
 * contractBodyIssues('createProspect', { company: '' }); // [{ path: ['company'], keyword: 'minLength', limit: 1 }]
 * @see openapi.yaml `info.description` (Order of checks)
 */
export function contractBodyIssues(operationId: OperationId, body: unknown): FieldIssue[] {
  const validated = validateRequest(operationId, {}, body);
  if (!validated.ok) return validated.issues;
  return nulIssues(undefined, body);
}
