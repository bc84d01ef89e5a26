import type { EventType, OutcomeValue, RecordOutcomeRequest } from './types.js';
import type { FieldIssue } from './validation-messages.js';

/** A prospect's outcome state: every field `null` where unset. */
export interface OutcomeState {
  outcome: OutcomeValue | null;
  /** RFC 3339 UTC with milliseconds, or `null`. */
  meeting_at: string | null;
  /** Minor units of `currency`, or `null`. */
  value_minor: number | null;
  currency: string | null;
}

export const EMPTY_OUTCOME: OutcomeState = {
  outcome: null,
  meeting_at: null,
  value_minor: null,
  currency: null,
};

const UTC_WITH_MS = /^(?!0000)\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/**
 * `meeting_at` in any RFC 3339 offset, as UTC with milliseconds. A valid RFC 3339 value that has no such form (a
 * leap second, `23:59:60`, or a year outside 0001-9999 once in UTC) is returned as sent, for
 * {@link mergedOutcomeIssues} to refuse: neither JavaScript nor PostgreSQL can hold it.
 */
export function toUtc(value: string | null): string | null {
  if (value === null) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const utc = date.toISOString();
  return UTC_WITH_MS.test(utc) ? utc : value;
}

/**
 * Merges a recorded outcome into the previous state: fields sent replace, fields not sent keep their value.
 *
 * @see openapi.yaml operationId `recordOutcome`
 */
export function mergeOutcome(previous: OutcomeState | null, input: RecordOutcomeRequest): OutcomeState {
  const base = previous ?? EMPTY_OUTCOME;
  return {
    outcome: input.outcome !== undefined ? input.outcome : base.outcome,
    meeting_at: input.meeting_at !== undefined ? toUtc(input.meeting_at) : base.meeting_at,
    value_minor: input.value_minor !== undefined ? input.value_minor : base.value_minor,
    currency: input.currency !== undefined ? input.currency : base.currency,
  };
}

/**
 * The rules of the merged state: `meeting_at` is an instant that can be stored (see {@link toUtc}), and
 * `value_minor` and `currency` are both set or both `null`.
 */
export function mergedOutcomeIssues(merged: OutcomeState): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (merged.meeting_at !== null && !UTC_WITH_MS.test(merged.meeting_at)) {
    issues.push({
      path: ['meeting_at'],
      keyword: 'instant',
      message:
        'The meeting_at field must be a date-time from the year 0001 to 9999 in UTC, without a leap second.',
    });
  }
  if (merged.value_minor !== null && merged.currency === null) {
    issues.push({
      path: ['currency'],
      keyword: 'required_with',
      message: 'The currency field is required when value_minor is set.',
    });
  }
  if (merged.currency !== null && merged.value_minor === null) {
    issues.push({
      path: ['value_minor'],
      keyword: 'required_with',
      message: 'The value_minor field is required when currency is set.',
    });
  }
  return issues;
}

/**
 * The events one recorded outcome causes, in order: `prospect.outcome.updated` and `opportunity.updated`
 * always; `meeting.booked` when `meeting_at` was sent non-null and differs from before, or the outcome changed
 * to `Meeting booked` (once even if both); `opportunity.won` when the outcome changed to `Won`.
 *
 * @see openapi.yaml operationId `recordOutcome`; service spec section 3
 */
export function outcomeEventTypes(
  previous: OutcomeState | null,
  input: RecordOutcomeRequest,
  merged: OutcomeState,
): EventType[] {
  const before = previous ?? EMPTY_OUTCOME;
  const types: EventType[] = ['prospect.outcome.updated', 'opportunity.updated'];
  const meetingMoved =
    input.meeting_at !== undefined &&
    input.meeting_at !== null &&
    toUtc(input.meeting_at) !== before.meeting_at;
  const becameBooked = merged.outcome === 'Meeting booked' && before.outcome !== 'Meeting booked';
  if (meetingMoved || becameBooked) types.push('meeting.booked');
  if (merged.outcome === 'Won' && before.outcome !== 'Won') types.push('opportunity.won');
  return types;
}
