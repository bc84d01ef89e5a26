import type { HealthPoint, HealthWindow, WebhookStanding } from '../../store/webhook-health.js';
import type { WebhookRecord } from '../../store/webhooks.js';
import { assetUrl } from '../shared/app-assets.js';
import { formatUtc, timeTag } from '../shared/format.js';
import { html, type SafeHtml } from '../shared/html.js';
import { csrfField, webhookUrl, workspaceUrl } from '../shared/layout.js';
import type { Page } from '../shared/render.js';
import { vendorAssetUrl } from '../shared/vendor-assets.js';

/** The choices of "disable after", in days; `''` is never. */
export const AUTO_DISABLE_CHOICES = [1, 2, 3, 5, 7, 14, 30] as const;

const count = (n: number) => n.toLocaleString('en-US');
const percent = (rate: number | null) =>
  rate === null ? '—' : `${(Math.floor(rate * 1000) / 10).toFixed(1)}%`;
const ms = (value: number | null) => (value === null ? '—' : `${count(value)} ms`);

/** Whether a webhook's standing is worth a flag: disabled, or failing (its last attempts failed). */
export function standingBadge(standing: WebhookStanding | undefined): SafeHtml {
  if (!standing) return html``;
  if (standing.disabled_at)
    return html` <span class="status bad">disabled${standing.disabled_reason === 'auto' ? ' after failures' : ''}</span>`;
  if (standing.failing_since)
    return html` <span class="status wait" title="Every attempt since ${formatUtc(standing.failing_since)} failed">failing</span>`;
  return html``;
}

/** One window's summary sentence. */
function summary(label: string, total: HealthWindow['total']): SafeHtml {
  if (total.attempts === 0) return html`<p><strong>${label}:</strong> no delivery attempts.</p>`;
  return html`<p><strong>${label}:</strong> ${percent(total.successRate)} of ${count(total.attempts)} attempts
succeeded; latency p50 ${ms(total.p50Ms)}, p95 ${ms(total.p95Ms)}.</p>`;
}

/**
 * One window as a table (readable without the script, a `<meter>` per success rate) that the page script also
 * reads to draw its charts: each row carries its values in `data-` attributes.
 */
function windowTable(
  id: string,
  caption: string,
  window: HealthWindow,
  period: (p: HealthPoint) => string,
): SafeHtml {
  const data = (value: number | null) => (value === null ? '' : String(value));
  return html`<div class="chart-pair" data-charts-for="${id}" hidden>
  <figure><figcaption>Success rate, ${caption.toLowerCase()}</figcaption><div class="chart" data-chart="rate"></div></figure>
  <figure><figcaption>Latency p50 and p95 (ms), ${caption.toLowerCase()}</figcaption><div class="chart" data-chart="latency"></div></figure>
</div>
<div class="table-scroll" role="region" tabindex="0" aria-labelledby="${id}-caption"><table class="health" id="${id}">
<caption id="${id}-caption">${caption}</caption>
<thead><tr><th scope="col">Period (UTC)</th><th scope="col">Attempts</th><th scope="col">Succeeded</th><th scope="col">Success rate</th><th scope="col">p50</th><th scope="col">p95</th></tr></thead>
<tbody>${window.points.map(
    (
      p,
    ) => html`<tr data-t="${Math.floor(p.start.getTime() / 1000)}" data-rate="${data(p.successRate)}" data-p50="${data(p.p50Ms)}" data-p95="${data(p.p95Ms)}">
  <th scope="row" data-label="Period">${period(p)}</th>
  <td data-label="Attempts">${count(p.attempts)}</td>
  <td data-label="Succeeded">${count(p.succeeded)}</td>
  <td data-label="Success rate">${
    p.successRate === null
      ? '—'
      : html`<meter min="0" max="1" low="0.9" high="0.99" optimum="1" value="${p.successRate}">${percent(p.successRate)}</meter> ${percent(p.successRate)}`
  }</td>
  <td data-label="p50">${ms(p.p50Ms)}</td>
  <td data-label="p95">${ms(p.p95Ms)}</td>
</tr>`,
  )}</tbody></table></div>`;
}

function standingSection(input: {
  csrf: string;
  workspaceId: string;
  webhook: WebhookRecord;
  standing: WebhookStanding;
}): SafeHtml {
  const { webhook, standing } = input;
  const action = (path: string) => webhookUrl(input.workspaceId, webhook.id, `/health/${path}`);
  if (webhook.revoked_at) return html`<p>This webhook is revoked: it receives nothing more.</p>`;
  const held =
    standing.held > 0
      ? html` ${count(standing.held)} ${standing.held === 1 ? 'delivery is' : 'deliveries are'} held, and will be sent in order once it is enabled.`
      : html` Its events are kept and will be sent once it is enabled.`;
  if (standing.disabled_at) {
    return html`<div class="notice bad" role="status"><p><strong>Disabled</strong> since ${timeTag(standing.disabled_at)}${
      standing.disabled_reason === 'auto'
        ? html`, automatically, after ${standing.auto_disable_days} ${standing.auto_disable_days === 1 ? 'day' : 'days'} of failed attempts`
        : html`, by hand`
    }.${held}</p>
<form method="post" action="${action('enable')}">${csrfField(input.csrf)}<button type="submit">Enable webhook</button></form></div>`;
  }
  return html`${
    standing.failing_since
      ? html`<div class="notice warn" role="status"><p><strong>Failing:</strong> every attempt since ${timeTag(standing.failing_since)} failed. Check the receiver; the <a href="${webhookUrl(input.workspaceId, webhook.id, '#deliveries')}">deliveries</a> show each attempt's answer.</p></div>`
      : html`<p><span class="status ok">delivering</span> Its last attempt succeeded (or none was made yet).</p>`
  }
