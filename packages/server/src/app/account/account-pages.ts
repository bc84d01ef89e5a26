import { MAX_PASSWORD_LENGTH } from '../../people/member-error.js';
import type { PasskeyRecord } from '../../store/passkeys.js';
import type { Person } from '../../store/people.js';
import type { PersonSession } from '../../store/settings-sessions.js';
import { errorSummary, type FieldErrors, inputField } from '../shared/form-fields.js';
import { timeTag } from '../shared/format.js';
import { html, SafeHtml } from '../shared/html.js';
import { csrfField } from '../shared/layout.js';
import type { Page } from '../shared/render.js';
import { passkeyScripts } from '../shared/vendor-assets.js';

/** One membership on the account page, with its notification setting. */
export interface AccountMembership {
  memberId: string;
  workspaceId: string;
  workspaceName: string;
  role: string;
  notifyAssigned: boolean;
}

/** A short description of a browser from its `User-Agent`: enough to tell one's own devices apart. */
export function describeAgent(agent: string | null): string {
  if (!agent) return 'Unknown device';
  const browser = /Edg\//.test(agent)
    ? 'Edge'
    : /Firefox\//.test(agent)
      ? 'Firefox'
      : /Chrome\//.test(agent)
        ? 'Chrome'
        : /Safari\//.test(agent)
          ? 'Safari'
          : agent.split(/[ /]/)[0] || 'Browser';
  const os = /Windows/.test(agent)
    ? 'Windows'
    : /Android/.test(agent)
      ? 'Android'
      : /iPhone|iPad/.test(agent)
        ? 'iOS'
        : /Mac OS X/.test(agent)
          ? 'macOS'
          : /Linux/.test(agent)
            ? 'Linux'
            : '';
  return os ? `${browser} on ${os}` : browser;
}

/**
 * The account page of the signed-in person: their name and address, password, sessions (each can be ended),
 * two-step sign-in (authenticator app and recovery codes), passkeys, and per-workspace notification settings.
 */
