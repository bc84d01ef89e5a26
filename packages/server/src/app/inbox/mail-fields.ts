import { type FieldErrors, fieldId, inputField } from '../shared/form-fields.js';
import { html, type SafeHtml } from '../shared/html.js';
import { MAX_BODY_LENGTH, MAX_SUBJECT_LENGTH, type MessageFormValues } from './message-form.js';

/** A labelled multi-line text box with its error, keeping what the user typed. */
function textareaField(field: { name: string; label: string; value: string; error?: string | undefined }) {
  const id = fieldId(field.name);
  return html`<div class="field">
  <label for="${id}">${field.label}</label>
  ${field.error && html`<span class="field-error" id="${id}-error">${field.error}</span>`}
  <textarea id="${id}" name="${field.name}" rows="8" maxlength="${MAX_BODY_LENGTH}"${
    field.error ? html` aria-invalid="true" aria-describedby="${id}-error"` : ''
  }>${field.value}</textarea>
</div>`;
}

/** The subject (optional in a reply) and message fields of an email form. */
export function messageFields(input: {
  values: MessageFormValues;
  errors: FieldErrors;
  subjectHint?: string;
}): SafeHtml {
  return html`${inputField({
    name: 'subject',
    label: 'Subject',
    value: input.values.subject,
    error: input.errors.subject,
    maxlength: MAX_SUBJECT_LENGTH,
    autocomplete: 'off',
    ...(input.subjectHint ? { hint: input.subjectHint } : {}),
  })}
${textareaField({ name: 'body', label: 'Message', value: input.values.body, error: input.errors.body })}`;
}

/** What the relay said about an outgoing message, for people. */
export function sendStatusText(status: string | null, error: string | null): SafeHtml {
  if (status === 'sent') return html`<span class="status ok">Sent</span>`;
  if (status === 'not_sent_no_relay')
    return html`<span class="status wait">Not sent: no relay configured</span>`;
  if (status === 'failed')
    return html`<span class="status bad">Not sent: ${error ?? 'the relay failed'}</span>`;
  return html``;
}
