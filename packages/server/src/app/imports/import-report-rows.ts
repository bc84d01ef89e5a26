import type { ImportJob, ImportRejection } from '../../import/index.js';
import type { ProspectName } from '../../store/prospect-names.js';
import { html, type SafeHtml } from '../shared/html.js';
import { workspaceUrl } from '../shared/layout.js';
import { count } from './import-pages.js';

/** Lines of each kind listed on the job's page; the rest are in the report CSV. */
export const REPORT_ROWS_SHOWN = 100;

/** The report's lines of one kind, as the job's page lists them. */
export type ReportOutcome = NonNullable<ImportRejection['outcome']>;

const KIND: Record<ReportOutcome, { caption: string; none: string; countOf: (job: ImportJob) => number }> = {
  rejected: { caption: 'Rejected rows', none: 'No row was rejected.', countOf: (job) => job.rejected_count },
  skipped: {
    caption: 'Skipped rows',
    none: 'No row was skipped.',
    countOf: (job) => job.skipped_count,
  },
  updated: {
    caption: 'Rows that updated a prospect',
    none: 'No prospect was updated.',
    countOf: (job) => job.updated_count,
  },
};

function shownText(total: number, shown: number): string {
  if (total > shown) return `The first ${count(shown)} of ${count(total)}; the report CSV lists them all.`;
  return total === 1 ? 'The one row.' : `All ${count(total)} rows.`;
}

/**
 * A matched prospect's link, named by its company and contact (its id below), or, for a row that matched an
 * earlier row of the file itself, words saying so.
 */
function matched(
  workspaceId: string,
  prospectId: string | null | undefined,
  names: ReadonlyMap<string, ProspectName>,
): SafeHtml {
  if (!prospectId) return html`<span class="hint">an earlier row of the file</span>`;
  const name = names.get(prospectId);
  const text = name
    ? name.contact_name
      ? `${name.company} (${name.contact_name})`
      : name.company
    : prospectId;
  return html`<a href="${workspaceUrl(workspaceId, `/prospects/${encodeURIComponent(prospectId)}`)}">${text}</a>${
    name ? html`<div class="hint">${prospectId}</div>` : ''
  }`;
}

/**
 * One kind of the report's lines as a table: rejected rows with the column at fault and why; skipped and updated
 * rows with the prospect they matched (a link to it) and why (the same email, the same name at the company...).
 * On a dry run the caption says what would have happened.
 */
export function reportRowsTable(
  job: ImportJob,
  outcome: ReportOutcome,
  rows: readonly ImportRejection[],
  names: ReadonlyMap<string, ProspectName> = new Map(),
): SafeHtml {
  const kind = KIND[outcome];
  const total = kind.countOf(job);
  if (total === 0) return html`<p>${job.dry_run ? kind.none.replace(/ was /, ' would be ') : kind.none}</p>`;
  const caption = job.dry_run ? `${kind.caption} (dry run: what would have happened)` : kind.caption;
  const id = `report-${outcome}`;
  if (outcome === 'rejected') {
    return html`<table class="stack" id="${id}"><caption>${caption} <span class="hint">${shownText(total, rows.length)}</span></caption>
<thead><tr><th scope="col">Line</th><th scope="col">Column</th><th scope="col">Reason</th></tr></thead>
<tbody>${rows.map(
      (r) => html`<tr>
  <td data-label="Line">${r.line}</td>
  <td data-label="Column" class="wrap">${r.column_name ?? html`<span class="hint">whole row</span>`}</td>
  <td data-label="Reason" class="wrap">${r.reason}</td>
</tr>`,
    )}</tbody></table>`;
  }
  return html`<table class="stack" id="${id}"><caption>${caption} <span class="hint">${shownText(total, rows.length)}</span></caption>
<thead><tr><th scope="col">Line</th><th scope="col">Matched prospect</th><th scope="col">Why</th></tr></thead>
<tbody>${rows.map(
    (r) => html`<tr>
  <td data-label="Line">${r.line}</td>
  <td data-label="Matched prospect" class="wrap">${matched(job.workspace_id, r.prospect_id, names)}</td>
  <td data-label="Why" class="wrap">${r.reason}</td>
</tr>`,
  )}</tbody></table>`;
}
