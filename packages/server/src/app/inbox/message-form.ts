import { type FormBody, type FormResult, textOf } from '../shared/form-body.js';

/** The email form as the user filled it in. */
export interface MessageFormValues {
  subject: string;
  body: string;
}

/** Longest subject accepted, in characters (RFC 5322's line limit, less the header name). */
export const MAX_SUBJECT_LENGTH = 200;

/** Longest body accepted, in characters. */
export const MAX_BODY_LENGTH = 10_000;

/**
 * Checks an email form: a body of 1 to {@link MAX_BODY_LENGTH} characters and, when `subjectRequired` (a new
 * email rather than a reply in a thread), a subject of 1 to {@link MAX_SUBJECT_LENGTH} characters without
 * line breaks.
 *
 * @returns the trimmed subject (`undefined` when left out of a reply) and body, or one message per field
 * @example
 * parseMessageForm({ subject: 'Hello', body: 'Hi Ada' }, { subjectRequired: true });
 */
export function parseMessageForm(
  body: FormBody | undefined,
  options: { subjectRequired: boolean },
): FormResult<{ subject: string | undefined; body: string }, MessageFormValues> {
  const values = { subject: textOf(body, 'subject'), body: textOf(body, 'body') };
  const errors: Record<string, string> = {};
  const subject = values.subject.trim();
  if (subject === '' && options.subjectRequired) errors.subject = 'Enter a subject.';
  else if ([...subject].length > MAX_SUBJECT_LENGTH)
    errors.subject = `The subject must be at most ${MAX_SUBJECT_LENGTH} characters.`;
  else if (/[\r\n]/.test(subject)) errors.subject = 'The subject must be one line.';
  const text = values.body.replace(/\r\n/g, '\n').trim();
  if (text === '') errors.body = 'Write the message.';
  else if ([...text].length > MAX_BODY_LENGTH)
    errors.body = `The message must be at most ${MAX_BODY_LENGTH} characters.`;
  if (Object.keys(errors).length > 0) return { ok: false, errors, values };
  return { ok: true, values, value: { subject: subject === '' ? undefined : subject, body: text } };
}
