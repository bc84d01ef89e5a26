import type { DuplicateMode, ImportJob, ImportRejection } from '../../import/index.js';
import type { ProspectName } from '../../store/prospect-names.js';
import { timeTag } from '../shared/format.js';
import { html, type SafeHtml } from '../shared/html.js';
import { csrfField, workspaceUrl } from '../shared/layout.js';
import type { Page } from '../shared/render.js';
import { count, importHead, importStatusBadge, importUrl } from './import-pages.js';
import { type ReportOutcome, reportRowsTable } from './import-report-rows.js';

/** How the job's page names each duplicates choice (the mapping page explains them). */
const DUPLICATES: Record<DuplicateMode, string> = {
  skip: 'Skipped',
  create: 'Created anyway',
  update_fill_empty: 'Existing prospect updated, empty fields only',
  update_overwrite: 'Existing prospect updated, fields overwritten',
};

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
  // A dry run wrote nothing: its counts are what would have happened (docs/importing.md, "Dry runs").
  const would = (done: string) => (job.dry_run ? `Would be ${done.toLowerCase()}` : done);
  return html`<dl class="facts counts">
  <dt>${would('Created')}</dt><dd data-count="created">${count(job.created_count)}</dd>
  <dt>${would('Updated')}</dt><dd data-count="updated">${count(job.updated_count)}</dd>
  <dt>${would('Skipped')} as duplicates</dt><dd data-count="skipped">${count(job.skipped_count)}</dd>
  <dt>${would('Rejected')}</dt><dd data-count="rejected">${count(job.rejected_count)}</dd>
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

/**
 * `2 prospects were imported` and, when there were, `3 were updated`; the imported ones, when there are, link the
 * page of the prospects this import created.
 */
function changed(job: ImportJob, linked = false): SafeHtml {
  const text = `${job.created_count === 1 ? '1 prospect was' : `${count(job.created_count)} prospects were`} imported`;
  const created =
    linked && job.created_count > 0
      ? html`<a href="${importUrl(job.workspace_id, job.id, '/prospects')}">${text}</a>`
      : html`${text}`;
  return job.updated_count === 0 ? created : html`${created} and ${count(job.updated_count)} updated`;
}

function outcome(job: ImportJob): SafeHtml {
  if (job.dry_run) {
    const would = `${count(job.created_count)} would be created, ${count(job.updated_count)} updated, ${count(job.skipped_count)} skipped and ${count(job.rejected_count)} rejected`;
    if (job.status === 'succeeded' || job.status === 'cancelled' || job.status === 'failed')
      return html`<div class="warning dry-run" role="status"><strong>Dry run:</strong> nothing was imported. Of the rows
read, ${would}.</div>`;
    return html`<div class="warning dry-run" role="status"><strong>Dry run:</strong> the rows are checked and counted;
nothing is imported.</div>`;
  }
  // The count opens the prospects this import created (`/imports/:jobId/prospects`, docs/importing.md).
  const created = changed(job, true);
  switch (job.status) {
    case 'succeeded':
      return html`<div class="notice" role="status">Import finished: ${created}.</div>`;
    case 'cancelled':
      return html`<div class="warning" role="status">Import cancelled: ${created} before it stopped. They stay in
your prospects; the rest of the file was not imported.</div>`;
    case 'failed':
      return html`<div class="error-summary" role="alert"><h2>The import stopped</h2><p>${
        job.failure ?? 'The server could not finish it.'
      }${
        job.failed_first_line !== null
          ? ` The batch of lines ${count(job.failed_first_line)} to ${count(job.failed_last_line ?? job.failed_first_line)} was not written.`
          : ''
      } ${created} before it stopped, in whole batches; they stay.</p></div>`;
    default:
      return html``;
  }
}

/**
 * An import job's own page: while it runs, rows done of total in a `<progress>` that the page script updates from
 * the job's JSON (without JavaScript, a link to refresh it) and a Cancel button; at the end, the counts, the first
 * report's rejected, skipped and updated rows (the first `REPORT_ROWS_SHOWN` of each, skipped and updated ones
 * linking the prospect they matched), and the report CSV. A dry run says so in its title, outcome and counts.
 */
export function importJobPage(input: {
  csrf: string;
  job: ImportJob;
  /** The first report lines of each kind (`REPORT_ROWS_SHOWN`), in line order. */
  report: Readonly<Record<ReportOutcome, readonly ImportRejection[]>>;
  /** The names of the prospects the skipped and updated rows matched, by id. Default: none (ids shown). */
  names?: ReadonlyMap<string, ProspectName>;
}): Page {
  const { job } = input;
  const active = isImportActive(job);
  const report = importUrl(job.workspace_id, job.id, '/report.csv');
  return {
    title: job.dry_run
      ? active
        ? 'Checking the file (dry run)'
        : 'Dry run report'
      : active
        ? 'Importing prospects'
        : 'Import report',
    section: 'import',
    // No automatic reload without JavaScript (WCAG 2.2.4): the page offers a link to refresh the progress.
    head: importHead(),
    body: html`${outcome(job)}
<dl class="facts">
  <dt>File</dt><dd>${job.file_name}</dd>
  <dt>Status</dt><dd>${importStatusBadge(job.status)}</dd>
  ${job.dry_run && html`<dt>Kind</dt><dd><span class="status info">Dry run</span> nothing written</dd>`}
  <dt>Duplicates</dt><dd>${DUPLICATES[job.duplicates]}</dd>
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
${reportRowsTable(job, 'rejected', input.report.rejected)}
${reportRowsTable(job, 'skipped', input.report.skipped, input.names)}
${reportRowsTable(job, 'updated', input.report.updated, input.names)}
<p class="actions"><a class="button secondary" href="${report}" download>Download report (CSV)</a>
${
  !job.dry_run && job.created_count > 0
    ? html`<a href="${importUrl(job.workspace_id, job.id, '/prospects')}">See the imported prospects</a>`
    : html`<a href="${workspaceUrl(job.workspace_id, '/prospects')}">See prospects</a>`
}
<a href="${workspaceUrl(job.workspace_id, '/imports')}">Import another file</a></p>`
}`,
  };
}
