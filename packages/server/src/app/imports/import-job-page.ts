import type { ImportJob, ImportRejection } from '../../import/index.js';
import { timeTag } from '../shared/format.js';
import { html, type SafeHtml } from '../shared/html.js';
import { csrfField, workspaceUrl } from '../shared/layout.js';
import type { Page } from '../shared/render.js';
import { count, importHead, importStatusBadge, importUrl } from './import-pages.js';

/** Rejections listed on the page; the rest are in the report CSV. */
export const REJECTIONS_SHOWN = 100;

/** Whether the job may still change (the page then follows its progress). */
export const isImportActive = (job: ImportJob) =>
  job.status === 'queued' || job.status === 'running' || job.status === 'cancelling';

/** `1,200 of 20,000 rows done (6%)`, or `1,200 rows done` while the total is unknown. */
export function progressText(job: ImportJob): string {
  if (job.total_rows === null || job.total_rows === 0) return `${count(job.rows_done)} rows done`;
  const percent = Math.floor((job.rows_done / job.total_rows) * 100);
  return `${count(job.rows_done)} of ${count(job.total_rows)} rows done (${percent}%)`;
}

function counts(job: ImportJob): SafeHtml {
  return html`<dl class="facts counts">
  <dt>Created</dt><dd data-count="created">${count(job.created_count)}</dd>
  <dt>Skipped as duplicates</dt><dd data-count="skipped">${count(job.skipped_count)}</dd>
  <dt>Rejected</dt><dd data-count="rejected">${count(job.rejected_count)}</dd>
</dl>`;
}

function progress(job: ImportJob, active: boolean): SafeHtml {
  const max = job.total_rows ?? 0;
  return html`<div class="progress" data-import-progress="${active ? importUrl(job.workspace_id, job.id, '/progress') : ''}">
  <label for="import-progress">Rows done</label>
  ${
    job.total_rows === null
      ? html`<progress id="import-progress" aria-describedby="import-progress-text"></progress>`
      : html`<progress id="import-progress" value="${Math.min(job.rows_done, max)}" max="${Math.max(max, 1)}" aria-describedby="import-progress-text"></progress>`
  }
  <p id="import-progress-text">${progressText(job)}</p>
  ${
    active &&
    html`<p class="hint"><a href="${importUrl(job.workspace_id, job.id)}" data-refresh-link>Refresh the progress</a>: without
  JavaScript the page does not reload by itself.</p>`
  }
  <p id="import-progress-announce" class="sr-only" role="status" aria-live="polite" aria-atomic="true"></p>
</div>`;
}

function rejectionsTable(job: ImportJob, rejections: readonly ImportRejection[]): SafeHtml {
  if (job.rejected_count === 0) return html`<p>No row was rejected.</p>`;
  const shown =
    job.rejected_count > rejections.length
      ? `The first ${count(rejections.length)} of ${count(job.rejected_count)} rejected rows; the report CSV lists them all.`
      : job.rejected_count === 1
        ? 'The one rejected row.'
        : `All ${count(job.rejected_count)} rejected rows.`;
  return html`<table class="stack"><caption>Rejected rows <span class="hint">${shown}</span></caption>
<thead><tr><th scope="col">Line</th><th scope="col">Column</th><th scope="col">Reason</th></tr></thead>
<tbody>${rejections.map(
    (r) => html`<tr>
  <td data-label="Line">${r.line}</td>
  <td data-label="Column" class="wrap">${r.column_name ?? html`<span class="hint">whole row</span>`}</td>
  <td data-label="Reason" class="wrap">${r.reason}</td>
</tr>`,
  )}</tbody></table>`;
}

function outcome(job: ImportJob): SafeHtml {
  const prospects = workspaceUrl(job.workspace_id, '/prospects');
  const created = html`<a href="${prospects}">${job.created_count === 1 ? '1 prospect was' : `${count(job.created_count)} prospects were`} imported</a>`;
  switch (job.status) {
    case 'succeeded':
      return html`<div class="notice" role="status">Import finished: ${created}.</div>`;
    case 'cancelled':
      return html`<div class="warning" role="status">Import cancelled: ${created} before it stopped. They stay in
your prospects; the rest of the file was not imported.</div>`;
    case 'failed':
      return html`<div class="error-summary" role="alert"><h2>The import stopped</h2><p>${
        job.failure ?? 'The server could not finish it.'
      } ${created} before it stopped; they stay.</p></div>`;
    default:
      return html``;
  }
}

/**
 * An import job's own page: while it runs, rows done of total in a `<progress>` that the page script updates from
 * the job's JSON (without JavaScript, a link to refresh it) and a Cancel button; at the end, the counts, the first
 * {@link REJECTIONS_SHOWN} rejected rows and the report CSV.
 */
export function importJobPage(input: {
  csrf: string;
  job: ImportJob;
  rejections: readonly ImportRejection[];
}): Page {
  const { job } = input;
  const active = isImportActive(job);
  const report = importUrl(job.workspace_id, job.id, '/report.csv');
  return {
    title: active ? 'Importing prospects' : 'Import report',
    section: 'import',
    // No automatic reload without JavaScript (WCAG 2.2.4): the page offers a link to refresh the progress.
    head: importHead(),
    body: html`${outcome(job)}
<dl class="facts">
  <dt>File</dt><dd>${job.file_name}</dd>
  <dt>Status</dt><dd>${importStatusBadge(job.status)}</dd>
  <dt>Duplicates</dt><dd>${job.duplicates === 'skip' ? 'Skipped' : 'Created anyway'}</dd>
  <dt>Started</dt><dd>${timeTag(job.started_at, 'Not yet')}</dd>
  ${!active && html`<dt>Ended</dt><dd>${timeTag(job.finished_at)}</dd>`}
</dl>
${progress(job, active)}
${counts(job)}
${
  active
    ? html`<form method="post" action="${importUrl(job.workspace_id, job.id, '/cancel')}" class="cancel">
  ${csrfField(input.csrf)}
  <p class="hint" id="cancel-hint">${
    job.status === 'cancelling'
      ? 'Stopping after the rows in progress. Prospects already imported stay.'
      : 'Cancelling stops the import after the rows in progress. Prospects already imported stay in your prospects.'
  }</p>
  <button type="submit" class="danger" aria-describedby="cancel-hint"${job.status === 'cancelling' ? html` disabled` : ''}>Cancel import</button>
</form>`
    : html`<h2>Report</h2>
${rejectionsTable(job, input.rejections)}
<p class="actions"><a class="button secondary" href="${report}" download>Download report (CSV)</a>
<a href="${workspaceUrl(job.workspace_id, '/prospects')}">See prospects</a>
<a href="${workspaceUrl(job.workspace_id, '/imports')}">Import another file</a></p>`
}`,
  };
}
