import type { BulkJob } from '../../store/bulk-jobs.js';
import { assetUrl } from '../shared/app-assets.js';
import { timeTag } from '../shared/format.js';
import { html, type SafeHtml } from '../shared/html.js';
import { workspaceUrl } from '../shared/layout.js';
import type { Page } from '../shared/render.js';
import { describeBulkAction } from './bulk-form.js';

/** `/workspaces/:id/prospects/bulk/:jobId`, and its `rest` (`/progress`). */
export const bulkJobUrl = (workspaceId: string, jobId: string, rest = '') =>
  workspaceUrl(workspaceId, `/prospects/bulk/${encodeURIComponent(jobId)}${rest}`);

/** Whether the job may still change (the page then follows its progress). */
export const isBulkActive = (job: Pick<BulkJob, 'status'>) =>
  job.status === 'queued' || job.status === 'running';

const count = (n: number) => n.toLocaleString('en-US');
const prospects = (n: number) => `${count(n)} ${n === 1 ? 'prospect' : 'prospects'}`;

/** `120 of 2,164 rows done (5%)`. */
export function bulkProgressText(job: Pick<BulkJob, 'rows_done' | 'total_rows'>): string {
  const percent = job.total_rows === 0 ? 100 : Math.floor((job.rows_done / job.total_rows) * 100);
  return `${count(job.rows_done)} of ${count(job.total_rows)} rows done (${percent}%)`;
}

function outcome(job: BulkJob): SafeHtml {
  if (job.status === 'succeeded')
    return html`<div class="notice" role="status">Done: ${prospects(job.changed_count)} changed${
      job.rows_done > job.changed_count + job.skipped_count
        ? `, ${count(job.rows_done - job.changed_count - job.skipped_count)} already so`
        : ''
    }${job.skipped_count > 0 ? `, ${count(job.skipped_count)} skipped (they already have 50 tags)` : ''}.</div>`;
  if (job.status === 'failed')
    return html`<div class="error-summary" role="alert"><h2>The change stopped</h2><p>${job.failure ?? 'The server could not finish it.'}</p></div>`;
  return html``;
}

/**
 * A bulk job's page: what it does and to how many rows, its progress in a `<progress>` that `bulk.js` updates
 * from the job's JSON (without JavaScript, a link to refresh: no automatic reload, WCAG 2.2.4), and the result.
 */
export function bulkJobPage(input: { job: BulkJob; ownerName?: string | undefined }): Page {
  const { job } = input;
  const active = isBulkActive(job);
  const what = describeBulkAction(job.action, job.value, input.ownerName);
  const list = workspaceUrl(job.workspace_id, `/prospects${job.query ? `?${job.query}` : ''}`);
  return {
    title: active ? 'Changing prospects' : 'Bulk change',
    section: 'prospects',
    head: html`<link rel="stylesheet" href="${assetUrl('import.css')}">
<script src="${assetUrl('bulk.js')}" defer></script>`,
    body: html`${outcome(job)}
<dl class="facts">
  <dt>Change</dt><dd>${what[0]?.toUpperCase()}${what.slice(1)}</dd>
  <dt>Rows</dt><dd>${job.ids ? `${prospects(job.total_rows)} ticked` : `${prospects(job.total_rows)} matching the filters`}</dd>
  <dt>Status</dt><dd data-bulk-status>${active ? (job.status === 'queued' ? 'Waiting' : 'Running') : job.status === 'succeeded' ? 'Done' : 'Stopped'}</dd>
  <dt>Started</dt><dd>${timeTag(job.started_at, 'Not yet')}</dd>
  ${!active && html`<dt>Ended</dt><dd>${timeTag(job.finished_at)}</dd>`}
</dl>
<div class="progress" data-bulk-progress="${active ? bulkJobUrl(job.workspace_id, job.id, '/progress') : ''}">
  <label for="bulk-progress">Rows done</label>
  <progress id="bulk-progress" value="${Math.min(job.rows_done, job.total_rows)}" max="${Math.max(job.total_rows, 1)}" aria-describedby="bulk-progress-text"></progress>
  <p id="bulk-progress-text">${bulkProgressText(job)}</p>
  ${active && html`<p class="hint"><a href="${bulkJobUrl(job.workspace_id, job.id)}" data-refresh-link>Refresh the progress</a>: without JavaScript the page does not reload by itself.</p>`}
</div>
<dl class="facts counts">
  <dt>Changed</dt><dd data-count="changed">${count(job.changed_count)}</dd>
  <dt>Skipped</dt><dd data-count="skipped">${count(job.skipped_count)}</dd>
</dl>
<p class="actions"><a href="${list}">Back to the prospects</a></p>`,
  };
}
