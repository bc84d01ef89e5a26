import type { CustomFieldDefinition, Prospect, ProspectList } from '@prospectkit/core';
import type { SavedView } from '../../store/saved-views.js';
import type { Teammate } from '../../store/teammates.js';
import { type FieldErrors, fieldId } from '../shared/form-fields.js';
import { formatUtc } from '../shared/format.js';
import { html, type SafeHtml } from '../shared/html.js';
import { csrfField, settingsUrl, workspaceUrl } from '../shared/layout.js';
import type { Page } from '../shared/render.js';
import { type BulkControlsInput, bulkControls, rowCheckbox } from './bulk-controls.js';
import { customFieldFilterControls } from './custom-field-filter-controls.js';
import type { ListFilterValues } from './list-filter-form.js';
import { outcomeBadge } from './outcome-badge.js';
import { ownerName } from './owner-select.js';

/** The per-page choices of the list (the API allows 1-100). */
export const PER_PAGE_CHOICES = [10, 25, 50, 100] as const;

/** The list page's inputs: one page of the API's list, as `listProspects` and `pageEnvelope` give it. */
export interface ProspectListInput {
  workspaceId: string;
  /** The search as typed ('' for none). */
  search: string;
  /** The filter and sort controls' values ('' where unset). */
  filters: ListFilterValues;
  /** The workspace's custom fields, each a filter control. */
  customFields: readonly CustomFieldDefinition[];
  /** Whether a filter (or the search) applies. */
  filtered: boolean;
  /** The workspace's saved views, and the current query ("Save this view" keeps it), the CSRF token. */
  views: readonly Pick<SavedView, 'id' | 'name' | 'query'>[];
  viewQuery: string;
  csrf: string;
  /** Whether the member may save and delete views (`work`: members and up). */
  canChange: boolean;
  page: Omit<ProspectList, 'data'> & { data: Prospect[] };
  /** Problems with the query (the API's 422 messages); the list then shows the first page unfiltered. */
  errors?: FieldErrors;
  /** The workspace's teammates, to show each owner by name. */
  teammates: readonly Pick<Teammate, 'id' | 'name'>[];
  /** The server's public origin, for the curl line of the empty state. */
  origin: string;
  /** The bulk form (rows ticked or all matching), for members and up; none for viewers. */
  bulk?: BulkControlsInput | undefined;
}

export const prospectUrl = (workspaceId: string, prospectId: string, rest = '') =>
  workspaceUrl(workspaceId, `/prospects/${encodeURIComponent(prospectId)}${rest}`);

/** Page numbers to link: the first, the last, and two either side of the current, with gaps as `null`. */
function pageNumbers(current: number, last: number): Array<number | null> {
  const shown = [...new Set([1, current - 2, current - 1, current, current + 1, current + 2, last])]
    .filter((n) => n >= 1 && n <= last)
    .sort((a, b) => a - b);
  return shown.flatMap((n, i) => (i > 0 && n - (shown[i - 1] as number) > 1 ? [null, n] : [n]));
}

function pagination(input: ProspectListInput): SafeHtml {
  const { meta, links } = input.page;
  if (meta.last_page <= 1) return html``;
  const href = (page: number) => (links.first as string).replace(/page=1$/, `page=${page}`);
  const current = Math.min(meta.current_page, meta.last_page);
  return html`<nav class="pages" aria-label="Pages">
<ul>
  <li>${links.prev ? html`<a href="${links.prev}" rel="prev">Previous</a>` : html`<span class="off">Previous</span>`}</li>
  ${pageNumbers(current, meta.last_page).map((n) =>
    n === null
      ? html`<li><span class="gap">…</span></li>`
      : html`<li><a href="${href(n)}"${n === meta.current_page ? html` aria-current="page"` : ''}><span class="sr-only">Page </span>${n}</a></li>`,
  )}
  <li>${links.next ? html`<a href="${links.next}" rel="next">Next</a>` : html`<span class="off">Next</span>`}</li>
</ul>
</nav>`;
}

