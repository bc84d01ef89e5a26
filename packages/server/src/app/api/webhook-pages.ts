import { EVENT_TYPES } from '@prospectkit/core';
import type { DeliveryRecord } from '../../store/deliveries.js';
import type { WebhookStanding } from '../../store/webhook-health.js';
import {
  activeSigningSecret,
  MAX_SECRET_ROLL_DELAY_MS,
  type WebhookRecord,
  type WebhookSigningSecrets,
} from '../../store/webhooks.js';
import { choiceField, errorSummary, type FieldErrors, inputField } from '../shared/form-fields.js';
import { timeTag, utcMinute } from '../shared/format.js';
import { html, type SafeHtml } from '../shared/html.js';
import { csrfField, settingsUrl, webhookUrl } from '../shared/layout.js';
import type { Page } from '../shared/render.js';
import { deliveriesTable } from './delivery-pages.js';
import type { RollSecretFormValues } from './roll-secret-form.js';
import { copyField } from './token-pages.js';
import type { WebhookFormValues } from './webhook-form.js';
import { standingBadge } from './webhook-health-page.js';

const statusOf = (w: WebhookRecord) =>
  w.revoked_at ? html`<span class="status bad">revoked</span>` : html`<span class="status ok">active</span>`;

const eventList = (events: readonly string[]) =>
  events.map((e, i) => html`${i > 0 ? ', ' : ''}<code>${e}</code>`);

/** The workspace's webhooks, those failing or disabled flagged (see `standingBadge`). */
export function webhooksPage(input: {
  workspaceId: string;
  webhooks: readonly WebhookRecord[];
  standings?: ReadonlyMap<string, WebhookStanding>;
}): Page {
  return {
    title: 'Webhooks',
    section: 'webhooks',
    body: html`<p class="lead">Webhooks send signed JSON events to an https address when prospects and outcomes change.</p>
<p><a class="button" href="${settingsUrl(input.workspaceId, '/webhooks/new')}">Add webhook</a></p>
${
  input.webhooks.length === 0
    ? html`<p>No webhooks yet.</p>`
    : html`<table class="stack"><caption>Webhooks of this workspace</caption>
<thead><tr><th scope="col">Address</th><th scope="col">Events</th><th scope="col">Created</th><th scope="col">Status</th></tr></thead>
<tbody>${input.webhooks.map(
        (w) => html`<tr>
  <td data-label="Address" class="wrap"><a href="${webhookUrl(input.workspaceId, w.id)}">${w.url}</a><div class="hint"><code>${w.id}</code></div></td>
  <td data-label="Events">${eventList(w.events)}</td>
  <td data-label="Created">${timeTag(w.created_at)}</td>
  <td data-label="Status">${statusOf(w)}${!w.revoked_at && standingBadge(input.standings?.get(w.id))}
    <div class="hint"><a href="${webhookUrl(input.workspaceId, w.id, '/health')}">Delivery health</a></div></td>
</tr>`,
      )}</tbody></table>`
}`,
  };
}

/** The add-webhook form, keeping what the user entered. */
export function newWebhookPage(input: {
  csrf: string;
  workspaceId: string;
  values: WebhookFormValues;
  errors?: FieldErrors;
  allowInsecure: boolean;
}): Page {
  const errors = input.errors ?? {};
  return {
    title: 'Add a webhook',
    section: 'webhooks',
    body: html`${errorSummary(errors)}
<form method="post" action="${settingsUrl(input.workspaceId, '/webhooks')}" class="stack" novalidate>
  ${csrfField(input.csrf)}
  ${inputField({
    name: 'url',
    label: 'Address',
    type: 'url',
    value: input.values.url,
    hint: input.allowInsecure
      ? 'https on port 443, no query string. This server also allows http and any port on loopback (development only).'
      : 'https on port 443, with no query string, e.g. https://hooks.example.com/prospectkit. Redirects are not followed.',
    error: errors.url,
    autocomplete: 'off',
    required: true,
  })}
  ${choiceField({
    name: 'events',
    legend: 'Events',
    hint: 'The webhook receives only the events you tick.',
    options: EVENT_TYPES.map((e) => ({ value: e, label: html`<code>${e}</code>` })),
    checked: input.values.events,
    error: errors.events,
  })}
  <div class="actions"><button type="submit">Add webhook</button>
  <a href="${settingsUrl(input.workspaceId, '/webhooks')}">Cancel</a></div>
</form>`,
  };
}

function secretSection(input: {
  csrf: string;
  workspaceId: string;
  webhook: WebhookRecord;
  secrets?: WebhookSigningSecrets | undefined;
  now: Date;
}): SafeHtml {
  const { webhook, secrets, now } = input;
  if (!secrets) {
    return html`<p>Receivers check each event's <code>Service-Signature</code> with this secret.</p>
<form method="post" action="${webhookUrl(input.workspaceId, webhook.id, '/secret')}">${csrfField(input.csrf)}
<button type="submit" class="secondary">Reveal signing secret</button></form>`;
  }
  const pending =
    secrets.next_secret !== null && secrets.next_secret_at !== null && secrets.next_secret_at > now;
  if (!pending) {
    return copyField('secret-current', 'Signing secret', activeSigningSecret(secrets, now));
  }
  return html`${copyField('secret-current', 'Current signing secret', secrets.secret)}
<p class="hint">Signs every event until ${timeTag(secrets.next_secret_at)}.</p>
${copyField('secret-next', 'Next signing secret', secrets.next_secret as string)}
<p class="hint">Signs every event from ${timeTag(secrets.next_secret_at)}. Add it to your receiver's secret list now.</p>`;
}

