import { MAX_SECRET_ROLL_DELAY_MS } from '../../store/webhooks.js';
import { type FormBody, type FormResult, textOf } from '../shared/form-body.js';
import { utcMinute } from '../shared/format.js';

/** The roll form as the user filled it in. */
export interface RollSecretFormValues {
  /** `now` or `later`. */
  when: string;
  /** `YYYY-MM-DDTHH:MM` in UTC, used when `when` is `later`. */
  at: string;
}

/** A blank roll form: takes effect now; the time field offers 24 hours from now. */
export function blankRollSecretForm(now: Date): RollSecretFormValues {
  return { when: 'now', at: utcMinute(new Date(now.getTime() + MAX_SECRET_ROLL_DELAY_MS)) };
}

/**
 * Checks the roll form: the new secret takes effect now, or at a UTC time after now and at most 24 hours
 * away (so receivers can add it to their secret list first).
 *
 * @returns when the new secret takes effect (`now` itself for "now")
 */
export function parseRollSecretForm(
  body: FormBody | undefined,
  now: Date,
): FormResult<{ effectiveAt: Date }, RollSecretFormValues> {
  const values: RollSecretFormValues = { when: textOf(body, 'when'), at: textOf(body, 'at').trim() };
  if (values.when === 'now') return { ok: true, values, value: { effectiveAt: now } };
  if (values.when !== 'later') {
    return { ok: false, values, errors: { when: 'Choose when the new secret takes effect.' } };
  }
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2})?$/.exec(values.at);
  const at = match
    ? new Date(
        Date.UTC(
          Number(match[1]),
          Number(match[2]) - 1,
          Number(match[3]),
          Number(match[4]),
          Number(match[5]),
        ),
      )
    : undefined;
  if (!at || Number.isNaN(at.getTime()) || utcMinute(at) !== values.at.slice(0, 16)) {
    return {
      ok: false,
      values,
      errors: { at: 'Enter the time as YYYY-MM-DDTHH:MM in UTC, for example 2027-03-31T09:00.' },
    };
  }
  if (at.getTime() <= now.getTime()) {
    return { ok: false, values, errors: { at: 'Choose a time in the future, or choose "Now".' } };
  }
  if (at.getTime() - now.getTime() > MAX_SECRET_ROLL_DELAY_MS) {
    return {
      ok: false,
      values,
      errors: {
        at: `Choose a time at most 24 hours away: ${utcMinute(new Date(now.getTime() + MAX_SECRET_ROLL_DELAY_MS))} UTC or earlier.`,
      },
    };
  }
  return { ok: true, values, value: { effectiveAt: at } };
}
