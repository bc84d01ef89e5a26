import type { CustomFieldDefinition, Prospect } from '@prospectkit/core';
import type { DeliveryRecord } from '../../store/deliveries.js';
import type { StoredEvent } from '../../store/events.js';
import type { OutcomeRecord } from '../../store/outcomes.js';
import type { Teammate } from '../../store/teammates.js';
import { timeTag } from '../shared/format.js';
import { html, type SafeHtml } from '../shared/html.js';
import { webhookUrl, workspaceUrl } from '../shared/layout.js';
import { formatMoney } from '../shared/money.js';
import type { Page } from '../shared/render.js';
import { customFieldFacts } from './custom-field-inputs.js';
import { outcomeBadge } from './outcome-badge.js';
import { ownerName } from './owner-select.js';
import { prospectUrl, tagList } from './prospect-list-page.js';

const DELIVERY_CLASS = { pending: 'wait', succeeded: 'ok', failed: 'bad' } as const;

const orDash = (value: string | null) => value ?? html`<span class="hint">—</span>`;
const money = (valueMinor: number | null, currency: string | null) =>
  valueMinor === null ? html`<span class="hint">—</span>` : formatMoney(valueMinor, currency);
const meeting = (at: Date | string | null) =>
  at === null ? html`<span class="hint">—</span>` : timeTag(new Date(at));

function facts(p: Prospect, owner: string | null, fields: readonly CustomFieldDefinition[]): SafeHtml {
  return html`<dl class="facts">
  <dt>Company</dt><dd>${p.company}</dd>
  <dt>Domain</dt><dd>${orDash(p.domain)}</dd>
  <dt>Website</dt><dd>${p.website ? html`<a href="${p.website}" rel="noopener noreferrer nofollow">${p.website}</a>` : orDash(null)}</dd>
  <dt>Contact name</dt><dd>${orDash(p.contact_name)}</dd>
  <dt>First name</dt><dd>${orDash(p.contact_first_name)}</dd>
  <dt>Last name</dt><dd>${orDash(p.contact_last_name)}</dd>
  <dt>Job title</dt><dd>${orDash(p.contact_title)}</dd>
  <dt>Contact email</dt><dd>${p.contact_email ? html`<a href="mailto:${p.contact_email}">${p.contact_email}</a>` : orDash(null)}</dd>
  <dt>Phone</dt><dd>${p.contact_phone ? html`<a href="tel:${p.contact_phone.replace(/[^0-9+]/g, '')}">${p.contact_phone}</a>` : orDash(null)}</dd>
  <dt>Profile URL</dt><dd>${p.contact_profile_url ? html`<a class="wrap" href="${p.contact_profile_url}" rel="noopener noreferrer nofollow">${p.contact_profile_url}</a>` : orDash(null)}</dd>
  <dt>Location</dt><dd>${orDash(p.location)}</dd>
  <dt>City</dt><dd>${orDash(p.city)}</dd>
  <dt>Region</dt><dd>${orDash(p.region)}</dd>
  <dt>Country</dt><dd>${orDash(p.country)}</dd>
  <dt>Tags</dt><dd>${tagList(p.tags)}</dd>
  <dt>Owner</dt><dd>${orDash(owner)}</dd>
  <dt>Notes</dt><dd>${p.notes ? html`<div class="notes">${p.notes}</div>` : orDash(null)}</dd>
  ${customFieldFacts(fields, p)}
  <dt>Prospect id</dt><dd><code>${p.id}</code></dd>
  <dt>Added</dt><dd>${timeTag(new Date(p.created_at))}</dd>
  <dt>Last changed</dt><dd>${timeTag(new Date(p.updated_at))}</dd>
</dl>`;
}

function currentOutcome(p: Prospect): SafeHtml {
  const o = p.outcome;
  if (!o) return html`<p>No outcome recorded yet.</p>`;
  return html`<dl class="facts">
  <dt>Outcome</dt><dd>${outcomeBadge(o.outcome)}</dd>
  <dt>Meeting (UTC)</dt><dd>${meeting(o.meeting_at)}</dd>
  <dt>Value</dt><dd>${money(o.value_minor, o.currency)}</dd>
  <dt>Recorded</dt><dd>${timeTag(new Date(o.updated_at))}</dd>
</dl>`;
}

