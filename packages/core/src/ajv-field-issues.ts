import type { ErrorObject } from 'ajv';
import type { FieldIssue } from './validation-messages.js';

/** Where a validated value sits in the `{query, body}` object the validators see; dropped from field paths. */
const LOCATIONS = new Set(['body', 'query', 'params', 'headers']);

function decodePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/**
 * Turns ajv's structured errors (`keyword`, `params`, `instancePath`) into the field issues of a 422, for the
 * server and the mock alike; no English message is read. The path of `required` and `additionalProperties`
 * errors names the property; `oneOf`/`anyOf` wrappers are skipped (their branches already spoke); a duplicate
 * item is reported at the later index (`tags.1`), like `normalizeProspectInput`.
 *
 * @see openapi.yaml `components.schemas.ValidationError`
 */
export function ajvFieldIssues(errors: readonly ErrorObject[]): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const error of errors) {
    const { keyword } = error;
    if (keyword === 'oneOf' || keyword === 'anyOf' || keyword === 'if') continue;
    const params = error.params as Record<string, unknown>;
    const property = params.missingProperty ?? params.additionalProperty ?? params.unevaluatedProperty;
    const pointer = property === undefined ? error.instancePath : `${error.instancePath}/${String(property)}`;
    const segments = pointer.split('/').filter((s) => s !== '');
    const path = (LOCATIONS.has(segments[0] ?? '') ? segments.slice(1) : segments).map(decodePointer);
    const issue: FieldIssue = { path, keyword };
    if (keyword === 'uniqueItems') {
      issue.path = [...path, String(Math.max(Number(params.i), Number(params.j)))];
    }
    if (typeof params.limit === 'number') issue.limit = params.limit;
    if (typeof params.format === 'string') issue.format = params.format;
    if (keyword === 'type' && params.type !== undefined) issue.type = String(params.type);
    issues.push(issue);
  }
  return issues;
}