function rollForm(input: {
  csrf: string;
  workspaceId: string;
  webhook: WebhookRecord;
  roll: RollSecretFormValues;
  errors: FieldErrors;
  now: Date;
}): SafeHtml {
  return html`<form method="post" action="${webhookUrl(input.workspaceId, input.webhook.id, '/roll')}" class="stack" novalidate>
  ${csrfField(input.csrf)}
  ${choiceField({
    name: 'when',
    type: 'radio',
    legend: 'The new secret takes effect',
    hint: 'Choose a later time to add the new secret to your receiver first; until then events are signed with the current one.',
    options: [
      { value: 'now', label: 'Now' },
      { value: 'later', label: 'At the time below (at most 24 hours from now)' },
    ],
    checked: [input.roll.when],
    error: input.errors.when,
    extra: html`<div class="nested">${inputField({
      name: 'at',
      label: 'Time (UTC)',
      type: 'datetime-local',
      value: input.roll.at,
      min: utcMinute(input.now),
      max: utcMinute(new Date(input.now.getTime() + MAX_SECRET_ROLL_DELAY_MS)),
      hint: `Now is ${utcMinute(input.now).replace('T', ' ')} UTC.`,
      error: input.errors.at,
    })}</div>`,
  })}
  <div class="actions"><button type="submit" class="secondary">Roll signing secret</button></div>
</form>`;
}

/** A webhook: its facts, signing secret (revealed on request), secret roll, revoke and its deliveries. */
export function webhookPage(input: {
  csrf: string;
  workspaceId: string;
  webhook: WebhookRecord;
  secrets?: WebhookSigningSecrets | undefined;
  roll: RollSecretFormValues;
  errors?: FieldErrors;
  deliveries: readonly DeliveryRecord[];
  moreDeliveries: boolean;
  /** Set on an older page of deliveries (the `before` cursor), which then links back to the newest. */
  olderPage?: boolean;
  /** How its deliveries stand (failing, disabled), flagged beside its status. */
  standing?: WebhookStanding | undefined;
  now: Date;
}): Page {
  const { webhook } = input;
  const errors = input.errors ?? {};
  const active = !webhook.revoked_at;
  const lastDelivery = input.deliveries.at(-1);
  return {
    title: 'Webhook',
    section: 'webhooks',
    body: html`${errorSummary(errors)}
<dl class="facts">
  <dt>Address</dt><dd>${webhook.url}</dd>
  <dt>Events</dt><dd>${eventList(webhook.events)}</dd>
  <dt>Webhook id</dt><dd><code>${webhook.id}</code></dd>
  <dt>Created</dt><dd>${timeTag(webhook.created_at)}</dd>
  <dt>Status</dt><dd>${statusOf(webhook)}${webhook.revoked_at && html` since ${timeTag(webhook.revoked_at)}`}${
    active && standingBadge(input.standing)
  }</dd>
  <dt>Delivery health</dt><dd><a href="${webhookUrl(input.workspaceId, webhook.id, '/health')}">Success rate and latency, automatic disabling</a></dd>
</dl>
${active && html`<h2>Signing secret</h2>${secretSection({ ...input, webhook })}`}
<h2 id="deliveries">Deliveries</h2>
<p><a href="${webhookUrl(input.workspaceId, webhook.id, '#deliveries')}">Refresh</a></p>
${deliveriesTable({ workspaceId: input.workspaceId, webhookId: webhook.id, deliveries: input.deliveries })}
<p class="actions">${
      input.olderPage &&
      html`<a href="${webhookUrl(input.workspaceId, webhook.id, '#deliveries')}">Newest deliveries</a>`
    }${
      input.moreDeliveries &&
      lastDelivery &&
      html`<a href="${webhookUrl(input.workspaceId, webhook.id, `?before=${encodeURIComponent(lastDelivery.id)}#deliveries`)}">Older deliveries</a>`
    }</p>
${
  active &&
  html`<h2>Roll the signing secret</h2>
${rollForm({ ...input, webhook, errors })}
<h2>Revoke</h2>
<p>A revoked webhook receives nothing more; its pending deliveries stop.</p>
<p><a href="${webhookUrl(input.workspaceId, webhook.id, '/revoke')}">Revoke this webhook</a></p>`
}
<p><a href="${settingsUrl(input.workspaceId, '/webhooks')}">Back to webhooks</a></p>`,
  };
}

/** Asks before revoking a webhook. */
export function revokeWebhookPage(input: {
  csrf: string;
  workspaceId: string;
  webhook: WebhookRecord;
}): Page {
  const { webhook } = input;
  return {
    title: 'Revoke webhook',
    section: 'webhooks',
    body: html`<p>Revoke the webhook to <strong class="wrap">${webhook.url}</strong>? It receives no more events and its
pending deliveries stop. This cannot be undone.</p>
<form method="post" action="${webhookUrl(input.workspaceId, webhook.id, '/revoke')}" class="actions">
  ${csrfField(input.csrf)}
  <button type="submit" class="danger">Revoke webhook</button>
  <a href="${webhookUrl(input.workspaceId, webhook.id)}">Cancel</a>
</form>`,
  };
}