function history(outcomes: readonly OutcomeRecord[]): SafeHtml {
  if (outcomes.length === 0) return html`<p>Nothing recorded yet.</p>`;
  return html`<table class="stack"><caption>Recorded outcomes, newest first (each row is the state after that call)</caption>
<thead><tr><th scope="col">Recorded</th><th scope="col">Outcome</th><th scope="col">Meeting (UTC)</th><th scope="col">Value</th></tr></thead>
<tbody>${outcomes.map(
    (o) => html`<tr>
  <td data-label="Recorded">${timeTag(o.recorded_at)}</td>
  <td data-label="Outcome">${outcomeBadge(o.outcome)}</td>
  <td data-label="Meeting">${meeting(o.meeting_at)}</td>
  <td data-label="Value">${money(o.value_minor, o.currency)}</td>
</tr>`,
  )}</tbody></table>`;
}

/**
 * An event's deliveries, one link each. Several events go to the same webhooks, so each link also names its event
 * for screen readers: no two links with the same name lead to different pages (WCAG 2.4.4).
 */
function deliveryList(
  workspaceId: string,
  event: StoredEvent,
  deliveries: readonly DeliveryRecord[],
): SafeHtml {
  if (deliveries.length === 0) return html`<span class="hint">No webhook receives this event.</span>`;
  return html`<ul class="deliveries">${deliveries.map(
    (
      d,
    ) => html`<li><a href="${webhookUrl(workspaceId, d.webhook_id, `/deliveries/${encodeURIComponent(d.id)}`)}"><span class="status ${DELIVERY_CLASS[d.status]}">${d.status}</span>
<span class="wrap">${d.url}</span><span class="sr-only">, delivery ${d.id} of ${event.type}</span></a>${
      d.attempts > 0 &&
      html` <span class="hint">${d.attempts} ${d.attempts === 1 ? 'attempt' : 'attempts'}${
        d.last_status_code !== null
          ? `, last HTTP ${d.last_status_code}`
          : d.last_error
            ? `, ${d.last_error}`
            : ''
      }</span>`
    }</li>`,
  )}</ul>`;
}

function events(
  workspaceId: string,
  list: readonly StoredEvent[],
  deliveries: readonly DeliveryRecord[],
): SafeHtml {
  if (list.length === 0) return html`<p>No events yet.</p>`;
  return html`<table class="stack"><caption>Events about this prospect, newest first</caption>
<thead><tr><th scope="col">Event</th><th scope="col">Occurred</th><th scope="col">Deliveries</th></tr></thead>
<tbody>${list.map(
    (e) => html`<tr>
  <td data-label="Event" class="wrap"><code>${e.type}</code><div class="hint"><code>${e.id}</code></div></td>
  <td data-label="Occurred">${timeTag(e.occurred_at)}</td>
  <td data-label="Deliveries" class="wrap">${deliveryList(
    workspaceId,
    e,
    deliveries.filter((d) => d.event_id === e.id),
  )}</td>
</tr>`,
  )}</tbody></table>`;
}

/** One prospect: every field, its outcome and its history, and the events sent about it with their deliveries. */
export function prospectPage(input: {
  workspaceId: string;
  prospect: Prospect;
  outcomes: readonly OutcomeRecord[];
  events: readonly StoredEvent[];
  deliveries: readonly DeliveryRecord[];
  /** The workspace's teammates, to name the owner. */
  teammates: readonly Pick<Teammate, 'id' | 'name'>[];
  /** The workspace's custom fields, shown after the notes. Default: none. */
  customFields?: readonly CustomFieldDefinition[];
}): Page {
  const p = input.prospect;
  const email = workspaceUrl(input.workspaceId, `/inbox/new?prospect=${encodeURIComponent(p.id)}`);
  return {
    title: p.company,
    section: 'prospects',
    body: html`<p class="actions"><a class="button" href="${prospectUrl(input.workspaceId, p.id, '/outcomes/new')}">Record outcome</a>
<a class="button secondary" href="${prospectUrl(input.workspaceId, p.id, '/edit')}">Edit prospect</a>
${p.contact_email && html`<a class="button secondary" href="${email}">Write an email</a>`}</p>
${facts(p, ownerName(p.owner_id, input.teammates), input.customFields ?? [])}
<h2>Current outcome</h2>
${currentOutcome(p)}
<h2>Outcome history</h2>
${history(input.outcomes)}
<h2 id="events">Events</h2>
<p class="hint">What webhooks were sent about this prospect, and how each delivery stands.
<a href="${prospectUrl(input.workspaceId, p.id, '#events')}">Refresh</a></p>
${events(input.workspaceId, input.events, input.deliveries)}
<p><a href="${workspaceUrl(input.workspaceId, '/prospects')}">Back to prospects</a></p>`,
  };
}
