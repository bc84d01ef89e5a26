import { errorSummary, type FieldErrors, inputField } from '../shared/form-fields.js';
import { html } from '../shared/html.js';
import { csrfField } from '../shared/layout.js';
import type { Page } from '../shared/render.js';
import { passkeyScripts } from '../shared/vendor-assets.js';

/**
 * The sign-in page: email and password (a plain form, works without JavaScript), and "Sign in with a passkey"
 * (shown by the page script only where the browser has WebAuthn). Never echoes the password.
 */
export function signInPage(input: { csrf: string; email?: string; error?: string; notice?: string }): Page {
  const errors: FieldErrors = input.error ? { email: input.error } : {};
  return {
    title: 'Sign in',
    head: passkeyScripts(),
    body: html`${input.notice && html`<div class="notice" role="status">${input.notice}</div>`}${errorSummary(errors)}
<form method="post" action="/sign-in" class="stack" id="sign-in-form">
  ${csrfField(input.csrf)}
  ${inputField({ name: 'email', label: 'Email address', type: 'email', value: input.email ?? '', autocomplete: 'username webauthn', required: true, maxlength: 254, error: input.error })}
  ${inputField({ name: 'password', label: 'Password', type: 'password', value: '', autocomplete: 'current-password', required: true })}
  <div class="actions"><button type="submit">Sign in</button>
  <a href="/password-reset">Forgot your password?</a></div>
</form>
<div class="passkey-sign-in" data-passkey-sign-in hidden>
  <p>Or, on a device with your passkey:</p>
  <button type="button" class="secondary" data-passkey-button>Sign in with a passkey</button>
  <p class="field-error" data-passkey-error role="alert" hidden></p>
</div>`,
  };
}

/** The second step for a person with an authenticator app: its 6-digit code, or one of their recovery codes. */
export function secondFactorPage(input: { csrf: string; error?: string }): Page {
  const errors: FieldErrors = input.error ? { code: input.error } : {};
  return {
    title: 'Two-step sign-in',
    body: html`${errorSummary(errors)}
<p class="lead">Enter the 6-digit code your authenticator app shows for ProspectKit.</p>
<form method="post" action="/sign-in/second-factor" class="stack">
  ${csrfField(input.csrf)}
  ${inputField({ name: 'code', label: 'Code', value: '', autocomplete: 'one-time-code', required: true, maxlength: 20, hint: 'No app at hand? Enter one of your recovery codes instead (each works once).', error: input.error })}
  <div class="actions"><button type="submit">Continue</button><a href="/sign-in">Start again</a></div>
</form>`,
  };
}
