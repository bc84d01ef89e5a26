import type { AttemptLogEntry, DeliveryRecord, DeliveryWithAttempts } from '../../store/deliveries.js';
import type { StoredEvent } from '../../store/events.js';
import { timeTag } from '../shared/format.js';
import { html, type SafeHtml } from '../shared/html.js';
import { csrfField, webhookUrl } from '../shared/layout.js';
import type { Page } from '../shared/render.js';

const STATUS_CLASS = { pending: 'wait', succeeded: 'ok', failed: 'bad' } as const;

/** What the last attempt saw: its HTTP status, or why there was none. */
function outcome(statusCode: number | null, error: string | null): string {
  if (statusCode !== null) return `HTTP ${statusCode}`;
  return error ?? '—';
}

function lastStatus(d: DeliveryRecord): SafeHtml {
  return html`<span class="status ${STATUS_CLASS[d.status]}">${d.status}</span>${
    d.attempts > 0 && html` <span class="wrap">${outcome(d.last_status_code, d.last_error)}</span>`
  }`;
}

/** A webhook's deliveries, newest first. */
export function deliveriesTable(input: {
  workspaceId: string;
  webhookId: string;
  deliveries: readonly DeliveryRecord[];
}): SafeHtml {
  if (input.deliveries.length === 0) return html`<p>No deliveries yet.</p>`;
  return html`<table class="stack"><caption>Deliveries, newest first</caption>
<thead><tr><th scope="col">Event</th><th scope="col">Event id</th><th scope="col">Attempts</th><th scope="col">Last status</th>
<th scope="col">Next attempt</th><th scope="col">Created</th></tr></thead>
<tbody>${input.deliveries.map(
    (d) => html`<tr>
  <td data-label="Event"><a href="${webhookUrl(input.workspaceId, input.webhookId, `/deliveries/${encodeURIComponent(d.id)}`)}"><code>${d.event_type}</code><span class="sr-only">, event ${d.event_id}, delivery ${d.id}</span></a></td>
  <td data-label="Event id" class="wrap"><code>${d.event_id}</code></td>
  <td data-label="Attempts">${d.attempts}</td>
  <td data-label="Last status">${lastStatus(d)}</td>
  <td data-label="Next attempt">${timeTag(d.next_attempt_at)}</td>
  <td data-label="Created">${timeTag(d.created_at)}</td>
</tr>`,
  )}</tbody></table>`;
}

function attemptsTable(attempts: readonly AttemptLogEntry[]): SafeHtml {
  if (attempts.length === 0) return html`<p>No attempt yet.</p>`;
  return html`<table class="stack"><caption>Attempts, oldest first</caption>
<thead><tr><th scope="col">#</th><th scope="col">Time</th><th scope="col">Status</th><th scope="col">Duration</th>
<th scope="col">Response excerpt</th></tr></thead>
<tbody>${attempts.map(
    (a) => html`<tr>
  <td data-label="Attempt">${a.number}</td>
  <td data-label="Time">${timeTag(a.attempted_at)}</td>
  <td data-label="Status" class="wrap">${outcome(a.status_code, a.error)}</td>
  <td data-label="Duration">${a.duration_ms} ms</td>
  <td data-label="Response excerpt" class="wrap">${
    a.response_excerpt ? html`<pre>${a.response_excerpt}</pre>` : html`<span class="hint">none</span>`
  }</td>
</tr>`,
  )}</tbody></table>`;
}

function prettyJson(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** One delivery: its state, every attempt, the payload, and Resend. */
export function deliveryPage(input: {
  csrf: string;
  workspaceId: string;
  webhookId: string;
  webhookActive: boolean;
  delivery: DeliveryWithAttempts;
  /** The delivery's event: what every attempt sends. */
  event: Pick<StoredEvent, 'body' | 'occurred_at'>;
}): Page {
  const d = input.delivery;
  return {
    title: 'Delivery',
    section: 'webhooks',
    body: html`<dl class="facts">
  <dt>Event</dt><dd><code>${d.event_type}</code></dd>
  <dt>Event id</dt><dd><code>${d.event_id}</code></dd>
  <dt>Delivery id</dt><dd><code>${d.id}</code></dd>
  <dt>Occurred</dt><dd>${timeTag(input.event.occurred_at)}</dd>
  <dt>Status</dt><dd>${lastStatus(d)}</dd>
  <dt>Attempts</dt><dd>${d.attempts} of at most 5</dd>
  <dt>Next attempt</dt><dd>${timeTag(d.next_attempt_at)}</dd>
</dl>
${
  input.webhookActive
    ? html`<form method="post" action="${webhookUrl(input.workspaceId, input.webhookId, `/deliveries/${encodeURIComponent(d.id)}/resend`)}">
${csrfField(input.csrf)}<p><button type="submit" class="secondary">Resend</button>
<span class="hint">Sends the same event (same event id and body) again, as a new delivery.</span></p></form>`
    : html`<p class="hint">The webhook is revoked, so this event cannot be resent.</p>`
}
<h2>Attempts</h2>
${attemptsTable(d.attempt_log)}
<h2>Payload</h2>
<pre>${prettyJson(input.event.body)}</pre>
<p><a href="${webhookUrl(input.workspaceId, input.webhookId, '#deliveries')}">Back to the webhook</a></p>`,
  };
}
