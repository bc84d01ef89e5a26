import type { OutcomeValue, RecordOutcomeRequest } from './schemas.js';
import type { FieldIssue } from './validation-messages.js';
import type { EventType } from './webhook-events.js';

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

/** `meeting_at` in any RFC 3339 offset, as UTC with milliseconds. */
export function toUtc(value: string | null): string | null {
  if (value === null) return null;
  // RFC 3339 (and the contract's date-time format) allows a leap second, `:60`, which Date cannot hold and
  // parses as Invalid Date: read it as the next second, as PostgreSQL does.
  const leap = /^(.*[Tt ]\d{2}:\d{2}:)60(.*)$/.exec(value);
  if (leap) return new Date(new Date(`${leap[1]}59${leap[2]}`).getTime() + 1000).toISOString();
  return new Date(value).toISOString();
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

/** After merging, `value_minor` and `currency` must be both set or both `null`. */
export function mergedOutcomeIssues(merged: OutcomeState): FieldIssue[] {
  // Stored times span years 1-9999 and answers are RFC 3339 in UTC (four-digit year): a time outside that once
  // converted to UTC (e.g. `0000-01-01T00:00:00Z`, `9999-12-31T23:00:00-05:00`) is refused, not a 500.
  if (merged.meeting_at !== null && !/^(?!0000)\d{4}-/.test(merged.meeting_at)) {
    return [
      {
        path: ['meeting_at'],
        keyword: 'date_range',
      },
    ];
  }
  if (merged.value_minor !== null && merged.currency === null) {
    return [
      {
        path: ['currency'],
        keyword: 'required_with',
        with: 'value_minor',
      },
    ];
  }
  if (merged.currency !== null && merged.value_minor === null) {
    return [
      {
        path: ['value_minor'],
        keyword: 'required_with',
        with: 'currency',
      },
    ];
  }
  return [];
}

/**
 * The events one recorded outcome causes, in order: `prospect.outcome.updated` and `opportunity.updated`
 * always; `meeting.booked` when `meeting_at` was sent non-null and differs from before, or the outcome changed
 * to `Meeting booked` (once even if both); `opportunity.won` when the outcome changed to `Won`.
 *
 * @see openapi.yaml operationId `recordOutcome`
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
