import type { ImportJob } from '../../import/index.js';
import type { ProspectsOfImport } from '../../store/prospects-of-import.js';
import { timeTag } from '../shared/format.js';
import { html } from '../shared/html.js';
import { workspaceUrl } from '../shared/layout.js';
import type { Page } from '../shared/render.js';
import { count, importUrl } from './import-pages.js';

/**
 * The prospects one import created (`GET /workspaces/:id/imports/:jobId/prospects`), 50 a page in the order they
 * were created, each linking its page: what the report's "N prospects were imported" opens (docs/importing.md,
 * "The report"). An import that ran before the server kept this (migration 23) says so and links the whole list.
 */
export function importProspectsPage(input: {
  job: ImportJob;
  page: ProspectsOfImport;
  first: boolean;
}): Page {
  const { job, page } = input;
  const back = importUrl(job.workspace_id, job.id);
  const all = workspaceUrl(job.workspace_id, '/prospects');
  const none =
    job.created_count > 0
      ? html`<p>This import ran before the server kept which prospects an import created, so they cannot be told
apart from the others. <a href="${all}">See all prospects</a>, newest first.</p>`
      : html`<p>This import created no prospect.</p>`;
  return {
    title: 'Imported prospects',
    section: 'import',
    body: html`<p>Created by the import of <strong>${job.file_name}</strong> (${count(job.created_count)} in all; a
prospect deleted since is not listed). <a href="${back}">Back to the import report</a></p>
${
  page.prospects.length === 0 && input.first
    ? none
    : html`<table class="stack" id="imported-prospects"><caption>Imported prospects</caption>
<thead><tr><th scope="col">Company</th><th scope="col">Contact</th><th scope="col">Email</th><th scope="col">Added</th></tr></thead>
<tbody>${page.prospects.map(
        (p) => html`<tr>
  <td data-label="Company" class="wrap"><a href="${workspaceUrl(job.workspace_id, `/prospects/${encodeURIComponent(p.id)}`)}">${p.company}</a></td>
  <td data-label="Contact" class="wrap">${p.contact_name ?? ''}</td>
  <td data-label="Email" class="wrap">${p.contact_email ?? ''}</td>
  <td data-label="Added">${timeTag(new Date(p.created_at))}</td>
</tr>`,
      )}</tbody></table>`
}
<p class="actions">${
      page.next
        ? html`<a class="button secondary" href="${importUrl(job.workspace_id, job.id, `/prospects?after=${encodeURIComponent(page.next)}`)}" rel="next">Next 50</a>`
        : ''
    }${!input.first ? html` <a href="${importUrl(job.workspace_id, job.id, '/prospects')}">From the first</a>` : ''}</p>`,
  };
}
