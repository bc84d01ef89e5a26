import { html, type SafeHtml } from './html.js';

/** One message per failing field, keyed by the field's `name`. */
export type FieldErrors = Record<string, string>;

/** The id of a field's input (or fieldset), which error summaries link to. */
export const fieldId = (name: string) => `f-${name}`;

/**
 * The list of a form's problems at the top of the page, each linking to its field; focused on load (by the
 * page script) so keyboard and screen-reader users land on it.
 */
export function errorSummary(errors: FieldErrors): SafeHtml {
  const entries = Object.entries(errors);
  if (entries.length === 0) return html``;
  return html`<div class="error-summary" id="error-summary" role="alert" tabindex="-1">
  <h2>There is a problem</h2>
  <ul>${entries.map(([name, message]) => html`<li><a href="#${fieldId(name)}">${message}</a></li>`)}</ul>
</div>`;
}

function described(name: string, hint: string | undefined, error: string | undefined): SafeHtml {
  const ids = [hint ? `${fieldId(name)}-hint` : '', error ? `${fieldId(name)}-error` : ''].filter(Boolean);
  return ids.length ? html` aria-describedby="${ids.join(' ')}"` : html``;
}

function hintAndError(name: string, hint: string | undefined, error: string | undefined): SafeHtml {
  return html`${hint && html`<span class="hint" id="${fieldId(name)}-hint">${hint}</span>`}${
    error && html`<span class="field-error" id="${fieldId(name)}-error">${error}</span>`
  }`;
}

/** A labelled text-like input with its hint and error, keeping the value the user typed. */
export function inputField(field: {
  name: string;
  label: string;
  value: string;
  type?: 'text' | 'email' | 'password' | 'url' | 'date' | 'datetime-local';
  hint?: string;
  error?: string | undefined;
  autocomplete?: string;
  required?: boolean;
  min?: string;
  max?: string;
  maxlength?: number;
}): SafeHtml {
  const id = fieldId(field.name);
  return html`<div class="field">
  <label for="${id}">${field.label}</label>
  ${hintAndError(field.name, field.hint, field.error)}
  <input id="${id}" name="${field.name}" type="${field.type ?? 'text'}" value="${field.value}"${
    field.autocomplete ? html` autocomplete="${field.autocomplete}"` : ''
  }${field.required ? html` required` : ''}${field.min ? html` min="${field.min}"` : ''}${
    field.max ? html` max="${field.max}"` : ''
  }${field.maxlength ? html` maxlength="${field.maxlength}"` : ''}${
    field.error ? html` aria-invalid="true"` : ''
  }${described(field.name, field.hint, field.error)}>
</div>`;
}

/** A fieldset of checkboxes (or radios) with a legend, keeping what the user ticked. */
export function choiceField(field: {
  name: string;
  legend: string;
  type?: 'checkbox' | 'radio';
  options: ReadonlyArray<{ value: string; label: SafeHtml | string; hint?: string }>;
  checked: readonly string[];
  hint?: string;
  error?: string | undefined;
  /** More controls inside the fieldset, after the choices (e.g. the time of a "later" choice). */
  extra?: SafeHtml;
}): SafeHtml {
  const type = field.type ?? 'checkbox';
  return html`<fieldset id="${fieldId(field.name)}"${field.error ? html` aria-invalid="true"` : ''}${described(
    field.name,
    field.hint,
    field.error,
  )}>
  <legend>${field.legend}</legend>
  ${hintAndError(field.name, field.hint, field.error)}
  ${field.options.map((option, i) => {
    const id = `${fieldId(field.name)}-${i}`;
    return html`<div class="choice"><input type="${type}" id="${id}" name="${field.name}" value="${option.value}"${
      field.checked.includes(option.value) ? html` checked` : ''
    }><label for="${id}">${option.label}${option.hint && html` <span class="hint">${option.hint}</span>`}</label></div>`;
  })}
  ${field.extra}
</fieldset>`;
}