function searchForm(input: ProspectListInput): SafeHtml {
  const error = input.errors?.search;
  const perPage = input.page.meta.per_page;
  return html`<form method="get" action="${workspaceUrl(input.workspaceId, '/prospects')}" class="search" role="search">
  <div class="field grow">
    <label for="${fieldId('search')}">Search prospects</label>
    <span class="hint" id="${fieldId('search')}-hint">Company, domain, contact name or email, ignoring case and accents.</span>
    ${error && html`<span class="field-error" id="${fieldId('search')}-error">${error}</span>`}
    <input id="${fieldId('search')}" name="search" type="search" value="${input.search}" maxlength="255"
      aria-describedby="${fieldId('search')}-hint${error ? ` ${fieldId('search')}-error` : ''}"${error ? html` aria-invalid="true"` : ''}>
  </div>
  <div class="field">
    <label for="${fieldId('per_page')}">Per page</label>
    <select id="${fieldId('per_page')}" name="per_page">${PER_PAGE_CHOICES.map(
      (n) => html`<option value="${n}"${n === perPage ? html` selected` : ''}>${n}</option>`,
    )}${
      (PER_PAGE_CHOICES as readonly number[]).includes(perPage)
        ? ''
        : html`<option value="${perPage}" selected>${perPage}</option>`
    }</select>
  </div>
  ${filterControls(input)}
  <div class="field"><button type="submit">Search</button></div>
</form>`;
}

/** The sorts of openapi.yaml parameter `Sort`, as the page names them. */
const SORT_LABELS: ReadonlyArray<readonly [string, string]> = [
  ['newest', 'Newest first'],
  ['oldest', 'Oldest first'],
  ['company_asc', 'Company A-Z'],
  ['company_desc', 'Company Z-A'],
  ['last_activity', 'Last activity'],
];
const OUTCOMES = ['Interested', 'Not interested', 'Meeting booked', 'Won', 'Lost'] as const;

/** A select of `choices` ([value, label]), the current value selected. */
function select(
  name: string,
  label: string,
  value: string,
  choices: ReadonlyArray<readonly [string, string]>,
): SafeHtml {
  return html`<div class="field">
    <label for="${fieldId(name)}">${label}</label>
    <select id="${fieldId(name)}" name="${name}">${choices.map(
      ([v, text]) => html`<option value="${v}"${v === value ? html` selected` : ''}>${text}</option>`,
    )}</select>
  </div>`;
}

/** The filters and the sort of `listProspects` as GET form controls: the URL holds them, so a view is a link. */
function filterControls(input: ListProspectInputFilters): SafeHtml {
  const f = input.filters;
  const teammates = input.teammates.map((t) => [t.id, t.name] as const);
  const unknownOwner =
    f.owner_id !== '' && f.owner_id !== 'none' && !input.teammates.some((t) => t.id === f.owner_id);
  return html`<div class="field">
    <label for="${fieldId('tag')}">Tag</label>
    <input id="${fieldId('tag')}" name="tag" type="text" value="${f.tag}" maxlength="50">
  </div>
  ${select('owner_id', 'Owner', f.owner_id, [['', 'Any owner'], ['none', 'No owner'], ...teammates, ...(unknownOwner ? [[f.owner_id, `Other owner: ${f.owner_id}`] as const] : [])])}
  ${select('outcome', 'Outcome', f.outcome, [['', 'Any outcome'], ['none', 'No outcome'], ...OUTCOMES.map((o) => [o, o] as const)])}
  <div class="field">
    <label for="${fieldId('added_from')}">Added from</label>
    <input id="${fieldId('added_from')}" name="added_from" type="date" value="${f.added_from}">
  </div>
  <div class="field">
    <label for="${fieldId('added_to')}">Added until</label>
    <input id="${fieldId('added_to')}" name="added_to" type="date" value="${f.added_to}">
  </div>
  ${customFieldFilterControls(input.customFields, f.custom)}
  ${select('sort', 'Sort', f.sort === '' ? 'newest' : f.sort, SORT_LABELS)}`;
}
type ListProspectInputFilters = Pick<ProspectListInput, 'filters' | 'teammates' | 'customFields'>;