<form method="post" action="${action('disable')}" class="actions">${csrfField(input.csrf)}
<button type="submit" class="secondary">Disable webhook</button>
<span class="hint">Holds its deliveries, without losing any, until you enable it again.</span></form>`;
}

function autoDisableForm(input: {
  csrf: string;
  workspaceId: string;
  webhook: WebhookRecord;
  standing: WebhookStanding;
  error?: string | undefined;
}): SafeHtml {
  const current = input.standing.auto_disable_days;
  const option = (value: string, label: string) =>
    html`<option value="${value}"${String(current ?? '') === value ? html` selected` : ''}>${label}</option>`;
  return html`<form method="post" action="${webhookUrl(input.workspaceId, input.webhook.id, '/health/auto-disable')}" class="stack" novalidate>
  ${csrfField(input.csrf)}
  <div class="field${input.error ? ' has-error' : ''}">
    <label for="f-days">Disable automatically after</label>
    <span class="hint" id="f-days-hint">When every attempt has failed for this long, the webhook is disabled, its deliveries are held, and the workspace's owners and admins get an email (and PROSPECTKIT_ADMIN_EMAIL, when the server sets it). You enable it again here.</span>
    ${input.error && html`<span class="field-error" id="f-days-error">${input.error}</span>`}
    <select id="f-days" name="days" aria-describedby="f-days-hint${input.error ? ' f-days-error' : ''}"${input.error ? html` aria-invalid="true"` : ''}>
      ${option('', 'Never')}
      ${AUTO_DISABLE_CHOICES.map((d) => option(String(d), `${d} ${d === 1 ? 'day' : 'days'} of failures`))}
    </select>
  </div>
  <div class="actions"><button type="submit" class="secondary">Save</button></div>
</form>`;
}

/**
 * A webhook's delivery health: how it stands (delivering, failing since, disabled), its success rate and p50/p95
 * latency over the last 24 hours and 7 days, as charts drawn by the page script (uPlot, served by this server)
 * over tables that read the same without it, and the automatic disabling.
 *
 * @see packages/server/README.md, "Delivery health"
 */
export function webhookHealthPage(input: {
  csrf: string;
  workspaceId: string;
  webhook: WebhookRecord;
  standing: WebhookStanding;
  day: HealthWindow;
  week: HealthWindow;
  error?: string | undefined;
}): Page {
  const { webhook } = input;
  const hour = (p: HealthPoint) => `${p.start.toISOString().slice(5, 13).replace('T', ' ')}:00`;
  const date = (p: HealthPoint) => p.start.toISOString().slice(0, 10);
  return {
    title: 'Delivery health',
    section: 'webhooks',
    head: html`<link rel="stylesheet" href="${vendorAssetUrl('uplot.css')}">
<link rel="stylesheet" href="${assetUrl('webhook-health.css')}">
<script src="${vendorAssetUrl('uplot.js')}" defer></script>
<script src="${assetUrl('webhook-health.js')}" defer></script>`,
    body: html`<p class="lead wrap">Deliveries to <a href="${webhookUrl(input.workspaceId, webhook.id)}">${webhook.url}</a></p>
${input.error && html`<div class="error-summary" id="error-summary" role="alert" tabindex="-1"><h2>There is a problem</h2><ul><li><a href="#f-days">${input.error}</a></li></ul></div>`}
${standingSection(input)}
<h2>Last 24 hours</h2>
${summary('Last 24 hours', input.day.total)}
${windowTable('health-day', 'Last 24 hours, by hour', input.day, hour)}
<h2>Last 7 days</h2>
${summary('Last 7 days', input.week.total)}
${windowTable('health-week', 'Last 7 days, by day', input.week, date)}
<p class="hint">Latency is each attempt's time, from the address check to the receiver's answer (at most 10 s); the
percentiles are read from latency ranges, so they are close rather than exact.</p>
${!webhook.revoked_at && html`<h2>Automatic disabling</h2>${autoDisableForm({ ...input, error: input.error })}`}
<p><a href="${webhookUrl(input.workspaceId, webhook.id)}">Back to the webhook</a> · <a href="${workspaceUrl(input.workspaceId, '/webhooks')}">All webhooks</a></p>`,
  };
}
