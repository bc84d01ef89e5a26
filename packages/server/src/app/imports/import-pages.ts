import type { ImportJob, ImportJobStatus, ImportShapeLimits } from '../../import/index.js';
import { assetUrl } from '../shared/app-assets.js';
import { errorSummary, type FieldErrors, fieldId } from '../shared/form-fields.js';
import { timeTag } from '../shared/format.js';
import { html, type SafeHtml } from '../shared/html.js';
import { csrfField, workspaceUrl } from '../shared/layout.js';
import type { Page } from '../shared/render.js';
import { IMPORT_FILE_FIELD } from './import-upload.js';

/** How the pages name each job status, and its badge colour. */
const STATUS: Record<ImportJobStatus, { label: string; tone: 'ok' | 'bad' | 'wait' | 'off' }> = {
  receiving: { label: 'Receiving', tone: 'wait' },
  uploaded: { label: 'Waiting for mapping', tone: 'wait' },
  queued: { label: 'Queued', tone: 'wait' },
  running: { label: 'Running', tone: 'wait' },
  cancelling: { label: 'Cancelling', tone: 'wait' },
  cancelled: { label: 'Cancelled', tone: 'off' },
  succeeded: { label: 'Finished', tone: 'ok' },
  failed: { label: 'Failed', tone: 'bad' },
};

/** A job's status as a badge. */
export const importStatusBadge = (status: ImportJobStatus): SafeHtml =>
  html`<span class="status ${STATUS[status].tone}">${STATUS[status].label}</span>`;

/** URL of an import job's page, optionally a page below it. */
export const importUrl = (workspaceId: string, jobId: string, rest = '') =>
  workspaceUrl(workspaceId, `/imports/${encodeURIComponent(jobId)}${rest}`);

/** The import pages' own stylesheet and script. */
export const importHead = (): SafeHtml =>
  html`<link rel="stylesheet" href="${assetUrl('import.css')}">
<script src="${assetUrl('import.js')}" defer></script>`;

/** `1,234`: counts as people read them. */
export const count = (n: number) => n.toLocaleString('en-US');

/** `50 MiB`, `512 KiB`, `300 bytes`. */
export function byteSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`;
  if (bytes >= 1024) return `${Math.round((bytes / 1024) * 10) / 10} KiB`;
  return `${bytes} bytes`;
}

function rowsCell(job: ImportJob): SafeHtml {
  if (job.status === 'uploaded')
    return html`${job.total_rows === null ? '—' : `${count(job.total_rows)} rows`}`;
  const of = job.total_rows === null ? '' : ` of ${count(job.total_rows)}`;
  // A dry run wrote nothing: its counts say what would have happened.
  const would = job.dry_run ? 'would be ' : '';
  const more = [
    [job.updated_count, 'updated'],
    [job.skipped_count, 'skipped'],
    [job.rejected_count, 'rejected'],
  ] as const;
  return html`${count(job.created_count)} ${would}created${of}${more.map(([n, what]) =>
    n > 0 ? html`<div class="hint">${count(n)} ${would}${what}</div>` : '',
  )}`;
}

function recentImports(workspaceId: string, jobs: readonly ImportJob[]): SafeHtml {
  if (jobs.length === 0) return html`<p>No imports yet.</p>`;
  return html`<table class="stack"><caption>Recent imports, newest first</caption>
<thead><tr><th scope="col">File</th><th scope="col">Uploaded</th><th scope="col">Status</th><th scope="col">Prospects</th></tr></thead>
<tbody>${jobs.map(
    (job) => html`<tr>
  <td data-label="File" class="wrap"><a href="${importUrl(workspaceId, job.id)}">${job.file_name}</a><div class="hint">${byteSize(job.byte_size)}</div></td>
  <td data-label="Uploaded">${timeTag(job.created_at)}</td>
  <td data-label="Status">${importStatusBadge(job.status)}${job.dry_run && html` <span class="status info">Dry run</span>`}</td>
  <td data-label="Prospects">${rowsCell(job)}</td>
</tr>`,
  )}</tbody></table>`;
}

/**
 * The Import page: the upload form (multipart, works without JavaScript; the CSRF field first, see
 * `receiveImportUpload`), the file's problem beside the field, and the workspace's recent imports.
 */
export function importsPage(input: {
  csrf: string;
  workspaceId: string;
  maxBytes: number;
  /** The largest shape accepted, stated beside the field (`PROSPECTKIT_IMPORT_MAX_COLUMNS`, ...). */
  shape: ImportShapeLimits;
  jobs: readonly ImportJob[];
  error?: string | undefined;
}): Page {
  const id = fieldId(IMPORT_FILE_FIELD);
  const errors: FieldErrors = input.error ? { [IMPORT_FILE_FIELD]: input.error } : {};
  return {
    title: 'Import prospects',
    section: 'import',
    head: importHead(),
    body: html`<p class="lead">Add many prospects at once from a CSV file, such as an export of a spreadsheet or
another CRM. You choose which column fills which field and check a preview before anything is imported.</p>
${errorSummary(errors)}
<form method="post" action="${workspaceUrl(input.workspaceId, '/imports')}" enctype="multipart/form-data" class="stack upload" novalidate>
  ${csrfField(input.csrf)}
  <div class="field">
    <label for="${id}">CSV file</label>
    <span class="hint" id="${id}-hint">The first row names the columns. Comma, semicolon or tab separated, UTF-8,
    at most ${byteSize(input.maxBytes)}, ${input.shape.maxColumns} columns, ${byteSize(input.shape.maxFieldBytes)} a cell
    and ${byteSize(input.shape.maxRowBytes)} a row.</span>
    ${input.error && html`<span class="field-error" id="${id}-error">${input.error}</span>`}
    <input id="${id}" name="${IMPORT_FILE_FIELD}" type="file" accept=".csv,.tsv,.txt,text/csv,text/plain" required
      aria-describedby="${id}-hint${input.error ? ` ${id}-error` : ''}"${input.error ? html` aria-invalid="true"` : ''}>
  </div>
  <div class="actions"><button type="submit">Upload and map columns</button></div>
</form>
<h2>Recent imports</h2>
${recentImports(input.workspaceId, input.jobs)}`,
  };
}
