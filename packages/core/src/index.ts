export { ABILITIES, type Ability } from './abilities.js';
export { ajvFieldIssues } from './ajv-field-issues.js';
export { allowHeader } from './allow-header.js';
export { API_VERSION, API_VERSION_HEADER } from './api-version.js';
export { bearerToken } from './bearer-token.js';
export { type Clock, systemClock } from './clock.js';
export { composeContactName, joinNameParts, type StoredContactName } from './contact-name.js';
export {
  allowedMethods,
  CONTRACT_OPERATIONS,
  type ContractOperation,
  findOperation,
  matchOperation,
  type OperationId,
  type OperationMatch,
} from './contract-operations.js';
export { COUNTRY_CODES, isCountryCode } from './country-codes.js';
export {
  CUSTOM_FIELD_FILTER_PARAMS,
  type CustomFieldFilter,
  type CustomFieldFilterOp,
  matchesCustomFieldFilter,
  type ResolvedCustomFieldFilter,
  readCustomFieldFilters,
  resolveCustomFieldFilters,
} from './custom-field-filters.js';
export {
  CUSTOM_FIELD_KEY,
  CUSTOM_FIELD_LIMIT,
  CUSTOM_FIELD_OPTION_LIMIT,
  CUSTOM_FIELD_TYPES,
  type CustomFieldDefinition,
  type CustomFieldType,
  type CustomFieldValue,
  normalizeCustomFields,
} from './custom-fields.js';
export {
  createDeprecationNotices,
  type Deprecatable,
  type DeprecationHeaders,
  deprecationHeaders,
  type SentParameters,
} from './deprecation-notices.js';
export { type BuiltEvent, buildEvent } from './event-envelope.js';
export { foldForSearch } from './fold-for-search.js';
export { contract, contractYaml } from './generated/contract.js';
export type { components, operations, paths, webhooks } from './generated/openapi.js';
export { ID_PREFIXES, type IdKind, isId, newId } from './ids.js';
export {
  decodeListCursor,
  encodeListCursor,
  type ListCursor,
  PROSPECT_SORTS,
  type ProspectSort,
  sortsByTime,
} from './list-cursor.js';
export { cutListPage, type ListPage } from './list-page.js';
export {
  type CheckName,
  type CheckStep,
  type CheckSteps,
  ORDER_OF_CHECKS,
  runChecks,
} from './order-of-checks.js';
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
export {
  isWebsite,
  type NormalizedProspectInput,
  normalizeProspectInput,
  OPTIONAL_PROSPECT_TEXT,
  PROSPECT_INPUT_FIELDS,
  type ProspectInputField,
} from './prospect-input.js';
export {
  COUNT_CAP,
  type CountMode,
  hasFilters,
  listTotal,
  type ProspectFilters,
  type ProspectListRequest,
  readProspectListQuery,
} from './prospect-list-query.js';
export {
  lowerLikePostgres,
  type ProspectSearch,
  parseProspectSearch,
  searchWords,
} from './prospect-search.js';
export { type QueryObject, type ValidationResult, validateRequest } from './request-validators.js';
export type {
  ErrorResponse,
  ListProspectsQuery,
  OutcomeResult,
  OutcomeValue,
  PaginationLinks,
  PaginationMeta,
  Prospect,
  ProspectCreate,
  ProspectList,
  ProspectUpdate,
  RecordOutcomeRequest,
  ValidationError,
} from './schemas.js';
export {
  prospectContractIssues,
  repairStoredProspect,
  type StoredFieldRepair,
} from './stored-prospect.js';
export { QUERY_INTEGER, strictQueryIntegers } from './strict-query-integers.js';
export { nulIssues, toStoredText } from './text-input.js';
export {
  type FieldIssue,
  fieldMessage,
  toValidationBody,
  type ValidationBody,
} from './validation-messages.js';
export {
  type ConversationAssignedEvent,
  EVENT_TYPES,
  type EventType,
  type InboxReplyReceivedEvent,
  type MeetingBookedEvent,
  type OpportunityUpdatedEvent,
  type OpportunityWonEvent,
  type ProspectCreatedEvent,
  type ProspectOutcomeUpdatedEvent,
  type WebhookEvent,
  type WebhookEventOf,
  type WebhookEventType,
} from './webhook-events.js';
