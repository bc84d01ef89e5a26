import { MAX_PASSWORD_LENGTH } from '../../people/member-error.js';
import { errorSummary, type FieldErrors, inputField } from '../shared/form-fields.js';
import { html } from '../shared/html.js';
import { csrfField } from '../shared/layout.js';
import type { Page } from '../shared/render.js';

/** Choosing a password from an invitation (with one's name) or a reset link. */
export function choosePasswordPage(input: {
  csrf: string;
  action: string;
  purpose: 'invitation' | 'password_reset';
  email: string;
  workspaceName?: string | undefined;
  name?: string;
  errors?: FieldErrors;
}): Page {
  const errors = input.errors ?? {};
  const invitation = input.purpose === 'invitation';
  return {
    title: invitation ? 'Accept your invitation' : 'Choose a new password',
    body: html`${errorSummary(errors)}
<p class="lead">${
      invitation
        ? html`You are invited to <strong>${input.workspaceName ?? 'a workspace'}</strong> on ProspectKit. Choose your password to sign in as <code>${input.email}</code>.`
        : html`Choose a new password for <code>${input.email}</code>. Every session of yours ends.`
    }</p>
<form method="post" action="${input.action}" class="stack">
  ${csrfField(input.csrf)}
  <input type="text" name="username" value="${input.email}" autocomplete="username" hidden>
  ${invitation && inputField({ name: 'name', label: 'Your name', value: input.name ?? '', autocomplete: 'name', required: true, maxlength: 200, error: errors.name })}
  ${inputField({ name: 'password', label: 'Password', type: 'password', value: '', autocomplete: 'new-password', required: true, maxlength: MAX_PASSWORD_LENGTH, hint: 'At least 15 characters; a few random words are easy to type and hard to guess.', error: errors.password })}
  <div class="actions"><button type="submit">${invitation ? 'Accept and set password' : 'Set password'}</button></div>
</form>`,
  };
}

/** Asking for a password-reset link. */
export function requestResetPage(input: { csrf: string; notice?: string; email?: string }): Page {
  return {
    title: 'Reset your password',
    body: html`${input.notice && html`<div class="notice" role="status">${input.notice}</div>`}
<p class="lead">Enter the address you sign in with. If it has an account, a link to choose a new password is emailed to it.</p>
<form method="post" action="/password-reset" class="stack">
  ${csrfField(input.csrf)}
  ${inputField({ name: 'email', label: 'Email address', type: 'email', value: input.email ?? '', autocomplete: 'username', required: true, maxlength: 254 })}
  <div class="actions"><button type="submit">Send a reset link</button><a href="/sign-in">Back to sign-in</a></div>
</form>`,
  };
}
