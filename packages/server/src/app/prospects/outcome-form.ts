import type { OutcomeState, RecordOutcomeRequest } from '@prospectkit/core';
import { type FormBody, type FormResult, textOf } from '../shared/form-body.js';
import type { FieldErrors } from '../shared/form-fields.js';
import { utcMinute } from '../shared/format.js';
import { majorToMinor, minorToMajor } from '../shared/money.js';

/** The Record outcome form as the user filled it in. */
export interface OutcomeFormValues {
  /** An outcome of the contract's list, or `''` for no change. */
  outcome: string;
  /** `YYYY-MM-DDTHH:MM` in UTC, or `''` for none. */
  meeting_at: string;
  /** In the currency's main unit, e.g. `12500.00`. */
  value: string;
  currency: string;
}

/** The form filled with the prospect's current outcome, which it shows and changes. */
export function outcomeFormValues(current: OutcomeState | null): OutcomeFormValues {
  return {
    outcome: current?.outcome ?? '',
    meeting_at: current?.meeting_at ? utcMinute(new Date(current.meeting_at)) : '',
    value: current?.value_minor != null ? minorToMajor(current.value_minor, current.currency) : '',
    currency: current?.currency ?? '',
  };
}

const MINUTE = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2})?$/;

/**
 * The `recordOutcome` body the form stands for. The form shows the current outcome; a chosen outcome is always
 * sent (recording it again is a call of its own), and the meeting time and the value with its currency are
 * sent only when changed from what the form showed, so an untouched field keeps its value exactly as the
 * API's merge keeps a field not sent. An emptied field is sent as `null` (cleared). The meeting time is read
 * in UTC; the value in the currency's main unit becomes `value_minor`.
 *
 * @param current the prospect's outcome now, which the form was filled with
 * @returns the body (possibly `{}`, which the contract's `minProperties` refuses), or the form's own problems
 * @see openapi.yaml operationId `recordOutcome`, `RecordOutcomeRequest`
 */
export function parseOutcomeForm(
  body: FormBody | undefined,
  current: OutcomeState | null,
): FormResult<RecordOutcomeRequest, OutcomeFormValues> {
  const values: OutcomeFormValues = {
    outcome: textOf(body, 'outcome'),
    meeting_at: textOf(body, 'meeting_at').trim(),
    value: textOf(body, 'value').trim(),
    currency: textOf(body, 'currency').trim().toUpperCase(),
  };
  const shown = outcomeFormValues(current);
  const errors: FieldErrors = {};
  const request: Record<string, unknown> = {};
  if (values.outcome !== '') request.outcome = values.outcome;
  if (values.meeting_at !== shown.meeting_at) {
    const match = MINUTE.exec(values.meeting_at);
    if (values.meeting_at === '') request.meeting_at = null;
    else if (match) request.meeting_at = `${match[1]}T${match[2]}${match[3] ?? ':00'}Z`;
    else errors.meeting_at = 'Enter the meeting time as YYYY-MM-DD HH:MM, in UTC.';
  }
  if (values.value !== shown.value || values.currency !== shown.currency) {
    const currency = values.currency === '' ? null : values.currency;
    request.currency = currency;
    if (values.value === '') request.value_minor = null;
    else {
      const minor = majorToMinor(values.value, currency);
      if (typeof minor === 'number') request.value_minor = minor;
      else errors.value = minor.problem;
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors, values };
  return { ok: true, value: request as RecordOutcomeRequest, values };
}

/**
 * The label of a field of the API's outcome body, as the Record outcome page shows it, for its error messages.
 *
 * @param path the API's field path (`outcome`, `meeting_at`, `value_minor`, `currency`)
 * @returns the label, or `undefined` for a path the form has no field for
 */
export function outcomeFieldLabel(path: string): string | undefined {
  return OUTCOME_FIELD_LABELS[path];
}

const OUTCOME_FIELD_LABELS: Record<string, string> = {
  outcome: 'Outcome',
  meeting_at: 'Meeting time',
  value_minor: 'Opportunity value',
  currency: 'Currency',
};
