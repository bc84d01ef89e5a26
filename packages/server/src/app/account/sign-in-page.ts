import { errorSummary, type FieldErrors, inputField } from '../shared/form-fields.js';
import { html } from '../shared/html.js';
import { csrfField } from '../shared/layout.js';
import type { Page } from '../shared/render.js';
import type { AdminPasswordSource } from './admin-password.js';

/** The sign-in page; never echoes the password. */
export function signInPage(input: {
  csrf: string;
  source: AdminPasswordSource;
  error?: string;
  notice?: string;
}): Page {
  if (input.source === 'none') {
    return {
      title: 'Sign in',
      body: html`<div class="warning" role="alert"><p><strong>Sign-in is not set up.</strong> Set the
<code>PROSPECTKIT_ADMIN_PASSWORD</code> environment variable to the administrator password and restart the
server.</p></div>`,
    };
  }
  const errors: FieldErrors = input.error ? { password: input.error } : {};
  return {
    title: 'Sign in',
    body: html`${input.notice && html`<div class="notice" role="status">${input.notice}</div>`}${errorSummary(errors)}
<p class="lead">Workspace settings and Automation &amp; API: API tokens and webhooks.</p>
<form method="post" action="/sign-in" class="stack">
  ${csrfField(input.csrf)}
  ${inputField({
    name: 'password',
    label: 'Administrator password',
    type: 'password',
    value: '',
    autocomplete: 'current-password',
    required: true,
    hint:
      input.source === 'environment'
        ? 'The value of PROSPECTKIT_ADMIN_PASSWORD.'
        : 'Printed once by the server on its first start. Set PROSPECTKIT_ADMIN_PASSWORD to use a password of your own.',
    error: input.error,
  })}
  <div class="actions"><button type="submit">Sign in</button></div>
</form>`,
  };
}
