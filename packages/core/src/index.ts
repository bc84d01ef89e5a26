export { allowHeader } from './allow-header.js';
export { bearerToken } from './bearer-token.js';
export { type BuiltEvent, buildEvent } from './event-envelope.js';
export { ID_PREFIXES, type IdKind, isId, newId } from './ids.js';
export {
  EMPTY_OUTCOME,
  mergedOutcomeIssues,
  mergeOutcome,
  type OutcomeState,
  outcomeEventTypes,
  toUtc,
} from './outcome-rules.js';
export {
  DEFAULT_PAGE,
  DEFAULT_PER_PAGE,
  MAX_PER_PAGE,
  type PageOptions,
  pageEnvelope,
  pageOffset,
} from './pagination.js';
export { type NormalizedProspectInput, normalizeProspectInput } from './prospect-input.js';
export { QUERY_INTEGER, strictQueryIntegers } from './strict-query-integers.js';
export { nulIssues, toStoredText } from './text-input.js';
export * from './types.js';
export {
  type FieldIssue,
  fieldMessage,
  toValidationBody,
  type ValidationBody,
} from './validation-messages.js';