export function accountPage(input: {
  csrf: string;
  person: Person;
  currentHandle: string | undefined;
  sessions: readonly PersonSession[];
  passkeys: readonly PasskeyRecord[];
  recoveryCodesLeft: number;
  memberships: readonly AccountMembership[];
  errors?: FieldErrors;
}): Page {
  const { person } = input;
  const errors = input.errors ?? {};
  const sessionRows = input.sessions.map(
    (s) => html`<tr>
  <td data-label="Device">${describeAgent(s.user_agent)}${s.handle === input.currentHandle ? html` <span class="status ok">This session</span>` : ''}</td>
  <td data-label="Address"><code>${s.ip ?? '—'}</code></td>
  <td data-label="Signed in">${timeTag(s.created_at)}</td>
  <td data-label="Last seen">${timeTag(s.last_seen_at)}</td>
  <td data-label="Actions">${
    s.handle === input.currentHandle
      ? ''
      : html`<form method="post" action="/account/sessions/end" class="inline">${csrfField(input.csrf)}<input type="hidden" name="handle" value="${s.handle}"><button type="submit" class="link">End<span class="sr-only"> this session</span></button></form>`
  }</td>
</tr>`,
  );
  const passkeyRows = input.passkeys.map(
    (k) => html`<li>${k.name} · added ${timeTag(k.created_at)} · last used ${timeTag(k.last_used_at, 'never')}
  <form method="post" action="/account/passkeys/${encodeURIComponent(k.id)}/delete" class="inline">${csrfField(input.csrf)}<button type="submit" class="link">Remove<span class="sr-only"> ${k.name}</span></button></form></li>`,
  );
  return {
    title: 'Your account',
    head: passkeyScripts(),
    body: html`${errorSummary(errors)}
<dl class="facts"><dt>Email address</dt><dd><code>${person.email}</code></dd></dl>
<form method="post" action="/account/name" class="stack">
  ${csrfField(input.csrf)}
  ${inputField({ name: 'name', label: 'Your name', value: person.name, maxlength: 200, autocomplete: 'name', required: true, error: errors.name, hint: 'Shown to your teammates, in the inbox and the audit log.' })}
  <div class="actions"><button type="submit" class="secondary">Save name</button></div>
</form>
<h2 id="password">Password</h2>
<form method="post" action="/account/password" class="stack" aria-labelledby="password">
  ${csrfField(input.csrf)}
  ${inputField({ name: 'current', label: 'Current password', type: 'password', value: '', autocomplete: 'current-password', required: true, error: errors.current })}
  ${inputField({ name: 'password', label: 'New password', type: 'password', value: '', autocomplete: 'new-password', required: true, maxlength: MAX_PASSWORD_LENGTH, hint: 'At least 15 characters. Your other sessions end when you change it.', error: errors.password })}
  <div class="actions"><button type="submit">Change password</button></div>
</form>
<h2 id="two-step">Two-step sign-in</h2>
${
  person.totp_enabled_at
    ? html`<p><span class="status ok">On</span> since ${timeTag(person.totp_enabled_at)}: signing in with your password also asks for a code from your authenticator app. ${input.recoveryCodesLeft} recovery ${input.recoveryCodesLeft === 1 ? 'code' : 'codes'} left.</p>
<form method="post" action="/account/two-factor/recovery-codes" class="stack">${csrfField(input.csrf)}
  ${inputField({ name: 'current', label: 'Password, to make new recovery codes', type: 'password', value: '', autocomplete: 'current-password', error: errors.recovery })}
  <div class="actions"><button type="submit" class="secondary">New recovery codes</button></div></form>
<form method="post" action="/account/two-factor/disable" class="stack">${csrfField(input.csrf)}
  ${inputField({ name: 'current', label: 'Password, to turn two-step sign-in off', type: 'password', value: '', autocomplete: 'current-password', error: errors.disable })}
  <div class="actions"><button type="submit" class="danger">Turn off two-step sign-in</button></div></form>`
    : html`<p>Off. Ask for a code from an authenticator app (such as 1Password, Google Authenticator or Aegis) after your password.</p>
<p><a class="button" href="/account/two-factor">Set up two-step sign-in</a></p>`
}
<h2 id="passkeys">Passkeys</h2>
<p>A passkey signs you in with your device's lock (fingerprint, face or PIN) instead of a password.</p>
${input.passkeys.length === 0 ? html`<p class="empty">No passkeys yet.</p>` : html`<ul class="passkeys">${passkeyRows}</ul>`}
<div data-passkey-register hidden>
  <input type="hidden" name="_csrf" value="${input.csrf}" data-passkey-csrf>
  <button type="button" class="secondary" data-passkey-add>Add a passkey</button>
  <p class="field-error" data-passkey-error role="alert" hidden></p>
</div>
<noscript><p class="hint">Adding a passkey needs JavaScript.</p></noscript>
<h2 id="notifications">Notifications</h2>
${
  input.memberships.length === 0
    ? html`<p class="empty">You are not a member of any workspace.</p>`
    : html`<form method="post" action="/account/notifications" class="stack">${csrfField(input.csrf)}
<fieldset><legend>Email me when a conversation is assigned to me, in</legend>
${input.memberships.map(
  (m) =>
    html`<div class="choice"><input type="checkbox" id="n-${m.memberId}" name="notify" value="${m.memberId}"${m.notifyAssigned ? html` checked` : ''}><label for="n-${m.memberId}">${m.workspaceName} <span class="hint">(${m.role})</span></label></div>`,
)}
</fieldset>
<div class="actions"><button type="submit" class="secondary">Save notifications</button></div></form>`
}
<h2 id="sessions">Sessions</h2>
<table class="stack"><caption>Where you are signed in</caption>
<thead><tr><th scope="col">Device</th><th scope="col">Address</th><th scope="col">Signed in</th><th scope="col">Last seen</th><th scope="col"><span class="sr-only">Actions</span></th></tr></thead>
<tbody>${sessionRows}</tbody></table>
${
  input.sessions.length > 1 &&
  html`<form method="post" action="/account/sessions/end-others" class="actions">${csrfField(input.csrf)}<button type="submit" class="secondary">Sign out everywhere else</button></form>`
}`,
  };
}

/** Setting up the authenticator app: the QR code (and the key to type), and the first code to confirm. */
export function totpSetupPage(input: {
  csrf: string;
  uri: string;
  qrSvg: string;
  secret: string;
  error?: string;
}): Page {
  const errors: FieldErrors = input.error ? { code: input.error } : {};
  return {
    title: 'Set up two-step sign-in',
    body: html`${errorSummary(errors)}
<ol class="steps">
<li>Scan this code with your authenticator app.<div class="qr">${new SafeHtml(input.qrSvg)}</div>
<p class="hint">Cannot scan? Enter this key by hand: <code class="secret">${input.secret.replace(/(.{4})/g, '$1 ').trim()}</code></p></li>
<li><form method="post" action="/account/two-factor" class="stack">${csrfField(input.csrf)}
${inputField({ name: 'code', label: 'Enter the 6-digit code the app shows', value: '', autocomplete: 'one-time-code', required: true, maxlength: 10, error: input.error })}
<div class="actions"><button type="submit">Turn on</button><a href="/account">Cancel</a></div></form></li>
</ol>`,
  };
}

/** The recovery codes, shown once after they are made. */
export function recoveryCodesPage(input: { codes: readonly string[] }): Page {
  return {
    title: 'Your recovery codes',
    body: html`<div class="warning" role="status"><p><strong>Save these codes now: they are shown once.</strong> Each one
signs you in once when your authenticator app is not at hand. Older codes no longer work.</p></div>
<ul class="recovery-codes">${input.codes.map((c) => html`<li><code>${c}</code></li>`)}</ul>
<p><a class="button" href="/account">I have saved them</a></p>`,
  };
}