/** The workspace's saved views as links (the URL is the view), each with Delete; and "Save this view". */
function savedViews(input: ProspectListInput): SafeHtml {
  const base = workspaceUrl(input.workspaceId, '/prospects');
  const saveForm =
    input.canChange && input.filtered
      ? html`<form method="post" action="${base}/views" class="save-view">${csrfField(input.csrf)}
  <input type="hidden" name="query" value="${input.viewQuery}">
  <div class="field"><label for="${fieldId('view-name')}">Save this view as</label>
  <input id="${fieldId('view-name')}" name="name" type="text" maxlength="100" required></div>
  <div class="field"><button type="submit" class="secondary">Save view</button></div>
</form>`
      : '';
  if (input.views.length === 0) return html`${saveForm}`;
  return html`<section class="views" aria-labelledby="views-title"><h2 id="views-title">Saved views</h2>
<ul>${input.views.map(
    (v) =>
      html`<li><a href="${base}${v.query ? `?${v.query}` : ''}">${v.name}</a>${
        input.canChange
          ? html` <form method="post" action="${base}/views/${v.id}/delete" class="inline">${csrfField(input.csrf)}<button type="submit" class="link">Delete<span class="sr-only"> view ${v.name}</span></button></form>`
          : ''
      }</li>`,
  )}</ul>
${saveForm}</section>`;
}

/** What to do when the workspace has no prospect yet: add one, import a CSV, or call the API. */
function emptyState(input: ProspectListInput): SafeHtml {
  const curl = `curl -X POST ${input.origin}/api/v1/prospects -H "Authorization: Bearer $PROSPECTKIT_TOKEN" -H "Content-Type: application/json" -d '{"company": "Acme Ltd", "contact_email": "ada@acme.example"}'`;
  return html`<section class="empty" aria-labelledby="empty-title">
<h2 id="empty-title">No prospects yet</h2>
<p>Add your first prospect in one of three ways:</p>
<ol>
  <li><a href="${workspaceUrl(input.workspaceId, '/prospects/new')}">Add a prospect</a> with the form.</li>
  <li><a href="${workspaceUrl(input.workspaceId, '/imports')}">Import a CSV file</a> of prospects.</li>
  <li>Call the API with a token that has <code>prospects:write</code>
  (<a href="${settingsUrl(input.workspaceId, '/tokens/new')}">create a token</a>):
  <div class="field"><label for="curl-create">Command to add a prospect</label>
  <textarea id="curl-create" class="command" readonly rows="3" spellcheck="false">${curl}</textarea>
  <div class="actions"><button type="button" class="secondary" data-copy="curl-create" hidden>Copy command</button>
  <span id="curl-create-status" role="status" class="hint"></span></div></div></li>
</ol>
<p class="hint">Each prospect added sends a <code>prospect.created</code> event to the workspace's webhooks.</p>
</section>`;
}

function table(input: ProspectListInput): SafeHtml {
  const select = input.bulk !== undefined;
  return html`<table class="stack prospects"><caption class="sr-only">Prospects</caption>
<thead><tr>${select && html`<th scope="col" class="select"><span class="sr-only">Select</span></th>`}<th scope="col">Company</th><th scope="col">Contact</th><th scope="col">Tags</th><th scope="col">Owner</th>
<th scope="col">Outcome</th><th scope="col">Added</th></tr></thead>
<tbody>${input.page.data.map(
    (p) => html`<tr>
  ${select && html`<td class="select" data-label="Select">${rowCheckbox(p.id, p.company)}</td>`}
  <td data-label="Company"><a href="${prospectUrl(input.workspaceId, p.id)}"><strong>${p.company}</strong></a>${
    p.domain && html`<div class="hint">${p.domain}</div>`
  }</td>
  <td data-label="Contact">${p.contact_name ?? ''}${p.contact_email && html`<div class="hint">${p.contact_email}</div>`}${
    !p.contact_name && !p.contact_email && html`<span class="hint">—</span>`
  }</td>
  <td data-label="Tags">${tagList(p.tags)}</td>
  <td data-label="Owner">${owner(p.owner_id, input.teammates)}</td>
  <td data-label="Outcome">${p.outcome?.outcome ? outcomeBadge(p.outcome.outcome) : html`<span class="hint">—</span>`}</td>
  <td data-label="Added"><time datetime="${p.created_at}" title="${formatUtc(new Date(p.created_at))}">${p.created_at.slice(0, 10)}</time></td>
</tr>`,
  )}</tbody></table>`;
}

/**
 * The owner by name when a teammate; an owner id from another system (set through the API: `OwnerId` in
 * openapi.yaml is not checked against teammates) as "Other owner", its id kept in a tooltip.
 */
function owner(ownerId: string | null, teammates: ProspectListInput['teammates']): SafeHtml {
  if (ownerId === null) return html`<span class="hint">—</span>`;
  const name = ownerName(ownerId, teammates);
  return name === ownerId ? html`<span class="hint" title="${ownerId}">Other owner</span>` : html`${name}`;
}

/** Tags as small labels, or a dash for none. */
export function tagList(tags: readonly string[]): SafeHtml {
  if (tags.length === 0) return html`<span class="hint">—</span>`;
  return html`<ul class="tags">${tags.map((t) => html`<li>${t}</li>`)}</ul>`;
}

function summary(input: ProspectListInput): SafeHtml {
  const { meta } = input.page;
  const noun = meta.total === 1 ? 'prospect' : 'prospects';
  const verb = meta.total === 1 && meta.total_relation === 'eq' ? 'matches' : 'match';
  const filtered = input.filtered && !input.errors?.search;
  const total = html`<strong>${meta.total_relation === 'gte' ? 'At least ' : ''}${meta.total.toLocaleString('en')}</strong>`;
  const count = !filtered
    ? html`${total} ${noun}`
    : input.search !== ''
      ? html`${total} ${noun} ${verb} “${input.search}”`
      : html`${total} ${noun} ${verb} the filters`;
  const range = meta.from !== null ? html`, showing ${meta.from}–${meta.to}` : '';
  return html`<p class="count" role="status">${count}${range}.${
    filtered && html` <a href="${workspaceUrl(input.workspaceId, '/prospects')}">Clear filters</a>`
  }</p>`;
}

/** The workspace's prospects: search, one page newest first, page numbers, and the empty state. */
export function prospectListPage(input: ProspectListInput): Page {
  const { meta } = input.page;
  const none = meta.total === 0 && (!input.filtered || input.errors?.search !== undefined);
  return {
    title: 'Prospects',
    section: 'prospects',
    body: html`<p class="lead">Everyone your team is selling to. Prospects added here, by import or through the API are the same.</p>
<p class="actions"><a class="button" href="${workspaceUrl(input.workspaceId, '/prospects/new')}">Add prospect</a>
<a class="button secondary" href="${workspaceUrl(input.workspaceId, '/imports')}">Import CSV</a></p>
${
  none
    ? emptyState(input)
    : html`${searchForm(input)}
${savedViews(input)}
${summary(input)}
${input.bulk && input.page.data.length > 0 ? bulkControls(input.bulk) : ''}
${
  input.page.data.length > 0
    ? table(input)
    : meta.total > 0
      ? html`<p>This page is past the last one. <a href="${input.page.links.last}">Go to the last page</a>.</p>`
      : html`<p>No prospect matches your search. Try the start of a company, domain, name or email, or fewer filters.</p>`
}
${pagination(input)}`
}`,
  };
}
